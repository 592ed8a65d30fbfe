CREATE TABLE "admission_sequence" (
	"district_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "admission_sequence_district_id_year_pk" PRIMARY KEY("district_id","year")
);
--> statement-breakpoint
CREATE TABLE "student_move" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_by" uuid,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_move_row" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"move_id" uuid NOT NULL,
	"district_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"from_school_id" uuid NOT NULL,
	"from_class_id" uuid,
	"to_school_id" uuid NOT NULL,
	"to_class_id" uuid,
	"version_after" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "date_of_admission" date;--> statement-breakpoint
-- Pupils admitted before the register knew the date: the day their record was made.
UPDATE "student" SET "date_of_admission" = ("created_at" AT TIME ZONE 'Africa/Lagos')::date;--> statement-breakpoint
ALTER TABLE "student" ALTER COLUMN "date_of_admission" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "guardian_relationship" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "guardian_phone_code" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "guardian_phone" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "guardian_email" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "special_needs" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "enrolment_status" text DEFAULT 'Enrolled' NOT NULL;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_sequence" ADD CONSTRAINT "admission_sequence_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move" ADD CONSTRAINT "student_move_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move_row" ADD CONSTRAINT "student_move_row_move_id_student_move_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."student_move"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move_row" ADD CONSTRAINT "student_move_row_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move_row" ADD CONSTRAINT "student_move_row_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move_row" ADD CONSTRAINT "student_move_row_from_school_id_school_id_fk" FOREIGN KEY ("from_school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move_row" ADD CONSTRAINT "student_move_row_from_class_id_school_class_id_fk" FOREIGN KEY ("from_class_id") REFERENCES "public"."school_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move_row" ADD CONSTRAINT "student_move_row_to_school_id_school_id_fk" FOREIGN KEY ("to_school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_move_row" ADD CONSTRAINT "student_move_row_to_class_id_school_class_id_fk" FOREIGN KEY ("to_class_id") REFERENCES "public"."school_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_move_district_idx" ON "student_move" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "student_move_row_move_idx" ON "student_move_row" USING btree ("move_id");--> statement-breakpoint
CREATE INDEX "student_move_row_student_idx" ON "student_move_row" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_photo_id_stored_image_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."stored_image"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_district_sort_idx" ON "student" USING btree ("district_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "student_search_trgm_idx" ON "student" USING gin (("first_name" || ' ' || "last_name" || E'\n' || coalesce("middle_name", '') || E'\n' || "admission_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_admission_date_idx" ON "student" USING btree ("district_id","date_of_admission");--> statement-breakpoint
-- Pupils' records from before: every old pupil is Enrolled and has no special educational needs recorded.
UPDATE "student" SET "special_needs" = 'None' WHERE "special_needs" IS NULL;