DROP INDEX "audit_log_district_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "kind" text GENERATED ALWAYS AS (split_part(operation, '.', 1)) STORED;--> statement-breakpoint
CREATE INDEX "audit_log_district_at_idx" ON "audit_log" USING btree ("district_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("district_id","actor_staff_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("district_id","kind","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_operation_idx" ON "audit_log" USING btree ("district_id","operation","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("district_id","record_id","at","id");--> statement-breakpoint
-- The new audit.view operation (issue: the audit trail) for every existing district's administrator role, as new districts get it from provisionDistrict.
UPDATE "role" SET "operations" = array_append("operations", 'audit.view')
WHERE "system_key" = 'district-admin' AND NOT ('audit.view' = ANY("operations"));
