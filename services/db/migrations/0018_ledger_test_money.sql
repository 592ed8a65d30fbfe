ALTER TABLE "ledger_entry" ADD COLUMN "test_money" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entry_test_money_idx" ON "ledger_entry" USING btree ("district_id") WHERE "ledger_entry"."test_money";--> statement-breakpoint
-- Fundings paid through the provider stand-in before this release were test money too, and so is every later entry of
-- their wallets (the stand-in keeps a row for each payment it took).
UPDATE "ledger_entry" AS "e" SET "test_money" = true
FROM (
  SELECT "district_id", min("seq") AS "first"
  FROM "ledger_entry"
  WHERE "action" = 'FUNDING' AND "reference" IN (SELECT "reference" FROM "stand_in_transaction")
  GROUP BY "district_id"
) AS "t"
WHERE "e"."district_id" = "t"."district_id" AND "e"."seq" >= "t"."first";
