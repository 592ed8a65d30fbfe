-- Trigram matching for text search (ships with PostgreSQL and PGlite; trusted, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "school_district_idx";--> statement-breakpoint
CREATE INDEX "school_district_sort_idx" ON "school" USING btree ("district_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "school_search_trgm_idx" ON "school" USING gin (("name" || E'\n' || coalesce("description", '') || E'\n' || coalesce("address", '')) gin_trgm_ops);