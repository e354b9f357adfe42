/**
 * Saldo Titipan, the one writer (docs/money.md "Saldo Titipan"): a movement in or out of a student's credit, once
 * per reference (a unique key), with its audit record. Online payments and bank reconciliation both write here;
 * voiding a payment reverses the credit that came with it by a negative movement, never by deleting.
 */
import type { Tx } from '../db/client';
import { type AuditWho, auditInsert } from '../lib/audit-record';
import { bookCredit } from './journal';
import { type CreditMovement, insertMovement, movementsOf } from './student-credit-queries';

/** The reference of credit that came with a payment: voiding the payment reverses it (`reverseCreditOfPayments`). */
export const paymentCreditReference = (paymentId: number) => `payment:${paymentId}`;

/** Writes the movement once per reference; answers its id, or null when the reference was written before. */
export async function addStudentCredit(
  tx: Tx,
  who: AuditWho & { clientId: number; branchId: number },
  movement: CreditMovement,
  audit: {
    action?: 'student_credit.create' | 'student_credit.reverse';
    after?: Record<string, unknown>;
  } = {},
): Promise<number | null> {
  const row = await insertMovement(tx, who, movement);
  if (!row) return null;
  await bookCredit(tx, who, [row.id]); // Dr Bank / Cr Titipan Siswa, or back (docs/books.md)
  await auditInsert(tx, who, {
    action: audit.action ?? 'student_credit.create',
    entity: 'student_credit_movement',
    entityId: row.id,
    after: audit.after ?? {
      student_id: movement.student_id,
      amount: movement.amount,
      source: movement.source,
      reference: movement.reference,
    },
    reason: movement.amount < 0 ? movement.note : null,
  });
  return row.id;
}

/**
 * For each voided payment that brought credit, the negative movement taking it back; for one that spent credit,
 * the positive movement giving it back (once per payment).
 */
export async function reverseCreditOfPayments(
  tx: Tx,
  who: AuditWho & { clientId: number; branchId: number },
  paymentIds: readonly number[],
  reason: string,
): Promise<void> {
  if (paymentIds.length === 0) return;
  const brought = await movementsOf(tx, paymentIds.map(paymentCreditReference));
  for (const movement of brought) {
    if (movement.branch_id !== who.branchId) continue;
    await addStudentCredit(
      tx,
      who,
      {
        student_id: movement.student_id,
        amount: -movement.amount,
        // Credit the payment spent comes back; credit it brought goes.
        source: movement.amount < 0 ? 'credit_spent_void' : 'payment_void',
        reference: `${movement.reference}:void`,
        note: reason,
      },
      { action: 'student_credit.reverse' },
    );
  }
}
