CREATE TABLE "books_month_sums" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"mm" date NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "books_month_sums_branch_id_account_id_mm_pk" PRIMARY KEY("branch_id","account_id","mm")
);
--> statement-breakpoint
-- Hand-written from here: docs/books.md "Kept sums". Each entry's lines are added to its branch, account and month
-- when its voucher is numbered at commit (its stand-in replaced, once: migration 0030), so the sums hold exactly
-- the committed journal, and commits of one branch and month already take turns there (the voucher's counter).
CREATE FUNCTION books_month_sums_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO books_month_sums AS s (client_id, branch_id, account_id, mm, debit, credit)
  SELECT l.client_id, l.branch_id, l.account_id, date_trunc('month', n.entry_date)::date, sum(l.debit), sum(l.credit)
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id AND o.voucher_number LIKE 'PENDING-%'
  JOIN books_lines l ON l.entry_id = n.id
  GROUP BY 1, 2, 3, 4
  ORDER BY 2, 3, 4
  ON CONFLICT (branch_id, account_id, mm)
    DO UPDATE SET debit = s.debit + excluded.debit, credit = s.credit + excluded.credit;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_month_sums_keep AFTER UPDATE ON books_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION books_month_sums_keep();
--> statement-breakpoint
-- The journal written before: every numbered entry.
INSERT INTO books_month_sums (client_id, branch_id, account_id, mm, debit, credit)
SELECT l.client_id, l.branch_id, l.account_id, date_trunc('month', e.entry_date)::date, sum(l.debit), sum(l.credit)
FROM books_lines l JOIN books_entries e ON e.id = l.entry_id
WHERE e.voucher_number NOT LIKE 'PENDING-%'
GROUP BY 1, 2, 3, 4;
