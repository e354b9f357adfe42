/**
 * Spending Saldo Titipan (docs/money.md "Saldo Titipan"): one payment of the student's ticked bills through the
 * payment engine, its money the credit, so it is numbered, audited, booked and summed as any payment.
 */
import {
  allocateOldestFirst,
  CREDIT_MESSAGES,
  CREDIT_PTYPE,
  type StudentCreditSpendInput,
} from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import { type PaySource, recordPayment } from '../ledger/engine';
import { STUDENT_BILLS } from '../ledger/student-bills-queries';
import { addStudentCredit, paymentCreditReference } from '../ledger/student-credit';
import { ApiError, notFound } from '../lib/errors';
import { countBillsOfStudent, creditBalance, lockStudentCredit } from './queries';

/** Answers the payment (a replay of the key answers the first one). */
export async function spendCredit(
  database: Database,
  auth: AuthContext,
  input: StudentCreditSpendInput,
  key: string,
): Promise<{ paymentId: number; replayed: boolean }> {
  const billIds = [...new Set(input.student_billing_ids)];
  if ((await countBillsOfStudent(database.db, auth, input.student_id, billIds)) !== billIds.length) {
    throw notFound();
  }
  const source: PaySource = {
    // Under the credit's lock (taken after the bills', always in that order): min(balance, what is owed).
    async allocate(tx, items) {
      await lockStudentCredit(tx, auth, input.student_id);
      const balance = await creditBalance(tx, auth, input.student_id);
      if (balance <= 0) throw new ApiError(409, CREDIT_MESSAGES.empty);
      // Oldest due first; items without a due date keep the bills' order (a stable sort).
      const ordered = [...items].sort((a, b) => (a.due_date ?? '').localeCompare(b.due_date ?? ''));
      const lines = allocateOldestFirst(
        ordered.map((item) => ({ id: item.id, due: item.total_billing })),
        balance,
      ).filter((line) => line.payment_amount > 0);
      if (lines.length === 0) throw new ApiError(409, CREDIT_MESSAGES.nothingDue);
      return lines;
    },
    async recorded(tx, paymentId, amount) {
      await addStudentCredit(tx, auth, {
        student_id: input.student_id,
        amount: -amount,
        source: 'credit_spent',
        reference: paymentCreditReference(paymentId),
        note: null,
      });
    },
  };
  const payment = { ptype: CREDIT_PTYPE, note: 'Saldo Titipan', payer_name: null, payment_date: null };
  return recordPayment(database, STUDENT_BILLS, auth, billIds, { lines: [], ...payment }, key, source);
}
