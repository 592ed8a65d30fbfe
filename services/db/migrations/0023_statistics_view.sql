-- The new statistics.view operation (issue: statistics) for every existing district's administrator role, as new districts get it from provisionDistrict.
UPDATE "role" SET "operations" = array_append("operations", 'statistics.view')
WHERE "system_key" = 'district-admin' AND NOT ('statistics.view' = ANY("operations"));
