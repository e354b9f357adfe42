/** The dashboard's figures, each read in the active branch (definitions in api/ROUTES.md, "Dashboard"). */
import { eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { student_billing_payment_sums, student_billing_sums, student_counts } from '../db/schema';
import { type BranchScope, inBranch, sumOf } from '../lib/scope';

/** How many students of the branch are active (study status 1): the count the database keeps (0018). */
export async function countActiveStudents(db: Db, scope: BranchScope): Promise<number> {
  const [active] = await db
    .select({ total: sumOf(student_counts.student_count) })
    .from(student_counts)
    .where(inBranch(scope, student_counts, eq(student_counts.study_status, 1)));
  return active?.total ?? 0;
}

/**
 * The sums of Jumlah and Tagihan of the branch's bills of the month (`mm`, 'YYYY-MM'), from their kept sums
 * per class-month (migration 0018): a few rows per class, not every bill of the month.
 */
export async function sumBillsOfMonth(
  db: Db,
  scope: BranchScope,
  mm: string,
): Promise<{ amount: number; billing: number }> {
  const [bills] = await db
    .select({
      amount: sumOf(student_billing_sums.total_amount),
      billing: sumOf(student_billing_sums.total_billing),
    })
    .from(student_billing_sums)
    .where(inBranch(scope, student_billing_sums, eq(student_billing_sums.mm, mm)));
  return { amount: bills?.amount ?? 0, billing: bills?.billing ?? 0 };
}

/**
 * The sum of the branch's payments (not voided) dated from `first` to `last`, of the types `ptypes` (or every
 * type), from the kept sums of standing payments per class, day and type (migration 0018; a void takes its
 * payment out of them).
 */
export async function sumPaymentsBetween(
  db: Db,
  scope: BranchScope,
  first: string,
  last: string,
  ptypes?: readonly number[],
): Promise<number> {
  const [payments] = await db
    .select({ amount: sumOf(student_billing_payment_sums.amount) })
    .from(student_billing_payment_sums)
    .where(
      inBranch(
        scope,
        student_billing_payment_sums,
        gte(student_billing_payment_sums.payment_date, first),
        lte(student_billing_payment_sums.payment_date, last),
        ptypes ? inArray(student_billing_payment_sums.ptype, [...ptypes]) : undefined,
      ),
    );
  return payments?.amount ?? 0;
}
