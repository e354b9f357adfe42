/**
 * Recognition of fees billed ahead (docs/books.md "Fees billed ahead"): once a bill's month has started, what it
 * booked to Pendapatan Diterima di Muka moves to Pendapatan (and Potongan/Beasiswa), dated the 1st of the month.
 * The marker is the ledger itself: a bill is due while its lines on that account do not net to zero.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { executeShaped } from '../db/prepared';
import { type Poster, postBills, todayOf } from './journal-post';

export interface RecogniseOptions {
  /** Only these branches (a report reads one); every branch by default. */
  branchIds?: readonly number[];
  /** The instant whose day counts as today (now by default): tests move the clock without waiting. */
  at?: Date;
}

/** The confirmed bills whose month has started by today and whose Pendapatan Diterima di Muka is not moved yet. */
async function dueBills(tx: Tx, { branchIds, at }: RecogniseOptions): Promise<number[]> {
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

/**
 * Recognises every due bill in `tx`; answers how many entries it posted. Each bill's row is locked first (in id
 * order), so a second run, or an unconfirmation, waits and then finds nothing left to move: never posted twice.
 */
export async function recogniseAhead(tx: Tx, who: Poster, options: RecogniseOptions = {}): Promise<number> {
  const due = await dueBills(tx, options);
  if (due.length === 0) return 0;
  await tx.execute(
    sql`select id from student_billings where id = any(${sql.param(due)}::integer[]) order by id for update`,
  );
  return postBills(tx, who, due, 'recognise', options.at);
}

/** In its own transaction: the API's start and each books report before it reads (books/recognise-first.ts). */
export function recogniseDue(database: Database, options: RecogniseOptions = {}): Promise<number> {
  return database.transaction((tx) => recogniseAhead(tx, {}, options));
}
