ALTER TABLE "import" ADD COLUMN "existing" text DEFAULT 'update' NOT NULL;--> statement-breakpoint
ALTER TABLE "import" ADD COLUMN "updated_count" integer;--> statement-breakpoint
ALTER TABLE "import_row" ADD COLUMN "match_id" uuid;--> statement-breakpoint
ALTER TABLE "import_row" ADD COLUMN "match_version" integer;--> statement-breakpoint
ALTER TABLE "import_row" ADD COLUMN "changes" jsonb;