/**
 * The reports' definitions (api/ROUTES.md "Reports"), as SQL fragments and small pure functions: which bills
 * count, which payments count, and how old an unpaid month is.
 */
import { and, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { student_billing_payments, student_billings } from '../db/schema';
import { type BranchScope, classMonthConditions, inBranch } from '../lib/scope';
import { addMonths, monthOf, monthRange } from '../lib/time';

/** The filter of Laporan Billing Siswa, as validated. */
export interface StudentReportFilter {
  department_id: number;
  year_of_study_id: number;
  yos_periode_id?: number | undefined;
  level_id?: number | undefined;
  class_id?: number | undefined;
  mm_from?: string | undefined;
  mm_to?: string | undefined;
}

/**
 * The bills a report counts: confirmed bills (a draft is not owed yet) of the branch and the filter's
 * class-month placement. `withMonths`: also the month range on the bill's month.
 */
export function reportBillsWhere(scope: BranchScope, f: StudentReportFilter, withMonths = true): SQL {
  return inBranch(
    scope,
    student_billings,
    eq(student_billings.form_status, 1),
    ...classMonthConditions(student_billings, f),
    withMonths && f.mm_from ? gte(student_billings.mm, f.mm_from) : undefined,
    withMonths && f.mm_to ? lte(student_billings.mm, f.mm_to) : undefined,
  );
}

/**
 * The payments a report counts: standing (never voided) payments of the filter's bills (placement only), dated
 * within the month range (first day of `mm_from` to last day of `mm_to`).
 */
export function reportPaymentsWhere(scope: BranchScope, f: StudentReportFilter): SQL {
  return and(
    reportBillsWhere(scope, f, false),
    eq(student_billing_payments.branch_id, scope.branchId),
    isNull(student_billing_payments.voided_at),
    f.mm_from ? gte(student_billing_payments.payment_date, monthRange(f.mm_from).first) : undefined,
    f.mm_to ? lte(student_billing_payments.payment_date, monthRange(f.mm_to).last) : undefined,
  ) as SQL;
}

/**
 * The months of the aging, from today in the branch's time zone: a bill of month M is current during M, one month
 * overdue during M+1, two during M+2, three or more from M+3 on; a later month is not due yet.
 */
export function agingMonths(today: string) {
  const current = monthOf(today);
  return {
    current,
    month_1: addMonths(current, -1),
    month_2: addMonths(current, -2),
    month_3_plus: addMonths(current, -3),
  };
}

/** How many months a bill of month `mm` is overdue on `today` (negative: not due yet). */
export function monthsOverdue(mm: string, today: string): number {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return index(monthOf(today)) - index(mm);
}

const owedWhen = (condition: SQL) =>
  sql<number>`coalesce(sum(${student_billings.total_billing}) filter (where ${condition}), 0)`.mapWith(
    Number,
  );

/** The aging columns as aggregates over student_billings (what is still owed, by the bill's month). */
export function agingColumns(today: string) {
  const m = agingMonths(today);
  const mm = student_billings.mm;
  return {
    current: owedWhen(sql`${mm} = ${m.current}`),
    month_1: owedWhen(sql`${mm} = ${m.month_1}`),
    month_2: owedWhen(sql`${mm} = ${m.month_2}`),
    month_3_plus: owedWhen(sql`${mm} <= ${m.month_3_plus}`),
    arrears: owedWhen(sql`${mm} <= ${m.current}`),
    not_due: owedWhen(sql`${mm} > ${m.current}`),
  };
}

/** Billed (net of discount and bail), paid, and the collection rate in % with one decimal (null: nothing billed). */
export function rateColumns(billed: SQL, paid: SQL) {
  return {
    billed: sql<number>`coalesce(sum(${billed}), 0)`.mapWith(Number),
    paid: sql<number>`coalesce(sum(${paid}), 0)`.mapWith(Number),
    rate_percent: sql<number | null>`round(sum(${paid}) * 100.0 / nullif(sum(${billed}), 0), 1)`.mapWith(
      Number,
    ),
  };
}

/** The rate columns of student bills. */
export const studentRateColumns = () =>
  rateColumns(
    sql`(${student_billings.total_amount} - ${student_billings.total_discount} - ${student_billings.total_bail})`,
    sql`${student_billings.total_payment}`,
  );
