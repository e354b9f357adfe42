/**
 * The reports' definitions (api/ROUTES.md "Reports"), as SQL fragments and small pure functions: which bills
 * count, which payments count, and how long past its due date an unpaid bill is.
 */
import { AGING_BUCKETS, type AgingBucketKey } from '@keuangan/shared/contract';
import { eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import {
  student_billing_payment_sums,
  student_billing_students,
  student_billing_sums,
  student_billings,
} from '../db/schema';
import {
  type BranchScope,
  classConditions,
  classMonthConditions,
  inBranch,
  monthRangeConditions,
} from '../lib/scope';
import { monthRange } from '../lib/time';

/** The filter of Laporan Billing Siswa, as validated. */
export interface StudentReportFilter {
  department_id: number;
  year_of_study_id: number;
  yos_periode_id?: number | undefined;
  level_id?: number | undefined;
  class_id?: number | undefined;
  mm_from?: string | undefined;
  mm_to?: string | undefined;
  /** Arrears per student only: bills at least this many days late. */
  overdue_min?: number | undefined;
}

/**
 * Where the bill aggregates read: the bills themselves, or their kept sums per class-month, confirmation and
 * due date (student_billing_sums, migration 0018), which carry the same columns summed.
 */
export type BillTotalsTable = typeof student_billings | typeof student_billing_sums;

/**
 * The bills a report counts: confirmed bills (a draft is not owed yet) of the branch and the filter's
 * class-month placement and the month range on the bill's month; over the bills or their kept sums (`t`).
 */
export function reportBillsWhere(
  scope: BranchScope,
  f: StudentReportFilter,
  t: BillTotalsTable = student_billings,
): SQL {
  return inBranch(
    scope,
    t,
    eq(t.form_status, 1),
    ...classMonthConditions(t, f),
    ...monthRangeConditions(t.mm, f),
    // A kept row whose bills all moved on (paid down to another due date, unconfirmed) is all zeros: no group.
    t === student_billing_sums ? gt(student_billing_sums.bill_count, 0) : undefined,
  );
}

/**
 * The students a report counts when its filter has no month range: the kept rows of each student's confirmed
 * bills per class and period (student_billing_students, migration 0022; a row is there while it has some) of the
 * filter's placement, the same students as the bills of `reportBillsWhere`.
 */
export function reportStudentsWhere(scope: BranchScope, f: StudentReportFilter): SQL {
  const ss = student_billing_students;
  return inBranch(scope, ss, ...classConditions(ss, f));
}

/** Whether a report's filter names months (then it counts on the bills, which carry their month). */
export const hasMonthRange = (f: StudentReportFilter): boolean =>
  f.mm_from !== undefined || f.mm_to !== undefined;

/**
 * The payments a report counts: standing (never voided) payments of the filter's bills (placement only), dated
 * within the month range (first day of `mm_from` to last day of `mm_to`), read from their kept sums per class,
 * day and type (student_billing_payment_sums, migration 0018). A standing payment is always on a confirmed bill
 * (withdrawing a confirmation voids its payments), so the sums need no confirmation of their own.
 */
export function reportPaymentSumsWhere(scope: BranchScope, f: StudentReportFilter): SQL {
  const ps = student_billing_payment_sums;
  return inBranch(
    scope,
    ps,
    ...classConditions(ps, f),
    f.mm_from ? gte(ps.payment_date, monthRange(f.mm_from).first) : undefined,
    f.mm_to ? lte(ps.payment_date, monthRange(f.mm_to).last) : undefined,
    gt(ps.payment_count, 0),
  );
}

const owedWhen = (t: BillTotalsTable, condition: SQL) =>
  sql<number>`coalesce(sum(${t.total_billing}) filter (where ${condition}), 0)`.mapWith(Number);

/** Days from the bill's due date to `today` (the branch's): 0 on the day it falls due, negative before. */
export const daysPastDue = (today: string, t: BillTotalsTable = student_billings): SQL =>
  sql`(${today}::date - ${t.due_date})`;

/**
 * The aging columns as aggregates over student_billings: what is still owed, by days past the bill's due date
 * (the contract's `AGING_BUCKETS`; docs/money.md "Due dates and arrears").
 */
export function agingColumns(today: string, t: BillTotalsTable = student_billings) {
  const days = daysPastDue(today, t);
  const bucket = (b: (typeof AGING_BUCKETS)[number]) =>
    owedWhen(t, b.to === null ? sql`${days} >= ${b.from}` : sql`${days} between ${b.from} and ${b.to}`);
  return {
    ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, bucket(b)])) as Record<
      AgingBucketKey,
      ReturnType<typeof owedWhen>
    >),
    arrears: owedWhen(t, sql`${days} >= 0`),
    not_due: owedWhen(t, sql`${days} < 0`),
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

/** The rate columns of student bills (or of their kept sums). */
export const studentRateColumns = (t: BillTotalsTable = student_billings) =>
  rateColumns(sql`(${t.total_amount} - ${t.total_discount} - ${t.total_bail})`, sql`${t.total_payment}`);
