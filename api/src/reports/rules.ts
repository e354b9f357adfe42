/**
 * The reports' definitions (api/ROUTES.md "Reports"), as SQL fragments and small pure functions: which bills
 * count, which payments count, and how long past its due date an unpaid bill is.
 */
import { AGING_BUCKETS, type AgingBucketKey } from '@keuangan/shared/contract';
import { and, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { student_billing_payments, student_billings } from '../db/schema';
import { type BranchScope, classMonthConditions, inBranch } from '../lib/scope';
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

const owedWhen = (condition: SQL) =>
  sql<number>`coalesce(sum(${student_billings.total_billing}) filter (where ${condition}), 0)`.mapWith(
    Number,
  );

/** Days from the bill's due date to `today` (the branch's): 0 on the day it falls due, negative before. */
export const daysPastDue = (today: string): SQL => sql`(${today}::date - ${student_billings.due_date})`;

/**
 * The aging columns as aggregates over student_billings: what is still owed, by days past the bill's due date
 * (the contract's `AGING_BUCKETS`; docs/money.md "Due dates and arrears").
 */
export function agingColumns(today: string) {
  const days = daysPastDue(today);
  const bucket = (b: (typeof AGING_BUCKETS)[number]) =>
    owedWhen(b.to === null ? sql`${days} >= ${b.from}` : sql`${days} between ${b.from} and ${b.to}`);
  return {
    ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, bucket(b)])) as Record<
      AgingBucketKey,
      ReturnType<typeof owedWhen>
    >),
    arrears: owedWhen(sql`${days} >= 0`),
    not_due: owedWhen(sql`${days} < 0`),
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
