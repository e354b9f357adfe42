/**
 * Everything online payments take from the bill ledger, in one file: locking a student bill and its items, and
 * recording a payment through the same engine as the counter (docs/online-payments.md, "Posting").
 */
import {
  MAX_BILLS_PER_PAYMENT,
  type PaymentLine,
  PTYPE_QRIS,
  PTYPE_VIRTUAL_ACCOUNT,
} from '@keuangan/shared/contract';
import type { Database, Tx } from '../db/client';
import { allocateOldestFirst } from '../ledger/allocate';
import { lockOpenItems } from '../ledger/allocate-queries';
import { recordPayment } from '../ledger/engine';
import { lockStudentBill, STUDENT_BILLS, type StudentBillRow } from '../ledger/student-bills-queries';
import { addStudentCredit, paymentCreditReference } from '../ledger/student-credit';
import type { BranchScope, ZonedScope } from '../lib/scope';
import { todayIn } from '../lib/time';

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

/**
 * Money that arrived on a student's fixed VA, in the caller's transaction (docs/online-payments.md, "Fixed VA"):
 * it pays the student's oldest due items first (a planned item only its instalments due by today), one payment
 * per department of at most 24 bills, keyed `{key}:{department}`; the rest becomes Saldo Titipan, tied to the
 * first payment as a bank transfer's excess is (voiding it takes the credit back), or to `key` when nothing was due.
 */
export async function postFixedVaMoney(
  database: Database,
  tx: Tx,
  who: Poster,
  money: { studentId: number; amount: number; key: string; note: string },
): Promise<{ paymentIds: number[]; excess: number; creditId: number | null }> {
  // The engine's transaction is the caller's: the callback's outcome commits with the payments.
  const here: Database = { ...database, transaction: (fn) => fn(tx) };
  const { bills, items } = await lockOpenItems(tx, who, money.studentId, money.key);
  const { byBill, excess } = allocateOldestFirst(items, money.amount, { dueBy: todayIn(who) });
  const departments = new Map<number, number[]>();
  for (const bill of bills) {
    if (byBill.has(bill.id))
      departments.set(bill.department_id, [...(departments.get(bill.department_id) ?? []), bill.id]);
  }
  const paymentIds: number[] = [];
  for (const [department, ids] of departments) {
    for (let from = 0; from < ids.length; from += MAX_BILLS_PER_PAYMENT) {
      const billIds = ids.slice(from, from + MAX_BILLS_PER_PAYMENT);
      const { paymentId } = await recordPayment(
        here,
        STUDENT_BILLS,
        { ...who, embed: null },
        billIds,
        {
          lines: billIds.flatMap((id) => byBill.get(id) ?? []),
          ptype: PTYPE_VIRTUAL_ACCOUNT,
          note: money.note,
          payer_name: null,
          payment_date: null,
        },
        from === 0 ? `${money.key}:${department}` : `${money.key}:${department}:${from}`,
      );
      paymentIds.push(paymentId);
    }
  }
  let creditId: number | null = null;
  if (excess > 0) {
    const carrier = paymentIds[0];
    creditId = await addStudentCredit(tx, who, {
      student_id: money.studentId,
      amount: excess,
      source: 'online_excess',
      reference: carrier === undefined ? money.key : paymentCreditReference(carrier),
      note: `Kelebihan VA tetap: ${money.note}`.slice(0, 500),
    });
  }
  return { paymentIds, excess, creditId };
}
