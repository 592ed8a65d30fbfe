CREATE TABLE "staff_transfer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_transfer_row" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"district_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"from_school_id" uuid,
	"from_lgea_id" uuid,
	"to_school_id" uuid,
	"to_lgea_id" uuid,
	"ended_roles" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "staff_district_idx";--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "system_key" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "lgea_id" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_transfer" ADD CONSTRAINT "staff_transfer_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_transfer_row" ADD CONSTRAINT "staff_transfer_row_transfer_id_staff_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."staff_transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_transfer_row" ADD CONSTRAINT "staff_transfer_row_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_transfer_row" ADD CONSTRAINT "staff_transfer_row_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_transfer_row" ADD CONSTRAINT "staff_transfer_row_from_school_id_school_id_fk" FOREIGN KEY ("from_school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_transfer_row" ADD CONSTRAINT "staff_transfer_row_from_lgea_id_lgea_id_fk" FOREIGN KEY ("from_lgea_id") REFERENCES "public"."lgea"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_transfer_row" ADD CONSTRAINT "staff_transfer_row_to_school_id_school_id_fk" FOREIGN KEY ("to_school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_transfer_row" ADD CONSTRAINT "staff_transfer_row_to_lgea_id_lgea_id_fk" FOREIGN KEY ("to_lgea_id") REFERENCES "public"."lgea"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_transfer_district_idx" ON "staff_transfer" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_transfer_row_transfer_idx" ON "staff_transfer_row" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "staff_transfer_row_staff_idx" ON "staff_transfer_row" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_lgea_id_lgea_id_fk" FOREIGN KEY ("lgea_id") REFERENCES "public"."lgea"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "role_district_system_key_uq" ON "role" USING btree ("district_id","system_key");--> statement-breakpoint
CREATE INDEX "staff_district_sort_idx" ON "staff" USING btree ("district_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "staff_search_trgm_idx" ON "staff" USING gin (("first_name" || ' ' || "last_name" || E'\n' || coalesce("middle_name", '') || E'\n' || "email" || E'\n' || "phone_number" || E'\n' || coalesce("oracle_number", '') || E'\n' || coalesce("tescom_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "staff_school_idx" ON "staff" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "staff_lgea_idx" ON "staff" USING btree ("lgea_id");--> statement-breakpoint
-- Existing districts: their administrator role (named so by the seed) becomes the system role other features rely on.
UPDATE "role" SET "system_key" = 'district-admin' WHERE lower(btrim("name")) = 'district administrator';