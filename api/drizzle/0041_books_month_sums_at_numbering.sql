-- Hand-written: docs/books.md "Kept sums". The numbering trigger (migration 0030) adds a numbered entry's lines to
-- the month sums itself, in place of the statement trigger with transition tables on every update of
-- books_entries (migration 0035), which cost the payment path more (api/bench/runs/2026-11-28-journal-fold.md).
DROP TRIGGER books_month_sums_keep ON books_entries;
--> statement-breakpoint
DROP FUNCTION books_month_sums_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_numberings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- When its waiting must end: the payment's deadline (set by its first statement: its lock timeout from there,
  -- api/src/ledger/engine-queries.ts), else the lock timeout from now. 0 is no timeout.
  wait_until timestamptz := CASE WHEN current_setting('lock_timeout') NOT IN ('0', '0ms') THEN coalesce(
    nullif(current_setting('keuangan.wait_until', true), '')::timestamptz,
    clock_timestamp() + current_setting('lock_timeout')::interval) END;
  base integer;
  branch_code text;
  stem text;
  numbered integer;
BEGIN
  -- One wait, within the deadline. COMMIT runs without a statement deadline, and waiting for a row that others
  -- wait for too is two waits (its tuple lock behind them, then its holder), each allowed the whole lock timeout.
  -- So the commits of one counter first queue on a lock of the counter's key (one wait); the one holding it then
  -- waits alone for the row (held by a session outside this trigger: an admin's, a bench's stall). Each wait may
  -- take only what is left until the deadline.
  IF wait_until IS NOT NULL THEN
    PERFORM lock_timeout_until(wait_until);
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended(
    'document_sequences:' || NEW.branch_id || ':' || NEW.kind || ':' || NEW.period, 0));
  IF wait_until IS NOT NULL THEN
    PERFORM lock_timeout_until(wait_until);
  END IF;
  INSERT INTO document_sequences AS s (client_id, branch_id, kind, period, last_value)
  VALUES (NEW.client_id, NEW.branch_id, NEW.kind, NEW.period, cardinality(NEW.ids))
  ON CONFLICT (branch_id, kind, period) DO UPDATE SET last_value = s.last_value + cardinality(NEW.ids)
  RETURNING s.last_value - cardinality(NEW.ids) INTO base;
  SELECT b.code INTO branch_code FROM branches b WHERE b.id = NEW.branch_id AND b.client_id = NEW.client_id;
  IF branch_code IS NULL THEN
    RAISE EXCEPTION 'cannot number % in branch %: no such branch', NEW.kind, NEW.branch_id;
  END IF;
  -- KWT-BDG-2611-00042: prefix, branch code, YYMM, the sequence in at least 5 digits.
  stem := NEW.prefix || '-' || branch_code || '-' || substr(NEW.period, 3, 2) || substr(NEW.period, 6, 2) || '-';
  IF NEW.target = 'student_billing_payments' THEN
    UPDATE student_billing_payments p SET payment_number = stem || lpad((base + d.ord)::text, greatest(5, length((base + d.ord)::text)), '0')
    FROM unnest(NEW.ids) WITH ORDINALITY AS d(id, ord)
    WHERE p.id = d.id AND p.payment_number LIKE 'PENDING-%';
  ELSIF NEW.target = 'prospective_billing_payments' THEN
    UPDATE prospective_billing_payments p SET payment_number = stem || lpad((base + d.ord)::text, greatest(5, length((base + d.ord)::text)), '0')
    FROM unnest(NEW.ids) WITH ORDINALITY AS d(id, ord)
    WHERE p.id = d.id AND p.payment_number LIKE 'PENDING-%';
  ELSIF NEW.target = 'student_billings' THEN
    UPDATE student_billings b SET bill_number = stem || lpad((base + d.ord)::text, greatest(5, length((base + d.ord)::text)), '0')
    FROM unnest(NEW.ids) WITH ORDINALITY AS d(id, ord)
    WHERE b.id = d.id AND b.bill_number LIKE 'PENDING-%';
  ELSIF NEW.target = 'prospective_billings' THEN
    UPDATE prospective_billings b SET bill_number = stem || lpad((base + d.ord)::text, greatest(5, length((base + d.ord)::text)), '0')
    FROM unnest(NEW.ids) WITH ORDINALITY AS d(id, ord)
    WHERE b.id = d.id AND b.bill_number LIKE 'PENDING-%';
  ELSIF NEW.target = 'books_entries' THEN
    UPDATE books_entries e SET voucher_number = stem || lpad((base + d.ord)::text, greatest(5, length((base + d.ord)::text)), '0')
    FROM unnest(NEW.ids) WITH ORDINALITY AS d(id, ord)
    WHERE e.id = d.id AND e.voucher_number LIKE 'PENDING-%';
  ELSE
    RAISE EXCEPTION 'cannot number documents of table %', NEW.target;
  END IF;
  GET DIAGNOSTICS numbered = ROW_COUNT;
  IF numbered <> cardinality(NEW.ids) THEN
    RAISE EXCEPTION 'numbered % of % % in branch %', numbered, cardinality(NEW.ids), NEW.kind, NEW.branch_id;
  END IF;
  -- The kept month sums take exactly what is numbered here: the committed journal (docs/books.md#kept-sums).
  IF NEW.target = 'books_entries' THEN
    INSERT INTO books_month_sums AS s (client_id, branch_id, account_id, mm, debit, credit)
    SELECT l.client_id, l.branch_id, l.account_id, date_trunc('month', e.entry_date)::date, sum(l.debit), sum(l.credit)
    FROM unnest(NEW.ids) AS d(id)
    JOIN books_entries e ON e.id = d.id
    JOIN books_lines l ON l.entry_id = e.id
    GROUP BY 1, 2, 3, 4
    ORDER BY 2, 3, 4
    ON CONFLICT (branch_id, account_id, mm)
      DO UPDATE SET debit = s.debit + excluded.debit, credit = s.credit + excluded.credit;
  END IF;
  DELETE FROM document_numberings WHERE id = NEW.id;
  RETURN NULL;
END $$;
