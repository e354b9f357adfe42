/**
 * Overdue bills as SQL (docs/money.md "Due dates and arrears"; the same rule as the contract's `overdueDays`): a
 * confirmed bill still owing is late by the days from its due date to the branch's today; due today is not late.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { student_billings } from '../db/schema';

/** 'YYYY-MM-DD' of the branch's today, or a prepared statement's placeholder for it. */
type Today = string | Placeholder;

/** Confirmed and still owing: the only bills that can be late. */
export const owingBill = (): SQL =>
  sql`${student_billings.form_status} = 1 and ${student_billings.total_billing} > 0`;

/** Days the bill is late on `today` (0 when not late, paid or a draft), as a column. */
export function overdueDaysOf(today: Today): SQL<number> {
  const b = student_billings;
  return sql<number>`(case when ${owingBill()} and ${b.due_date} < ${today}::date
    then ${today}::date - ${b.due_date} else 0 end)`.mapWith(Number);
}

/** The bill is at least `days` (1 or more) late on `today`. */
export function overdueAtLeast(today: Today, days: number | Placeholder): SQL {
  return sql`(${owingBill()} and ${student_billings.due_date} <= ${today}::date - ${days}::int)`;
}
