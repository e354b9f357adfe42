/**
 * The statements that make and move a charge (docs/online-payments.md, "Charges", "States" and "Posting"); reading
 * charges for staff and locking one by its order stay in queries.ts.
 */
import { ONLINE_CASHIER_NAME } from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { online_charges, student_billing_payments, students } from '../db/schema';
import { type BranchScope, inBranch } from '../lib/scope';
import type { ChargeRow } from './queries';

/** One create per idempotency key at a time: the second waits, then sees the first's charge. */
export async function lockChargeKey(tx: Tx, branchId: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`online:${branchId}:${key}`}, 0))`);
}

/** The branch's charge made with this idempotency key, or undefined. */
export async function findChargeByKey(
  tx: Tx,
  scope: BranchScope,
  key: string,
): Promise<ChargeRow | undefined> {
  const [row] = await tx
    .select()
    .from(online_charges)
    .where(inBranch(scope, online_charges, eq(online_charges.idempotency_key, key)));
  return row;
}

/** The student's name as the gateway shows it to the payer, or undefined. */
export async function studentNameOf(tx: Tx, studentId: number): Promise<string | undefined> {
  const [student] = await tx.select({ name: students.name }).from(students).where(eq(students.id, studentId));
  return student?.name;
}

export async function insertCharge(tx: Tx, values: typeof online_charges.$inferInsert): Promise<ChargeRow> {
  const [row] = await tx.insert(online_charges).values(values).returning();
  if (!row) throw new Error('the charge was not inserted');
  return row;
}

/** Cancels a charge replaced by a new one, if it is still pending. */
export async function cancelPendingCharge(tx: Tx, id: number): Promise<void> {
  await tx
    .update(online_charges)
    .set({ status: 'cancelled', updated_at: new Date() })
    .where(and(eq(online_charges.id, id), eq(online_charges.status, 'pending')));
}

/** Ends a charge the provider closed (expired, cancelled, denied). */
export async function closeCharge(tx: Tx, id: number, status: string): Promise<void> {
  await tx.update(online_charges).set({ status, updated_at: new Date() }).where(eq(online_charges.id, id));
}

/** A charge's money as it arrived: status `settlement`, the amount paid and whether it needs a look. */
export async function markChargeSettled(
  tx: Tx,
  id: number,
  settled: Pick<
    ChargeRow,
    'provider_transaction_id' | 'paid_amount' | 'settled_at' | 'flagged' | 'flag_reason'
  >,
): Promise<ChargeRow | undefined> {
  const [row] = await tx
    .update(online_charges)
    .set({ status: 'settlement', ...settled, updated_at: new Date() })
    .where(eq(online_charges.id, id))
    .returning();
  return row;
}

export async function setChargeFee(tx: Tx, id: number, fee: number): Promise<void> {
  await tx.update(online_charges).set({ fee_amount: fee }).where(eq(online_charges.id, id));
}

/** The payment a charge posted shows the online cashier. */
export async function setOnlineCashier(tx: Tx, paymentId: number): Promise<void> {
  await tx
    .update(student_billing_payments)
    .set({ cashier_name: ONLINE_CASHIER_NAME })
    .where(eq(student_billing_payments.id, paymentId));
}

/** A settled charge posted as its payment (only from `settlement`: a retry finds it posted). */
export async function markChargePosted(tx: Tx, id: number, paymentId: number): Promise<void> {
  await tx
    .update(online_charges)
    .set({ status: 'posted', student_billing_payment_id: paymentId, updated_at: new Date() })
    .where(and(eq(online_charges.id, id), eq(online_charges.status, 'settlement')));
}

/** A charge whose money became Saldo Titipan: credited and flagged with the reason. */
export async function markChargeCredited(tx: Tx, id: number, reason: string, fee: number): Promise<void> {
  await tx
    .update(online_charges)
    .set({
      status: 'credited',
      flagged: true,
      flag_reason: reason,
      fee_amount: fee,
      updated_at: new Date(),
    })
    .where(eq(online_charges.id, id));
}
