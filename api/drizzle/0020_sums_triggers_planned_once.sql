-- Hand-written (drizzle-kit does not write triggers). The kept sums' trigger functions of 0018, the same sums, as
-- static statements: 0018 built each statement as text and ran it with EXECUTE, so PostgreSQL parsed and planned
-- it on every call (0.13-0.18 ms, three times per payment: api/bench/README.md "Load", run G). Static statements
-- are planned once per connection and kept. An update that changes none of the summed columns (a payment getting
-- its number, a bill's print count) now stops before its statement instead of summing rows that cancel out.
CREATE OR REPLACE FUNCTION student_billing_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: an IF's condition is one expression, prepared whole, and the other operations have no old rows.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_bills n JOIN old_bills o ON o.id = n.id
      WHERE (n.client_id, n.branch_id, n.department_id, n.year_of_study_id, n.yos_periode_id, n.level_id, n.class_id,
             n.mm, n.form_status, n.due_date, n.total_amount, n.total_discount, n.total_bail, n.total_payment,
             n.total_billing)
        IS DISTINCT FROM (o.client_id, o.branch_id, o.department_id, o.year_of_study_id, o.yos_periode_id, o.level_id,
             o.class_id, o.mm, o.form_status, o.due_date, o.total_amount, o.total_discount, o.total_bail, o.total_payment,
             o.total_billing)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO student_billing_sums AS s (client_id, branch_id, department_id, year_of_study_id, yos_periode_id,
      level_id, class_id, mm, form_status, due_date, bill_count, total_amount, total_discount, total_bail,
      total_payment, total_billing)
    SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm,
      form_status, due_date, count(*), sum(total_amount), sum(total_discount), sum(total_bail), sum(total_payment),
      sum(total_billing)
    FROM new_bills
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ORDER BY 2, 3, 4, 7, 8, 9, 10, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_sums_pk DO UPDATE SET
      bill_count = s.bill_count + excluded.bill_count,
      total_amount = s.total_amount + excluded.total_amount,
      total_discount = s.total_discount + excluded.total_discount,
      total_bail = s.total_bail + excluded.total_bail,
      total_payment = s.total_payment + excluded.total_payment,
      total_billing = s.total_billing + excluded.total_billing;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO student_billing_sums AS s (client_id, branch_id, department_id, year_of_study_id, yos_periode_id,
      level_id, class_id, mm, form_status, due_date, bill_count, total_amount, total_discount, total_bail,
      total_payment, total_billing)
    SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm,
      form_status, due_date, -count(*), -sum(total_amount), -sum(total_discount), -sum(total_bail),
      -sum(total_payment), -sum(total_billing)
    FROM old_bills
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ORDER BY 2, 3, 4, 7, 8, 9, 10, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_sums_pk DO UPDATE SET
      bill_count = s.bill_count + excluded.bill_count,
      total_amount = s.total_amount + excluded.total_amount,
      total_discount = s.total_discount + excluded.total_discount,
      total_bail = s.total_bail + excluded.total_bail,
      total_payment = s.total_payment + excluded.total_payment,
      total_billing = s.total_billing + excluded.total_billing;
  ELSE
    INSERT INTO student_billing_sums AS s (client_id, branch_id, department_id, year_of_study_id, yos_periode_id,
      level_id, class_id, mm, form_status, due_date, bill_count, total_amount, total_discount, total_bail,
      total_payment, total_billing)
    SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm,
      form_status, due_date, sum(k), sum(k * total_amount), sum(k * total_discount), sum(k * total_bail),
      sum(k * total_payment), sum(k * total_billing)
    FROM (
      SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm,
        form_status, due_date, 1 AS k, total_amount, total_discount, total_bail, total_payment, total_billing
      FROM new_bills
      UNION ALL
      SELECT client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm,
        form_status, due_date, -1, total_amount, total_discount, total_bail, total_payment, total_billing
      FROM old_bills
    ) d
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    HAVING sum(k) <> 0 OR sum(k * total_amount) <> 0 OR sum(k * total_discount) <> 0 OR sum(k * total_bail) <> 0
      OR sum(k * total_payment) <> 0 OR sum(k * total_billing) <> 0
    ORDER BY 2, 3, 4, 7, 8, 9, 10, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_sums_pk DO UPDATE SET
      bill_count = s.bill_count + excluded.bill_count,
      total_amount = s.total_amount + excluded.total_amount,
      total_discount = s.total_discount + excluded.total_discount,
      total_bail = s.total_bail + excluded.total_bail,
      total_payment = s.total_payment + excluded.total_payment,
      total_billing = s.total_billing + excluded.total_billing;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Standing payments only: a void (voided_at set) subtracts the payment, as if it were deleted. And numbered ones
-- only: a payment is inserted with a stand-in number and numbered by its transaction's last statement
-- (lib/numbering.ts `numberLast`), so it is added to its class's row there. That row, which every payment of the class
-- and day locks, is then locked from the last statement to commit, like the branch's counter, instead of from the
-- payment's insert. A stand-in number is never committed, so the sums are the same once the transaction ends.
CREATE OR REPLACE FUNCTION student_billing_payment_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: an IF's condition is one expression, prepared whole, and the other operations have no old rows.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_payments n JOIN old_payments o ON o.id = n.id
      WHERE (n.voided_at IS NULL, n.payment_number LIKE 'PENDING-%', n.client_id, n.branch_id, n.student_billing_id,
             n.payment_date, n.ptype, n.amount)
        IS DISTINCT FROM (o.voided_at IS NULL, o.payment_number LIKE 'PENDING-%', o.client_id, o.branch_id,
             o.student_billing_id, o.payment_date, o.ptype, o.amount)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO student_billing_payment_sums AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, payment_date, ptype, payment_count, amount)
    SELECT p.client_id, p.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id,
      p.payment_date, p.ptype, count(*), sum(p.amount)
    FROM new_payments p JOIN student_billings b ON b.id = p.student_billing_id
    WHERE p.voided_at IS NULL AND p.payment_number NOT LIKE 'PENDING-%'
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ORDER BY 2, 3, 4, 7, 8, 9, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_payment_sums_pk DO UPDATE SET
      payment_count = s.payment_count + excluded.payment_count,
      amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO student_billing_payment_sums AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, payment_date, ptype, payment_count, amount)
    SELECT p.client_id, p.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id,
      p.payment_date, p.ptype, -count(*), -sum(p.amount)
    FROM old_payments p JOIN student_billings b ON b.id = p.student_billing_id
    WHERE p.voided_at IS NULL AND p.payment_number NOT LIKE 'PENDING-%'
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ORDER BY 2, 3, 4, 7, 8, 9, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_payment_sums_pk DO UPDATE SET
      payment_count = s.payment_count + excluded.payment_count,
      amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO student_billing_payment_sums AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, payment_date, ptype, payment_count, amount)
    SELECT p.client_id, p.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id,
      p.payment_date, p.ptype, sum(p.k), sum(p.k * p.amount)
    FROM (
      SELECT client_id, branch_id, student_billing_id, payment_date, ptype, voided_at, payment_number, 1 AS k, amount
      FROM new_payments
      UNION ALL
      SELECT client_id, branch_id, student_billing_id, payment_date, ptype, voided_at, payment_number, -1, amount
      FROM old_payments
    ) p JOIN student_billings b ON b.id = p.student_billing_id
    WHERE p.voided_at IS NULL AND p.payment_number NOT LIKE 'PENDING-%'
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(p.k) <> 0 OR sum(p.k * p.amount) <> 0
    ORDER BY 2, 3, 4, 7, 8, 9, 5, 6, 1
    ON CONFLICT ON CONSTRAINT student_billing_payment_sums_pk DO UPDATE SET
      payment_count = s.payment_count + excluded.payment_count,
      amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO student_counts AS c (client_id, branch_id, study_status, student_count)
    SELECT client_id, branch_id, study_status, count(*) FROM new_students
    GROUP BY 1, 2, 3 ORDER BY 2, 3, 1
    ON CONFLICT ON CONSTRAINT student_counts_pk DO UPDATE SET student_count = c.student_count + excluded.student_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO student_counts AS c (client_id, branch_id, study_status, student_count)
    SELECT client_id, branch_id, study_status, -count(*) FROM old_students
    GROUP BY 1, 2, 3 ORDER BY 2, 3, 1
    ON CONFLICT ON CONSTRAINT student_counts_pk DO UPDATE SET student_count = c.student_count + excluded.student_count;
  ELSIF EXISTS (SELECT 1 FROM new_students n JOIN old_students o ON o.id = n.id WHERE (n.client_id, n.branch_id, n.study_status) IS DISTINCT FROM (o.client_id, o.branch_id, o.study_status)) THEN
    INSERT INTO student_counts AS c (client_id, branch_id, study_status, student_count)
    SELECT client_id, branch_id, study_status, sum(k) FROM (
      SELECT client_id, branch_id, study_status, 1 AS k FROM new_students
      UNION ALL SELECT client_id, branch_id, study_status, -1 FROM old_students
    ) d
    GROUP BY 1, 2, 3 HAVING sum(k) <> 0 ORDER BY 2, 3, 1
    ON CONFLICT ON CONSTRAINT student_counts_pk DO UPDATE SET student_count = c.student_count + excluded.student_count;
  END IF;
  RETURN NULL;
END;
$$;
