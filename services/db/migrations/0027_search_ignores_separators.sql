-- Search ignores case, spaces, hyphens and apostrophes (services/db/search.ts): each search index is built
-- again on the folded text, the new one first and without blocking writes, then the old one dropped.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "school_search_key_trgm_idx" ON "school" USING gin ((translate(lower("name" || E'\n' || coalesce("description", '') || E'\n' || coalesce("address", '')), E' \t''-‘’', '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "staff_search_key_trgm_idx" ON "staff" USING gin ((translate(lower("first_name" || ' ' || "last_name" || E'\n' || coalesce("middle_name", '') || E'\n' || "email" || E'\n' || "phone_number" || E'\n' || coalesce("oracle_number", '') || E'\n' || coalesce("tescom_number", '')), E' \t''-‘’', '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "student_search_key_trgm_idx" ON "student" USING gin ((translate(lower("first_name" || ' ' || "last_name" || E'\n' || coalesce("middle_name", '') || E'\n' || "admission_number"), E' \t''-‘’', '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_entry_search_key_trgm_idx" ON "ledger_entry" USING gin ((translate(lower("reference" || E'\n' || "description"), E' \t''-‘’', '')) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "school_search_trgm_idx";
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "staff_search_trgm_idx";
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "student_search_trgm_idx";
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "ledger_entry_search_trgm_idx";
