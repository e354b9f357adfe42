CREATE TABLE "student_billing_sums" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"year_of_study_id" integer NOT NULL,
	"yos_periode_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"mm" char(7) NOT NULL,
	"form_status" smallint NOT NULL,
	"due_date" date NOT NULL,
	"bill_count" integer DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"total_discount" bigint DEFAULT 0 NOT NULL,
	"total_bail" bigint DEFAULT 0 NOT NULL,
	"total_payment" bigint DEFAULT 0 NOT NULL,
	"total_billing" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "student_billing_sums_pk" PRIMARY KEY("branch_id","department_id","year_of_study_id","class_id","mm","form_status","due_date","yos_periode_id","level_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "student_billing_payment_sums" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"year_of_study_id" integer NOT NULL,
	"yos_periode_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"payment_date" date NOT NULL,
	"ptype" smallint NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "student_billing_payment_sums_pk" PRIMARY KEY("branch_id","department_id","year_of_study_id","class_id","payment_date","ptype","yos_periode_id","level_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "student_counts" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"study_status" smallint NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_counts_pk" PRIMARY KEY("branch_id","study_status","client_id")
);
--> statement-breakpoint
CREATE INDEX "student_billing_sums_month_idx" ON "student_billing_sums" USING btree ("branch_id","mm");--> statement-breakpoint
CREATE INDEX "student_billing_payment_sums_date_idx" ON "student_billing_payment_sums" USING btree ("branch_id","payment_date");--> statement-breakpoint
CREATE INDEX "student_billings_class_students_idx" ON "student_billings" USING btree ("client_id","branch_id","department_id","year_of_study_id","class_id","student_id") WHERE "student_billings"."form_status" = 1;--> statement-breakpoint
-- Hand-written from here (drizzle-kit does not write triggers). The sums are kept by the database, in the
-- statement that changes a bill, a payment or a student, so no code path can forget them: each statement's rows (its
-- transition tables) are summed per key, the old ones subtracted and the new ones added, and only keys whose
-- figures changed are written, in key order (two transactions take the rows' locks in the same order).
-- The placement of a bill never changes once charged; a bill's payments take their placement from it.
CREATE FUNCTION student_billing_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT b.*, 1 AS n FROM new_bills b'
    WHEN 'DELETE' THEN 'SELECT b.*, -1 AS n FROM old_bills b'
    ELSE 'SELECT b.*, 1 AS n FROM new_bills b UNION ALL SELECT b.*, -1 AS n FROM old_bills b' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO student_billing_sums AS s (client_id, branch_id, department_id, year_of_study_id, yos_periode_id,
      level_id, class_id, mm, form_status, due_date, bill_count, total_amount, total_discount, total_bail,
      total_payment, total_billing)
    SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm,
      form_status, due_date, sum(n), sum(n * total_amount), sum(n * total_discount), sum(n * total_bail),
      sum(n * total_payment), sum(n * total_billing)
    FROM (%s) d
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    HAVING sum(n) <> 0 OR sum(n * total_amount) <> 0 OR sum(n * total_discount) <> 0 OR sum(n * total_bail) <> 0
      OR sum(n * total_payment) <> 0 OR sum(n * total_billing) <> 0
    ORDER BY 2, 3, 4, 7, 8, 9, 10, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_sums_pk DO UPDATE SET
      bill_count = s.bill_count + excluded.bill_count,
      total_amount = s.total_amount + excluded.total_amount,
      total_discount = s.total_discount + excluded.total_discount,
      total_bail = s.total_bail + excluded.total_bail,
      total_payment = s.total_payment + excluded.total_payment,
      total_billing = s.total_billing + excluded.total_billing$q$, source);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER student_billing_sums_insert AFTER INSERT ON student_billings
  REFERENCING NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_sums_apply();
--> statement-breakpoint
CREATE TRIGGER student_billing_sums_update AFTER UPDATE ON student_billings
  REFERENCING OLD TABLE AS old_bills NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_sums_apply();
--> statement-breakpoint
CREATE TRIGGER student_billing_sums_delete AFTER DELETE ON student_billings
  REFERENCING OLD TABLE AS old_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_sums_apply();
--> statement-breakpoint
-- Standing payments only: a void (voided_at set) subtracts the payment, as if it were deleted.
CREATE FUNCTION student_billing_payment_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT p.*, 1 AS n FROM new_payments p'
    WHEN 'DELETE' THEN 'SELECT p.*, -1 AS n FROM old_payments p'
    ELSE 'SELECT p.*, 1 AS n FROM new_payments p UNION ALL SELECT p.*, -1 AS n FROM old_payments p' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO student_billing_payment_sums AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, payment_date, ptype, payment_count, amount)
    SELECT p.client_id, p.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id,
      p.payment_date, p.ptype, sum(p.n), sum(p.n * p.amount)
    FROM (%s) p JOIN student_billings b ON b.id = p.student_billing_id
    WHERE p.voided_at IS NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(p.n) <> 0 OR sum(p.n * p.amount) <> 0
    ORDER BY 2, 3, 4, 7, 8, 9, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_payment_sums_pk DO UPDATE SET
      payment_count = s.payment_count + excluded.payment_count,
      amount = s.amount + excluded.amount$q$, source);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER student_billing_payment_sums_insert AFTER INSERT ON student_billing_payments
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION student_billing_payment_sums_apply();
--> statement-breakpoint
CREATE TRIGGER student_billing_payment_sums_update AFTER UPDATE ON student_billing_payments
  REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION student_billing_payment_sums_apply();
--> statement-breakpoint
CREATE TRIGGER student_billing_payment_sums_delete AFTER DELETE ON student_billing_payments
  REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION student_billing_payment_sums_apply();
--> statement-breakpoint
CREATE FUNCTION student_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT s.client_id, s.branch_id, s.study_status, 1 AS n FROM new_students s'
    WHEN 'DELETE' THEN 'SELECT s.client_id, s.branch_id, s.study_status, -1 AS n FROM old_students s'
    ELSE 'SELECT s.client_id, s.branch_id, s.study_status, 1 AS n FROM new_students s
          UNION ALL SELECT s.client_id, s.branch_id, s.study_status, -1 AS n FROM old_students s' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO student_counts AS c (client_id, branch_id, study_status, student_count)
    SELECT client_id, branch_id, study_status, sum(n) FROM (%s) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 2, 3, 1
    ON CONFLICT ON CONSTRAINT student_counts_pk DO UPDATE SET
      student_count = c.student_count + excluded.student_count$q$, source);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER student_counts_insert AFTER INSERT ON students
  REFERENCING NEW TABLE AS new_students FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER student_counts_update AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_students NEW TABLE AS new_students FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER student_counts_delete AFTER DELETE ON students
  REFERENCING OLD TABLE AS old_students FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
-- The sums of what is already there.
INSERT INTO student_billing_sums (client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id,
  class_id, mm, form_status, due_date, bill_count, total_amount, total_discount, total_bail, total_payment,
  total_billing)
SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm, form_status,
  due_date, count(*), sum(total_amount), sum(total_discount), sum(total_bail), sum(total_payment), sum(total_billing)
FROM student_billings GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
--> statement-breakpoint
INSERT INTO student_billing_payment_sums (client_id, branch_id, department_id, year_of_study_id, yos_periode_id,
  level_id, class_id, payment_date, ptype, payment_count, amount)
SELECT p.client_id, p.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id,
  p.payment_date, p.ptype, count(*), sum(p.amount)
FROM student_billing_payments p JOIN student_billings b ON b.id = p.student_billing_id
WHERE p.voided_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
--> statement-breakpoint
INSERT INTO student_counts (client_id, branch_id, study_status, student_count)
SELECT client_id, branch_id, study_status, count(*) FROM students GROUP BY 1, 2, 3;
