/**
 * The tie-out of one branch (docs/books.md "Reports"): each receivable in the ledger against the unpaid bills billing
 * holds, bill by bill, and Titipan Siswa against the students' credit (Saldo Titipan).
 */
import type { BooksTieOut, BooksTieOutLine, BooksTieOutReceivable } from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { BranchScope } from '../lib/scope';
import { rowsOf } from './queries';

type Row = { bill_id: number | null; bill_number: string | null; ledger: string; billing: string };

/** Piutang Siswa (its role and every fee type's receivable) against the unpaid confirmed student bills. */
const studentRows = (db: Db, scope: BranchScope) =>
  rowsOf<Row>(
    db,
    sql`with receivable as (
        select id from books_accounts where client_id = ${scope.clientId} and (role = 'receivable_student'
          or id in (select receivable_account_id from books_mappings where client_id = ${scope.clientId})))
      , ledger as (
        select l.bill_id, sum(l.debit - l.credit) as amount from books_lines l
        where l.branch_id = ${scope.branchId} and l.account_id in (select id from receivable) group by l.bill_id)
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
const prospectRows = (db: Db, scope: BranchScope) =>
  rowsOf<Row>(
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

/** The totals of the rows and the bills that differ (a bill deleted since shows its number as '-'). */
function receivable(found: Row[]): BooksTieOutReceivable {
  let ledger = 0;
  let billing = 0;
  const lines: BooksTieOutLine[] = [];
  for (const row of found) {
    const l = Number(row.ledger);
    const b = Number(row.billing);
    ledger += l;
    billing += b;
    if (l !== b) {
      lines.push({
        bill_id: Number(row.bill_id ?? 0),
        bill_number: row.bill_number ?? '-',
        ledger: l,
        billing: b,
        difference: l - b,
      });
    }
  }
  lines.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference));
  return { ledger, billing, difference: ledger - billing, lines: lines.slice(0, 100) };
}

/** Titipan Siswa's balance (a credit) against the sum of the branch's credit movements. */
async function credit(db: Db, scope: BranchScope): Promise<BooksTieOut['credit']> {
  const [row] = await rowsOf<{ ledger: string; balance: string }>(
    db,
    sql`select
        (select coalesce(sum(l.credit - l.debit), 0) from books_lines l
          join books_accounts a on a.id = l.account_id and a.role = 'student_credit'
          where l.branch_id = ${scope.branchId})::text as ledger,
        (select coalesce(sum(amount), 0) from student_credit_movements
          where client_id = ${scope.clientId} and branch_id = ${scope.branchId})::text as balance`,
  );
  const ledger = Number(row?.ledger ?? 0);
  const balance = Number(row?.balance ?? 0);
  return { ledger, balance, difference: ledger - balance };
}

export async function tieOut(db: Db, scope: BranchScope): Promise<BooksTieOut> {
  const [students, prospects, credited] = await Promise.all([
    studentRows(db, scope),
    prospectRows(db, scope),
    credit(db, scope),
  ]);
  return { ...receivable(students), prospects: receivable(prospects), credit: credited };
}
