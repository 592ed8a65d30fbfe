CREATE TABLE "class_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"district_id" uuid NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"position" integer NOT NULL,
	"standard" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district_configuration" (
	"district_id" uuid PRIMARY KEY NOT NULL,
	"academic_session" text NOT NULL,
	"terms" jsonb NOT NULL,
	"report_card_price" bigint NOT NULL,
	"admission_number_pattern" text NOT NULL,
	"low_balance_threshold" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_class" ALTER COLUMN "class_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lgea" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "lgea" ADD COLUMN "phone_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lgea" ADD COLUMN "emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lgea" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lgea" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "school_class" ADD COLUMN "class_type_id" uuid;--> statement-breakpoint
ALTER TABLE "school_class" ADD COLUMN "arm" text;--> statement-breakpoint
ALTER TABLE "school_class" ADD COLUMN "class_teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "school_class" ADD COLUMN "capacity" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_class" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_class" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "class_type" ADD CONSTRAINT "class_type_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_configuration" ADD CONSTRAINT "district_configuration_district_id_district_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."district"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_type_district_name_uq" ON "class_type" USING btree ("district_id",lower(btrim("name")));--> statement-breakpoint
ALTER TABLE "school_class" ADD CONSTRAINT "school_class_class_type_id_class_type_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_class" ADD CONSTRAINT "school_class_class_teacher_id_staff_id_fk" FOREIGN KEY ("class_teacher_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_class_id_school_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lgea_district_local_government_uq" ON "lgea" USING btree ("district_id","local_government");--> statement-breakpoint
CREATE INDEX "school_class_type_idx" ON "school_class" USING btree ("class_type_id");--> statement-breakpoint
CREATE INDEX "school_class_teacher_idx" ON "school_class" USING btree ("class_teacher_id");--> statement-breakpoint
CREATE INDEX "student_class_idx" ON "student" USING btree ("class_id");--> statement-breakpoint
-- The standard class types every district starts with (architecture 'Classes'), in order.
INSERT INTO "class_type" ("district_id", "name", "level", "position", "standard")
SELECT d."id", t."name", t."level", t."position", true
FROM "district" d
CROSS JOIN (VALUES
  ('Nursery 1', 'Pre-primary', 1), ('Nursery 2', 'Pre-primary', 2),
  ('Primary 1', 'Primary', 3), ('Primary 2', 'Primary', 4), ('Primary 3', 'Primary', 5),
  ('Primary 4', 'Primary', 6), ('Primary 5', 'Primary', 7), ('Primary 6', 'Primary', 8),
  ('JSS 1', 'Junior Secondary', 9), ('JSS 2', 'Junior Secondary', 10), ('JSS 3', 'Junior Secondary', 11),
  ('SSS 1', 'Senior Secondary', 12), ('SSS 2', 'Senior Secondary', 13), ('SSS 3', 'Senior Secondary', 14)
) AS t("name", "level", "position");--> statement-breakpoint
-- Existing classes keep their rows: a name that is a standard class type ("SS 1" is "SSS 1") takes that type;
-- any other name becomes a class type of the district's own.
UPDATE "school_class" c SET "class_type_id" = t."id"
FROM "class_type" t
WHERE t."district_id" = c."district_id"
  AND lower(t."name") = regexp_replace(regexp_replace(lower(btrim(c."name")), '\s+', ' ', 'g'), '^ss ', 'sss ');--> statement-breakpoint
-- Its level is the old type's when that names a level, else the level of the school's category.
INSERT INTO "class_type" ("district_id", "name", "level", "position")
SELECT u."district_id", u."name",
  CASE
    WHEN u."class_type" IN ('Pre-primary', 'Primary', 'Junior Secondary', 'Senior Secondary') THEN u."class_type"
    WHEN u."category" = 'Nursery' THEN 'Pre-primary'
    WHEN u."category" IN ('Junior Secondary', 'Senior Secondary') THEN u."category"
    WHEN u."category" = 'Technical College' THEN 'Senior Secondary'
    ELSE 'Primary'
  END,
  14 + row_number() OVER (PARTITION BY u."district_id" ORDER BY u."name")
FROM (
  SELECT DISTINCT ON (c."district_id", lower(btrim(c."name"))) c."district_id", btrim(c."name") AS "name", c."class_type", s."category"
  FROM "school_class" c JOIN "school" s ON s."id" = c."school_id" WHERE c."class_type_id" IS NULL
  ORDER BY c."district_id", lower(btrim(c."name"))
) u;--> statement-breakpoint
UPDATE "school_class" c SET "class_type_id" = t."id"
FROM "class_type" t
WHERE c."class_type_id" IS NULL AND t."district_id" = c."district_id" AND lower(t."name") = lower(btrim(c."name"));--> statement-breakpoint
-- Arms A, B, … in the order the classes were created, should two old classes of a school share a type.
UPDATE "school_class" c SET "arm" = n."arm", "name" = t."name" || n."arm"
FROM (
  SELECT "id", chr(64 + least(26, row_number() OVER (PARTITION BY "school_id", "class_type_id" ORDER BY "created_at", "id"))::int) AS "arm"
  FROM "school_class"
) n, "class_type" t
WHERE n."id" = c."id" AND t."id" = c."class_type_id";--> statement-breakpoint
-- The LGEA administrator's system role (architecture 'Staff'), in every district that lacks it.
INSERT INTO "role" ("district_id", "name", "description", "operations", "system_key")
SELECT d."id", 'LGEA Administrator', 'Runs an LGEA portal: its schools, their staff, pupils and classes.',
  ARRAY['district.view','school.view','school.create','school.update','school.upload','school.download','staff.view','student.view','student.create','student.update','student.upload','student.download','class.view','class.create','class.update','lgea.view','role.view','configuration.view']::text[],
  'lgea-admin'
FROM "district" d
WHERE NOT EXISTS (SELECT 1 FROM "role" r WHERE r."district_id" = d."id" AND r."system_key" = 'lgea-admin')
  AND NOT EXISTS (SELECT 1 FROM "role" r WHERE r."district_id" = d."id" AND lower(btrim(r."name")) = 'lgea administrator');--> statement-breakpoint
UPDATE "role" SET "system_key" = 'lgea-admin'
WHERE "system_key" IS NULL AND lower(btrim("name")) = 'lgea administrator'
  AND NOT EXISTS (SELECT 1 FROM "role" r2 WHERE r2."district_id" = "role"."district_id" AND r2."system_key" = 'lgea-admin');--> statement-breakpoint
-- Every district's configuration, with the defaults of lib/contract/configuration-values.ts for the current session.
INSERT INTO "district_configuration" ("district_id", "academic_session", "terms", "report_card_price", "admission_number_pattern", "low_balance_threshold")
SELECT d."id", s.y || '/' || (s.y + 1),
  jsonb_build_array(
    jsonb_build_object('name', 'First Term', 'startDate', s.y || '-09-14', 'endDate', s.y || '-12-18'),
    jsonb_build_object('name', 'Second Term', 'startDate', (s.y + 1) || '-01-11', 'endDate', (s.y + 1) || '-04-09'),
    jsonb_build_object('name', 'Third Term', 'startDate', (s.y + 1) || '-04-26', 'endDate', (s.y + 1) || '-07-23')
  ),
  50000, 'ADM/{YYYY}/{SEQ:5}', 500000
FROM "district" d
CROSS JOIN (SELECT (extract(year FROM now())::int - CASE WHEN extract(month FROM now()) >= 9 THEN 0 ELSE 1 END) AS y) s
ON CONFLICT ("district_id") DO NOTHING;
