CREATE TABLE "enrolment_tally" (
	"district_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"class_id" uuid,
	"gender" text NOT NULL,
	"admitted_by" date NOT NULL,
	"pupils" integer NOT NULL,
	CONSTRAINT "enrolment_tally_key" UNIQUE NULLS NOT DISTINCT("district_id","school_id","class_id","gender","admitted_by")
);

--> statement-breakpoint
-- The last day of the session a pupil admitted on `admitted` belongs to: sessions run from 1 September to 31 August.
CREATE FUNCTION enrolment_session_end(admitted date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT make_date(extract(year FROM admitted)::int + CASE WHEN extract(month FROM admitted) >= 9 THEN 1 ELSE 0 END, 8, 31)
$$;
--> statement-breakpoint
-- Follows one statement's change to `student` in enrolment_tally: its Enrolled rows after (+1) and before (-1), netted
-- per count. The counts of a district are changed under its transaction-level advisory lock, so two transactions that
-- each write several statements (an upload's pages) wait for one another instead of locking counts in opposite orders.
CREATE FUNCTION enrolment_tally_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT district_id, school_id, class_id, gender, enrolment_session_end(date_of_admission) AS admitted_by, count(*) AS pupils
      FROM new_rows WHERE enrolment_status = 'Enrolled' GROUP BY 1, 2, 3, 4, 5) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT district_id, school_id, class_id, gender, enrolment_session_end(date_of_admission) AS admitted_by, -count(*) AS pupils
      FROM old_rows WHERE enrolment_status = 'Enrolled' GROUP BY 1, 2, 3, 4, 5) c;
  ELSE
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT district_id, school_id, class_id, gender, admitted_by, sum(delta) AS pupils FROM (
        SELECT district_id, school_id, class_id, gender, enrolment_session_end(date_of_admission) AS admitted_by, 1 AS delta
        FROM new_rows WHERE enrolment_status = 'Enrolled'
        UNION ALL
        SELECT district_id, school_id, class_id, gender, enrolment_session_end(date_of_admission), -1
        FROM old_rows WHERE enrolment_status = 'Enrolled') rows
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0) c;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('enrolment_tally:' || d)) FROM (
    SELECT DISTINCT c ->> 'district_id' AS d FROM jsonb_array_elements(changes) c ORDER BY 1) districts;
  INSERT INTO enrolment_tally AS t (district_id, school_id, class_id, gender, admitted_by, pupils)
    SELECT * FROM jsonb_to_recordset(changes) AS c(district_id uuid, school_id uuid, class_id uuid, gender text, admitted_by date, pupils integer)
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT enrolment_tally_key DO UPDATE SET pupils = t.pupils + excluded.pupils;
  DELETE FROM enrolment_tally
    WHERE pupils = 0 AND district_id IN (SELECT (c ->> 'district_id')::uuid FROM jsonb_array_elements(changes) c);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER enrolment_tally_after_insert AFTER INSERT ON student REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_tally_follow();
--> statement-breakpoint
CREATE TRIGGER enrolment_tally_after_update AFTER UPDATE ON student REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_tally_follow();
--> statement-breakpoint
CREATE TRIGGER enrolment_tally_after_delete AFTER DELETE ON student REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolment_tally_follow();
--> statement-breakpoint
-- A truncated register has no pupils to count.
CREATE FUNCTION enrolment_tally_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM enrolment_tally;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER enrolment_tally_after_truncate AFTER TRUNCATE ON student FOR EACH STATEMENT EXECUTE FUNCTION enrolment_tally_clear();
--> statement-breakpoint
-- The pupils already registered.
INSERT INTO enrolment_tally (district_id, school_id, class_id, gender, admitted_by, pupils)
  SELECT district_id, school_id, class_id, gender, enrolment_session_end(date_of_admission), count(*)
  FROM student WHERE enrolment_status = 'Enrolled' GROUP BY 1, 2, 3, 4, 5;
