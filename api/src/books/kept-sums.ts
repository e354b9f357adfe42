/**
 * Balances read from the journal's kept sums (docs/books.md "Kept sums"): whole months from `books_month_sums`, and
 * only the lines of the month a day falls in, so a report reads at most one month of lines per end of its period.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { BranchScope } from '../lib/scope';

/**
 * The branch's movements up to and including `day` (everything when absent), one row per kept month or line:
 * `account_id`, `debit`, `credit`. Group them by account for the balances; `accountId` narrows to one account.
 */
export function movementsUpTo(scope: BranchScope, day: SQL | undefined, accountId?: number): SQL {
  const ofAccount = (column: SQL) => (accountId === undefined ? sql`` : sql`and ${column} = ${accountId}`);
  const kept = sql`select s.account_id, s.debit, s.credit from books_month_sums s
    where s.client_id = ${scope.clientId} and s.branch_id = ${scope.branchId} ${ofAccount(sql`s.account_id`)}`;
  if (!day) return kept;
  return sql`${kept} and s.mm < date_trunc('month', ${day})::date
    union all
    select l.account_id, l.debit, l.credit from books_entries e join books_lines l on l.entry_id = e.id
    where e.client_id = ${scope.clientId} and e.branch_id = ${scope.branchId} ${ofAccount(sql`l.account_id`)}
      and e.entry_date >= date_trunc('month', ${day})::date and e.entry_date <= ${day}
      and e.voucher_number not like 'PENDING-%'`;
}
