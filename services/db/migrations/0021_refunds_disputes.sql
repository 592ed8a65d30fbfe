ALTER TABLE "ledger_entry" DROP CONSTRAINT "ledger_entry_balance_not_negative";--> statement-breakpoint
ALTER TABLE "wallet" DROP CONSTRAINT "wallet_balance_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD COLUMN "funding_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_event" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "webhook_event" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_funding_id_ledger_entry_id_fk" FOREIGN KEY ("funding_id") REFERENCES "public"."ledger_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entry_funding_idx" ON "ledger_entry" USING btree ("funding_id") WHERE "ledger_entry"."funding_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_balance_not_negative" CHECK ("ledger_entry"."balance_after" >= 0 or "ledger_entry"."direction" = 'credit' or "ledger_entry"."action" in ('REFUND', 'CHARGEBACK'));