/** The dashboard's figures, each read in the active branch (definitions in api/ROUTES.md, "Dashboard"). */
import { and, count, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { student_billing_payments, student_billings, students } from '../db/schema';
import { type BranchScope, inBranch, sumOf } from '../lib/scope';

/** How many students of the branch are active (study status 1). */
export async function countActiveStudents(db: Db, scope: BranchScope): Promise<number> {
  const [active] = await db
    .select({ total: count() })
    .from(students)
    .where(inBranch(scope, students, eq(students.study_status, 1)));
  return active?.total ?? 0;
}

/** The sums of Jumlah and Tagihan of the branch's bills of the month (`mm`, 'YYYY-MM'). */
export async function sumBillsOfMonth(
  db: Db,
  scope: BranchScope,
  mm: string,
): Promise<{ amount: number; billing: number }> {
  const [bills] = await db
    .select({
      amount: sumOf(student_billings.total_amount),
      billing: sumOf(student_billings.total_billing),
    })
    .from(student_billings)
    .where(inBranch(scope, student_billings, eq(student_billings.mm, mm)));
  return { amount: bills?.amount ?? 0, billing: bills?.billing ?? 0 };
}

/** The sum of the branch's payments (not voided) dated from `first` to `last`. */
export async function sumPaymentsBetween(
  db: Db,
  scope: BranchScope,
  first: string,
  last: string,
): Promise<number> {
  const [payments] = await db
    .select({ amount: sumOf(student_billing_payments.amount) })
    .from(student_billing_payments)
    .where(
      inBranch(
        scope,
        student_billing_payments,
        and(
          gte(student_billing_payments.payment_date, first),
          lte(student_billing_payments.payment_date, last),
          isNull(student_billing_payments.voided_at), // voided payments count nowhere
        ),
      ),
    );
  return payments?.amount ?? 0;
}
