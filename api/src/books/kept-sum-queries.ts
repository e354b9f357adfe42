/**
 * Balances read from the journal's kept sums (docs/books.md "Kept sums"): whole months from `books_month_sums`, and
 * only lines of the month a day falls in, so a report reads at most half a month of lines per end of its period.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { BranchScope } from '../lib/scope';

/**
 * The branch's movements up to and including `day` (everything when absent), one row per kept month or line:
 * `account_id`, `debit`, `credit`. Group them by account for the balances; `accountId` narrows to one account.
 * A day in the first half of its month adds that month's lines up to it to the months before; a later day takes
 * its whole month and subtracts the lines after it: either way at most half a month of lines is read.
 */
export function movementsUpTo(scope: BranchScope, day: SQL | undefined, accountId?: number): SQL {
  const ofAccount = (column: SQL) => (accountId === undefined ? sql`` : sql`and ${column} = ${accountId}`);
  const kept = sql`select s.account_id, s.debit, s.credit from books_month_sums s
    where s.client_id = ${scope.clientId} and s.branch_id = ${scope.branchId} ${ofAccount(sql`s.account_id`)}`;
  if (!day) return kept;
  const month = sql`date_trunc('month', ${day})::date`;
  const early = sql`extract(day from ${day}) <= 15`;
  const lines = (sign: SQL, range: SQL) => sql`select l.account_id, ${sign} * l.debit, ${sign} * l.credit
    from books_entries e join books_lines l on l.entry_id = e.id
    where e.client_id = ${scope.clientId} and e.branch_id = ${scope.branchId} ${ofAccount(sql`l.account_id`)}
      and ${range} and e.voucher_number not like 'PENDING-%'`;
  return sql`${kept} and (s.mm < ${month} or (s.mm = ${month} and not ${early}))
    union all
    ${lines(sql`1`, sql`${early} and e.entry_date >= ${month} and e.entry_date <= ${day}`)}
    union all
    ${lines(sql`-1`, sql`not ${early} and e.entry_date > ${day} and e.entry_date < (${month} + interval '1 month')::date`)}`;
}
