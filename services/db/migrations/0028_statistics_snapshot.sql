CREATE TABLE "statistics_snapshot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"academic_session" text NOT NULL,
	"place" text NOT NULL,
	"place_key" text NOT NULL,
	"lgea_id" uuid,
	"school_id" uuid,
	"name" text NOT NULL,
	"pupils_male" integer NOT NULL,
	"pupils_female" integer NOT NULL,
	"by_level" jsonb NOT NULL,
	"teaching_male" integer NOT NULL,
	"teaching_female" integer NOT NULL,
	"teaching_total" integer NOT NULL,
	"non_teaching_total" integer NOT NULL,
	"ratio_teachers" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_by" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistics_snapshot" ADD CONSTRAINT "statistics_snapshot_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_snapshot_place_idx" ON "statistics_snapshot" USING btree ("district_id","place_key","academic_session");--> statement-breakpoint
CREATE INDEX "statistics_snapshot_session_idx" ON "statistics_snapshot" USING btree ("district_id","academic_session");