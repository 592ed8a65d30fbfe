DROP INDEX "student_school_idx";--> statement-breakpoint
CREATE INDEX "student_school_idx" ON "student" USING btree ("school_id",lower("last_name"),lower("first_name"),"id");