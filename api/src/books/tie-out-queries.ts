/** The statements behind the tie-out (tie-out.ts): the ledger's receivables and credit beside billing's. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { BranchScope } from '../lib/scope';
import { rowsOf } from './queries';

export type TieOutRow = {
  bill_id: number | null;
  bill_number: string | null;
  ledger: string;
  billing: string;
};

/**
 * Piutang Siswa against the unpaid confirmed student bills: every asset line naming a bill is a receivable line,
 * whichever account a fee type was mapped to when it was posted (docs/books.md "The accounts").
 */
export const studentTieOutRows = (db: Db, scope: BranchScope) =>
  rowsOf<TieOutRow>(
    db,
    sql`with ledger as (
        select l.bill_id, sum(l.debit - l.credit) as amount
        from books_lines l join books_accounts a on a.id = l.account_id and a.kind = 'asset'
        where l.branch_id = ${scope.branchId} and l.bill_id is not null group by l.bill_id)
      , billing as (
        select id as bill_id, total_billing as amount from student_billings
        where client_id = ${scope.clientId} and branch_id = ${scope.branchId} and form_status = 1
          and total_billing <> 0)
      select coalesce(l.bill_id, b.bill_id) as bill_id, s.bill_number, coalesce(l.amount, 0)::text as ledger,
        coalesce(b.amount, 0)::text as billing
      from ledger l full join billing b on b.bill_id = l.bill_id
      left join student_billings s on s.id = coalesce(l.bill_id, b.bill_id)`,
  );

/** Piutang Calon Siswa against the unpaid prospect bills (every prospect bill is owed from its making). */
export const prospectTieOutRows = (db: Db, scope: BranchScope) =>
  rowsOf<TieOutRow>(
    db,
    sql`with ledger as (
        select l.prospective_billing_id as bill_id, sum(l.debit - l.credit) as amount from books_lines l
        join books_accounts a on a.id = l.account_id and a.role = 'receivable_prospect'
        where l.branch_id = ${scope.branchId} group by 1)
      , billing as (
        select id as bill_id, total_billing as amount from prospective_billings
        where client_id = ${scope.clientId} and branch_id = ${scope.branchId} and total_billing <> 0)
      select coalesce(l.bill_id, b.bill_id) as bill_id, p.bill_number, coalesce(l.amount, 0)::text as ledger,
        coalesce(b.amount, 0)::text as billing
      from ledger l full join billing b on b.bill_id = l.bill_id
      left join prospective_billings p on p.id = coalesce(l.bill_id, b.bill_id)`,
  );

/** Titipan Siswa's balance in the ledger and the sum of the branch's credit movements, as text. */
export async function creditTieOutRow(db: Db, scope: BranchScope) {
  const [row] = await rowsOf<{ ledger: string; balance: string }>(
    db,
    sql`select
        (select coalesce(sum(l.credit - l.debit), 0) from books_lines l
          join books_accounts a on a.id = l.account_id and a.role = 'student_credit'
          where l.branch_id = ${scope.branchId})::text as ledger,
        (select coalesce(sum(amount), 0) from student_credit_movements
          where client_id = ${scope.clientId} and branch_id = ${scope.branchId})::text as balance`,
  );
  return row;
}
