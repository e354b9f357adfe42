/** The statements of opening the books (journal-open.ts, docs/books.md "Opening"). */
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { postCredit } from './journal-credit-queries';
import { postBills, postPayments, postVoids } from './journal-post-queries';
import { postProspectBills, postProspectPayments } from './journal-prospects-queries';
import { recogniseAhead } from './journal-recognise';

/**
 * Books everything written without the books, of every branch or of `branchIds`: the confirmed student bills and
 * the prospect bills on their dates, every payment on its date, each void on its day, then the Saldo Titipan
 * movements; last, the fees billed ahead whose month has started are recognised. Posting is idempotent, so running
 * it twice books nothing new.
 */
export async function openBooks(tx: Tx, branchIds?: readonly number[]): Promise<void> {
  const inBranches = branchIds ? sql`branch_id = any(${sql.param(branchIds)}::integer[])` : sql`true`;
  const ids = async (table: string, also: SQL = sql`true`) =>
    (
      (await tx.execute(
        sql`select id from ${sql.identifier(table)} where ${inBranches} and ${also} order by id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
  const voided = sql`voided_at is not null`;
  // Only bills never booked: one booked since is already right, and its date would now misplace a bill ahead.
  const unbooked = sql`form_status = 1 and not exists (select from books_entries e
    where e.source_kind = 'student_bill' and e.source_id = student_billings.id)`;
  await postBills(tx, {}, await ids('student_billings', unbooked), 'bill');
  await postPayments(tx, {}, await ids('student_billing_payments'));
  await postVoids(tx, {}, await ids('student_billing_payments', voided));
  await postProspectBills(tx, {}, await ids('prospective_billings'), 'bill');
  await postProspectPayments(tx, {}, await ids('prospective_billing_payments'));
  await postVoids(tx, {}, await ids('prospective_billing_payments', voided), 'prospect');
  await postCredit(tx, {}, await ids('student_credit_movements'));
  await recogniseAhead(tx, {}, branchIds ? { branchIds } : {});
}

/**
 * The branches with money (a bill, a prospect bill or a credit movement) but no journal entry and no closed month:
 * those whose history was written before the books. A branch is opened once: afterwards it has entries.
 */
export async function unbookedBranches(tx: Tx | Database['db']): Promise<number[]> {
  const found = (await tx.execute(sql`select b.id from branches b
    where not exists (select from books_entries e where e.branch_id = b.id)
      and not exists (select from books_period_closings c where c.branch_id = b.id)
      and (exists (select from student_billings x where x.branch_id = b.id and x.form_status = 1)
        or exists (select from prospective_billings x where x.branch_id = b.id)
        or exists (select from student_credit_movements x where x.branch_id = b.id))
    order by b.id`)) as unknown as { rows: { id: number }[] };
  return found.rows.map((r) => Number(r.id));
}

/** Servers starting together take turns per branch (journal-open.ts `openUnbookedBranches`). */
export async function lockBranchOpening(tx: Tx, branchId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('books_open'), ${branchId}::integer)`);
}

/** No statement limit for the rest of the transaction (the opening's long statements). */
export async function liftStatementTimeout(tx: Tx): Promise<void> {
  await tx.execute(sql`set local statement_timeout = 0`);
}
