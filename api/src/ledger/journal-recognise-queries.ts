/** The statements of recognising fees billed ahead (journal-recognise.ts, docs/books.md "Fees billed ahead"). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { executeShaped } from '../db/prepared';
import { todayOf } from './journal-post-queries';

export interface RecogniseOptions {
  /** Only these branches (a report reads one); every branch by default. */
  branchIds?: readonly number[];
  /** The instant whose day counts as today (now by default): tests move the clock without waiting. */
  at?: Date;
}

/** The confirmed bills whose month has started by today and whose Pendapatan Diterima di Muka is not moved yet. */
export async function dueBills(tx: Tx, { branchIds, at }: RecogniseOptions): Promise<number[]> {
  const branches = branchIds && sql`${sql.param(branchIds)}::integer[]`;
  // Each line's own branch first: the account's index (account, branch) then reads only the branch's lines.
  const inBranches = branches
    ? sql`l.branch_id = any(${branches}) and b.branch_id = any(${branches})`
    : sql`true`;
  const rows = await executeShaped<{ id: number }>(
    tx,
    sql`select b.id from books_lines l
      join books_accounts a on a.id = l.account_id and a.role = 'unearned'
      join student_billings b on b.id = l.bill_id
      join branches br on br.id = b.branch_id
      where ${inBranches} and b.form_status = 1 and (b.mm || '-01')::date <= ${todayOf(at)}
      group by b.id having sum(l.debit - l.credit) <> 0
      order by b.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Locks the bills `ids` in id order (a second run, or an unconfirmation, waits). */
export async function lockBillsById(tx: Tx, ids: readonly number[]): Promise<void> {
  await tx.execute(
    sql`select id from student_billings where id = any(${sql.param(ids)}::integer[]) order by id for update`,
  );
}
