/**
 * The month's balance as a treasurer reads it (docs/bank-reconciliation.md "Overview"): what each import read of the
 * balance at the start and end of every month it covers (its statements: balance-queries.ts).
 */
import type { Statement } from './parse';

export interface MonthBalance {
  mm: string;
  first_date: string;
  last_date: string;
  opening_balance: number | null;
  closing_balance: number | null;
}

/**
 * Each month of a statement, its lines taken in the file's order (oldest first, as banks export): the balance before
 * its first line and after its last one. The file's first month may take the Saldo Awal row.
 */
export function monthBalances(statement: Statement): MonthBalance[] {
  const months = new Map<string, MonthBalance>();
  for (const line of statement.lines) {
    const mm = line.line_date.slice(0, 7);
    const before = line.balance === null ? null : line.balance - line.credit + line.debit;
    const month = months.get(mm);
    if (!month) {
      const opening = months.size === 0 ? statement.opening_balance : before;
      months.set(mm, {
        mm,
        first_date: line.line_date,
        last_date: line.line_date,
        opening_balance: opening,
        closing_balance: line.balance,
      });
      continue;
    }
    if (line.line_date < month.first_date) month.first_date = line.line_date;
    if (line.line_date > month.last_date) month.last_date = line.line_date;
    if (line.balance !== null) month.closing_balance = line.balance;
  }
  return [...months.values()];
}
