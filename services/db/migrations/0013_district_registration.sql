CREATE TABLE "district_registration" (
	"district_id" uuid PRIMARY KEY NOT NULL,
	"registrant_staff_id" uuid NOT NULL,
	"status" text DEFAULT 'AwaitingReview' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "district_registration" ADD CONSTRAINT "district_registration_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;