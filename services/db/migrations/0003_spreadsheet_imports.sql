CREATE TABLE "import" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"filename" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_row" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"data" jsonb NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"valid" boolean NOT NULL,
	"dedupe_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "import" ADD CONSTRAINT "import_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row" ADD CONSTRAINT "import_row_import_id_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_district_idx" ON "import" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "import_row_import_idx" ON "import_row" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "import_row_key_idx" ON "import_row" USING btree ("import_id","dedupe_key");