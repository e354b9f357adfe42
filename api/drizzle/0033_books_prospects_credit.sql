ALTER TABLE "books_lines" ADD COLUMN "prospective_billing_id" integer;--> statement-breakpoint
CREATE INDEX "books_lines_prospective_bill_idx" ON "books_lines" USING btree ("prospective_billing_id") WHERE "books_lines"."prospective_billing_id" is not null;--> statement-breakpoint
-- Hand-written from here: docs/books.md. Titipan Siswa, the liability of the students' credit (Saldo Titipan
-- movements), joins the default chart: new foundations get it from books_seed_chart, existing ones below.
CREATE OR REPLACE FUNCTION books_seed_chart(cid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO books_accounts (client_id, code, name, kind, role) VALUES
    (cid, '1-1100', 'Kas', 'asset', 'cash'),
    (cid, '1-1200', 'Bank', 'asset', 'bank'),
    (cid, '1-1300', 'Piutang Siswa', 'asset', 'receivable_student'),
    (cid, '1-1310', 'Piutang Calon Siswa', 'asset', 'receivable_prospect'),
    (cid, '2-1100', 'Pendapatan Diterima di Muka', 'liability', 'unearned'),
    (cid, '2-1200', 'Saldo Titipan', 'liability', 'deposit'),
    (cid, '2-1210', 'Titipan Siswa', 'liability', 'student_credit'),
    (cid, '4-1000', 'Pendapatan Biaya Pendidikan Lainnya', 'revenue', 'revenue'),
    (cid, '4-9100', 'Potongan Biaya Pendidikan', 'contra_revenue', 'contra_discount'),
    (cid, '4-9200', 'Beasiswa / Ditanggung', 'contra_revenue', 'contra_bail'),
    (cid, '6-1100', 'Beban Administrasi Bank', 'expense', 'bank_fee')
  ON CONFLICT DO NOTHING;
  -- Payment types: Cash to Kas, Pengurangan Hutang to Saldo Titipan, the others to Bank.
  INSERT INTO books_mappings (client_id, source, source_key, account_id)
  SELECT cid, 'payment_type', p.ptype, a.id FROM (VALUES (1, 'cash'), (2, 'bank'), (3, 'deposit'), (4, 'bank'),
    (5, 'bank'), (6, 'bank')) AS p(ptype, role)
  JOIN books_accounts a ON a.client_id = cid AND a.role = p.role
  UNION ALL
  SELECT cid, 'deduction', d.k, a.id FROM (VALUES (1, 'contra_discount'), (2, 'contra_bail')) AS d(k, role)
  JOIN books_accounts a ON a.client_id = cid AND a.role = d.role
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
SELECT books_seed_chart(id) FROM clients;
