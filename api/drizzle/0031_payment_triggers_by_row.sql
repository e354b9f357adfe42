-- Hand-written (drizzle-kit does not write triggers). The kept sums' UPDATE triggers (0018, 0020, 0022) and the
-- payments' INSERT trigger become row triggers with a WHEN condition (api/bench/README.md "Load", run I). A
-- statement trigger with transition tables made PostgreSQL copy every updated row into them and run its function
-- and a join on every payment, even where nothing summed changed (a payment's insert under a stand-in number, the
-- bill's students). A WHEN condition is checked without calling the function, and a payment's bill update is one
-- UPDATE of its class-month row by its key. Same sums (docs/data.md "Kept sums"). INSERT and DELETE of bills
-- (charging a class) keep their statement triggers: one statement for many rows.
DROP TRIGGER student_billing_sums_update ON student_billings;
--> statement-breakpoint
DROP TRIGGER student_billing_students_update ON student_billings;
--> statement-breakpoint
DROP TRIGGER student_billing_payment_sums_update ON student_billing_payments;
--> statement-breakpoint
DROP TRIGGER student_billing_payment_sums_insert ON student_billing_payments;
--> statement-breakpoint
-- Adds a bill (k = 1) or takes it away (k = -1) from its class-month row.
CREATE FUNCTION student_billing_sums_add(b student_billings, k integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_billing_sums AS s (client_id, branch_id, department_id, year_of_study_id, yos_periode_id,
    level_id, class_id, mm, form_status, due_date, bill_count, total_amount, total_discount, total_bail,
    total_payment, total_billing)
  VALUES (b.client_id, b.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id,
    b.mm, b.form_status, b.due_date, k, k * b.total_amount, k * b.total_discount, k * b.total_bail,
    k * b.total_payment, k * b.total_billing)
  ON CONFLICT ON CONSTRAINT student_billing_sums_pk DO UPDATE SET
    bill_count = s.bill_count + excluded.bill_count,
    total_amount = s.total_amount + excluded.total_amount,
    total_discount = s.total_discount + excluded.total_discount,
    total_bail = s.total_bail + excluded.total_bail,
    total_payment = s.total_payment + excluded.total_payment,
    total_billing = s.total_billing + excluded.total_billing;
END $$;
--> statement-breakpoint
CREATE FUNCTION student_billing_sums_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The same row (a payment, an item's price): the difference, added to the row by its key.
  IF (NEW.client_id, NEW.branch_id, NEW.department_id, NEW.year_of_study_id, NEW.yos_periode_id, NEW.level_id,
      NEW.class_id, NEW.mm, NEW.form_status, NEW.due_date)
     = (OLD.client_id, OLD.branch_id, OLD.department_id, OLD.year_of_study_id, OLD.yos_periode_id, OLD.level_id,
      OLD.class_id, OLD.mm, OLD.form_status, OLD.due_date) THEN
    UPDATE student_billing_sums SET
      total_amount = total_amount + (NEW.total_amount - OLD.total_amount),
      total_discount = total_discount + (NEW.total_discount - OLD.total_discount),
      total_bail = total_bail + (NEW.total_bail - OLD.total_bail),
      total_payment = total_payment + (NEW.total_payment - OLD.total_payment),
      total_billing = total_billing + (NEW.total_billing - OLD.total_billing)
    WHERE branch_id = NEW.branch_id AND department_id = NEW.department_id
      AND year_of_study_id = NEW.year_of_study_id AND class_id = NEW.class_id AND mm = NEW.mm
      AND form_status = NEW.form_status AND due_date = NEW.due_date AND yos_periode_id = NEW.yos_periode_id
      AND level_id = NEW.level_id AND client_id = NEW.client_id;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Moved to another row (confirmed, another due date): out of the old, into the new, in key order (as the
  -- statement triggers lock their rows), so two such updates cannot wait on each other's rows in a cycle.
  IF (OLD.branch_id, OLD.department_id, OLD.year_of_study_id, OLD.class_id, OLD.mm, OLD.form_status, OLD.due_date,
      OLD.yos_periode_id, OLD.level_id, OLD.client_id)
     <= (NEW.branch_id, NEW.department_id, NEW.year_of_study_id, NEW.class_id, NEW.mm, NEW.form_status,
      NEW.due_date, NEW.yos_periode_id, NEW.level_id, NEW.client_id) THEN
    PERFORM student_billing_sums_add(OLD, -1);
    PERFORM student_billing_sums_add(NEW, 1);
  ELSE
    PERFORM student_billing_sums_add(NEW, 1);
    PERFORM student_billing_sums_add(OLD, -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_billing_sums_update AFTER UPDATE ON student_billings FOR EACH ROW
  WHEN ((NEW.client_id, NEW.branch_id, NEW.department_id, NEW.year_of_study_id, NEW.yos_periode_id, NEW.level_id,
    NEW.class_id, NEW.mm, NEW.form_status, NEW.due_date, NEW.total_amount, NEW.total_discount, NEW.total_bail,
    NEW.total_payment, NEW.total_billing)
  IS DISTINCT FROM (OLD.client_id, OLD.branch_id, OLD.department_id, OLD.year_of_study_id, OLD.yos_periode_id,
    OLD.level_id, OLD.class_id, OLD.mm, OLD.form_status, OLD.due_date, OLD.total_amount, OLD.total_discount,
    OLD.total_bail, OLD.total_payment, OLD.total_billing))
  EXECUTE FUNCTION student_billing_sums_row();
--> statement-breakpoint
-- The confirmed bills per student and class (0022): out of the old key, into the new; a row brought to 0 goes.
CREATE FUNCTION student_billing_students_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_over integer;
BEGIN
  IF OLD.form_status = 1 THEN
    UPDATE student_billing_students SET bill_count = bill_count - 1
    WHERE branch_id = OLD.branch_id AND department_id = OLD.department_id
      AND year_of_study_id = OLD.year_of_study_id AND class_id = OLD.class_id AND student_id = OLD.student_id
      AND yos_periode_id = OLD.yos_periode_id AND level_id = OLD.level_id AND client_id = OLD.client_id
    RETURNING bill_count INTO left_over;
    IF left_over = 0 THEN
      DELETE FROM student_billing_students
      WHERE branch_id = OLD.branch_id AND department_id = OLD.department_id
        AND year_of_study_id = OLD.year_of_study_id AND class_id = OLD.class_id AND student_id = OLD.student_id
        AND yos_periode_id = OLD.yos_periode_id AND level_id = OLD.level_id AND client_id = OLD.client_id
        AND bill_count = 0;
    END IF;
  END IF;
  IF NEW.form_status = 1 THEN
    INSERT INTO student_billing_students AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, student_id, bill_count)
    VALUES (NEW.client_id, NEW.branch_id, NEW.department_id, NEW.year_of_study_id, NEW.yos_periode_id,
      NEW.level_id, NEW.class_id, NEW.student_id, 1)
    ON CONFLICT ON CONSTRAINT student_billing_students_pk DO UPDATE SET bill_count = s.bill_count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_billing_students_update AFTER UPDATE ON student_billings FOR EACH ROW
  WHEN ((NEW.form_status = 1 OR OLD.form_status = 1) AND (NEW.form_status, NEW.client_id, NEW.branch_id,
    NEW.department_id, NEW.year_of_study_id, NEW.yos_periode_id, NEW.level_id, NEW.class_id, NEW.student_id)
  IS DISTINCT FROM (OLD.form_status, OLD.client_id, OLD.branch_id, OLD.department_id, OLD.year_of_study_id,
    OLD.yos_periode_id, OLD.level_id, OLD.class_id, OLD.student_id))
  EXECUTE FUNCTION student_billing_students_row();
--> statement-breakpoint
-- A payment counts in its class-day row once it is standing and numbered (0020): the numbering at commit (0023)
-- adds it, a void takes it away. Its class is its bill's, read by the statement itself.
CREATE FUNCTION student_billing_payment_sums_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.voided_at IS NULL AND OLD.payment_number NOT LIKE 'PENDING-%' THEN
    INSERT INTO student_billing_payment_sums AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, payment_date, ptype, payment_count, amount)
    SELECT OLD.client_id, OLD.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id,
      b.class_id, OLD.payment_date, OLD.ptype, -1, -OLD.amount
    FROM student_billings b WHERE b.id = OLD.student_billing_id
    ON CONFLICT ON CONSTRAINT student_billing_payment_sums_pk DO UPDATE SET
      payment_count = s.payment_count + excluded.payment_count, amount = s.amount + excluded.amount;
  END IF;
  IF NEW.voided_at IS NULL AND NEW.payment_number NOT LIKE 'PENDING-%' THEN
    INSERT INTO student_billing_payment_sums AS s (client_id, branch_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, payment_date, ptype, payment_count, amount)
    SELECT NEW.client_id, NEW.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id,
      b.class_id, NEW.payment_date, NEW.ptype, 1, NEW.amount
    FROM student_billings b WHERE b.id = NEW.student_billing_id
    ON CONFLICT ON CONSTRAINT student_billing_payment_sums_pk DO UPDATE SET
      payment_count = s.payment_count + excluded.payment_count, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_billing_payment_sums_update AFTER UPDATE ON student_billing_payments FOR EACH ROW
  WHEN ((NEW.voided_at IS NULL, NEW.payment_number LIKE 'PENDING-%', NEW.client_id, NEW.branch_id,
    NEW.student_billing_id, NEW.payment_date, NEW.ptype, NEW.amount)
  IS DISTINCT FROM (OLD.voided_at IS NULL, OLD.payment_number LIKE 'PENDING-%', OLD.client_id, OLD.branch_id,
    OLD.student_billing_id, OLD.payment_date, OLD.ptype, OLD.amount))
  EXECUTE FUNCTION student_billing_payment_sums_row();
--> statement-breakpoint
-- The product inserts every payment under a stand-in number: this trigger then never runs (its number adds it).
CREATE TRIGGER student_billing_payment_sums_insert AFTER INSERT ON student_billing_payments FOR EACH ROW
  WHEN (NEW.voided_at IS NULL AND NEW.payment_number NOT LIKE 'PENDING-%')
  EXECUTE FUNCTION student_billing_payment_sums_row();
