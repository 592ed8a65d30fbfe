ALTER TABLE "stand_in_transaction" ADD COLUMN "fees" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stand_in_transaction" ADD COLUMN "fees_on_customer" boolean DEFAULT false NOT NULL;