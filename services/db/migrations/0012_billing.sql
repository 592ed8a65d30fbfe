CREATE TABLE "api_client" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entry_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"district_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"action" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"school_id" uuid,
	"academic_session" text,
	"term" text,
	"pupils" integer,
	"reverses_id" uuid,
	"reason" text,
	"idempotency_key" text,
	"actor_staff_id" uuid,
	"api_client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_amount_positive" CHECK ("ledger_entry"."amount" > 0),
	CONSTRAINT "ledger_entry_balance_not_negative" CHECK ("ledger_entry"."balance_after" >= 0),
	CONSTRAINT "ledger_entry_direction" CHECK ("ledger_entry"."direction" in ('credit', 'debit'))
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"reference" text PRIMARY KEY NOT NULL,
	"district_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_url" text,
	"provider_status" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_amount_positive" CHECK ("payment"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "report_card_charge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"academic_session" text NOT NULL,
	"term" text NOT NULL,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stand_in_secret" (
	"id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stand_in_transaction" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"email" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet" (
	"district_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_balance_not_negative" CHECK ("wallet"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_client" ADD CONSTRAINT "api_client_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_reverses_id_ledger_entry_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_charge" ADD CONSTRAINT "report_card_charge_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_charge" ADD CONSTRAINT "report_card_charge_entry_id_ledger_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_charge" ADD CONSTRAINT "report_card_charge_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_charge" ADD CONSTRAINT "report_card_charge_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet" ADD CONSTRAINT "wallet_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_client_key_hash_idx" ON "api_client" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_client_district_idx" ON "api_client" USING btree ("district_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_reference_idx" ON "ledger_entry" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_reverses_idx" ON "ledger_entry" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_idempotency_idx" ON "ledger_entry" USING btree ("district_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entry_district_seq_idx" ON "ledger_entry" USING btree ("district_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entry_district_time_idx" ON "ledger_entry" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entry_school_time_idx" ON "ledger_entry" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entry_search_trgm_idx" ON "ledger_entry" USING gin (("reference" || E'\n' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_district_idx" ON "payment" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_card_charge_once_idx" ON "report_card_charge" USING btree ("student_id","academic_session","term") WHERE "report_card_charge"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "report_card_charge_entry_idx" ON "report_card_charge" USING btree ("entry_id");--> statement-breakpoint
-- Every district has its wallet from the start (provisionDistrict creates it for new ones).
INSERT INTO "wallet" ("district_id") SELECT "id" FROM "district" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The district administrator's system role holds every operation: it gains the new one.
UPDATE "role" SET "operations" = array_append("operations", 'wallet.charge')
WHERE "system_key" = 'district-admin' AND NOT ('wallet.charge' = ANY("operations"));
