CREATE TABLE "stored_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"content_type" text DEFAULT 'image/jpeg' NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "district" ADD COLUMN "logo_id" uuid;--> statement-breakpoint
ALTER TABLE "district" ADD COLUMN "image_one_id" uuid;--> statement-breakpoint
ALTER TABLE "district" ADD COLUMN "image_two_id" uuid;--> statement-breakpoint
ALTER TABLE "district" ADD COLUMN "image_three_id" uuid;--> statement-breakpoint
ALTER TABLE "district" ADD COLUMN "image_four_id" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "profile_picture_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_image" ADD CONSTRAINT "stored_image_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_image_district_idx" ON "stored_image" USING btree ("district_id");