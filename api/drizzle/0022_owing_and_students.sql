CREATE TABLE "student_billing_students" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"year_of_study_id" integer NOT NULL,
	"yos_periode_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"bill_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_billing_students_pk" PRIMARY KEY("branch_id","department_id","year_of_study_id","class_id","student_id","yos_periode_id","level_id","client_id")
);
--> statement-breakpoint
CREATE INDEX "student_billings_owing_idx" ON "student_billings" USING btree ("client_id","branch_id","department_id","year_of_study_id","class_id","student_id","due_date","mm","total_billing","yos_periode_id","level_id") WHERE "student_billings"."form_status" = 1 and "student_billings"."total_billing" > 0;--> statement-breakpoint
-- Hand-written from here (drizzle-kit does not write triggers). Like the sums of 0018, the students' rows are
-- kept by the database in the statement that changes bills: its confirmed bills (transition tables) counted per
-- key, the old ones subtracted and the new ones added, only keys whose count changed written, in key order (two
-- transactions lock the rows in the same order). A row whose count falls to 0 is deleted in the same trigger, so
-- the table holds only students with confirmed bills and the report reads its primary key alone (index-only).
-- Static statements, one per operation: planned once per session, not on every call as EXECUTE's are.
-- A payment updates its bill but not its confirmation or placement: no key changes, nothing is written.
CREATE FUNCTION student_billing_students_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied integer := 0;
BEGIN
  -- An update that moves no bill in or out of a key (a payment's totals: most updates of bills) stops here, before
  -- any statement; a payment's runs after its branch's number counter is taken (0020), so it is kept short.
  -- Nested: an IF's condition is one expression, prepared whole, and the other operations have no old rows.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_bills n JOIN old_bills o ON o.id = n.id
      WHERE (n.form_status, n.client_id, n.branch_id, n.department_id, n.year_of_study_id, n.yos_periode_id,
             n.level_id, n.class_id, n.student_id)
        IS DISTINCT FROM (o.form_status, o.client_id, o.branch_id, o.department_id, o.year_of_study_id,
             o.yos_periode_id, o.level_id, o.class_id, o.student_id)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO student_billing_students AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, student_id, bill_count)
    SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id,
      student_id, count(*)
    FROM new_bills WHERE form_status = 1
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 2, 3, 4, 7, 8, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_students_pk DO UPDATE SET bill_count = s.bill_count + excluded.bill_count;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changed AS (
      INSERT INTO student_billing_students AS s (client_id, branch_id, department_id, year_of_study_id,
        yos_periode_id, level_id, class_id, student_id, bill_count)
      SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id,
        student_id, -count(*)
      FROM old_bills WHERE form_status = 1
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ORDER BY 2, 3, 4, 7, 8, 5, 6, 1
      ON CONFLICT ON CONSTRAINT student_billing_students_pk DO UPDATE SET bill_count = s.bill_count + excluded.bill_count
      RETURNING s.bill_count
    ) SELECT count(*) INTO emptied FROM changed WHERE bill_count = 0;
  ELSE
    WITH changed AS (
      INSERT INTO student_billing_students AS s (client_id, branch_id, department_id, year_of_study_id,
        yos_periode_id, level_id, class_id, student_id, bill_count)
      SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id,
        student_id, sum(n)
      FROM (
        SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id,
          student_id, 1 AS n
        FROM new_bills WHERE form_status = 1
        UNION ALL
        SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id,
          student_id, -1 AS n
        FROM old_bills WHERE form_status = 1
      ) d
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      HAVING sum(n) <> 0
      ORDER BY 2, 3, 4, 7, 8, 5, 6, 1
      ON CONFLICT ON CONSTRAINT student_billing_students_pk DO UPDATE SET bill_count = s.bill_count + excluded.bill_count
      RETURNING s.bill_count
    ) SELECT count(*) INTO emptied FROM changed WHERE bill_count = 0;
  END IF;
  -- Rows this statement brought to 0 (still locked by it): the students without confirmed bills there.
  IF emptied > 0 THEN
    DELETE FROM student_billing_students s USING old_bills b
    WHERE b.form_status = 1 AND s.bill_count = 0 AND s.branch_id = b.branch_id
      AND s.department_id = b.department_id AND s.year_of_study_id = b.year_of_study_id AND s.class_id = b.class_id
      AND s.student_id = b.student_id AND s.yos_periode_id = b.yos_periode_id AND s.level_id = b.level_id
      AND s.client_id = b.client_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER student_billing_students_insert AFTER INSERT ON student_billings
  REFERENCING NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_students_apply();
--> statement-breakpoint
CREATE TRIGGER student_billing_students_update AFTER UPDATE ON student_billings
  REFERENCING OLD TABLE AS old_bills NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_students_apply();
--> statement-breakpoint
CREATE TRIGGER student_billing_students_delete AFTER DELETE ON student_billings
  REFERENCING OLD TABLE AS old_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_students_apply();
--> statement-breakpoint
-- The rows of what is already there.
INSERT INTO student_billing_students (client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id,
  class_id, student_id, bill_count)
SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, student_id, count(*)
FROM student_billings WHERE form_status = 1 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
