ALTER TABLE "reset_code" ADD COLUMN "purpose" text DEFAULT 'password-reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "reset_code" ADD COLUMN "new_email" text;