/**
 * Everything online payments take from the bill ledger, in one file: locking a student bill and its items, and
 * recording a payment through the same engine as the counter (docs/online-payments.md, "Posting").
 */
import { type PaymentLine, PTYPE_QRIS, PTYPE_VIRTUAL_ACCOUNT } from '@keuangan/shared/contract';
import type { Database, Tx } from '../db/client';
import { recordPayment } from '../ledger/engine';
import { lockStudentBill, STUDENT_BILLS, type StudentBillRow } from '../ledger/student-bills';
import type { BranchScope, ZonedScope } from '../lib/scope';

export { lockStudentBill, type StudentBillRow };

/** The bill's items locked, with what each still owes (`total_billing`). */
export const lockBillItems = (tx: Tx, billId: number) => STUDENT_BILLS.lockItems(tx, billId);

/** Who posts an online payment: the charge's branch and the staff member who made the charge. */
export type Poster = ZonedScope & BranchScope & { userId: number };

/**
 * Records the charge's lines as a normal student payment (one payment over several bills, as the counter's
 * "Bayar Semua Tunggakan" makes), idempotent by the provider's transaction id (the
 * payment's Idempotency-Key): a second post of the same money answers the first payment. Throws the engine's 409
 * when the bill no longer owes the lines (paid meanwhile), which the caller turns into Saldo Titipan.
 */
export async function postOnlinePayment(
  database: Database,
  who: Poster,
  charge: { billIds: number[]; lines: PaymentLine[]; qris: boolean; note: string; key: string },
): Promise<{ paymentId: number; replayed: boolean }> {
  return recordPayment(
    database,
    STUDENT_BILLS,
    { ...who, embed: null },
    charge.billIds,
    {
      lines: charge.lines,
      ptype: charge.qris ? PTYPE_QRIS : PTYPE_VIRTUAL_ACCOUNT,
      note: charge.note,
      payer_name: null,
      payment_date: null,
    },
    charge.key,
  );
}
