ALTER TABLE "district_registration" ADD COLUMN "phone_code" text;--> statement-breakpoint
ALTER TABLE "district_registration" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "district_registration" ADD COLUMN "oracle_number" text;--> statement-breakpoint
ALTER TABLE "district_registration" ADD COLUMN "tescom_number" text;