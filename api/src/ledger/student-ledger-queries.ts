/** The student bill tables as the ledger (tables-queries.ts) reads them, and the payments that pay on a student bill. */
import { isNull, type SQL } from 'drizzle-orm';
import {
  student_billing_item_payments,
  student_billing_items,
  student_billing_payments,
  student_billings,
} from '../db/schema';
import { type LedgerTables, paymentOnBill } from './tables-queries';

export const STUDENT_LEDGER: LedgerTables = {
  bills: student_billings,
  payments: student_billing_payments,
  paymentBill: student_billing_payments.student_billing_id,
  paymentOwner: student_billing_payments.student_id,
  billOwner: student_billings.student_id,
  lines: student_billing_item_payments,
  lineItem: student_billing_item_payments.student_billing_item_id,
  linePayment: student_billing_item_payments.student_billing_payment_id,
  lineAmount: student_billing_item_payments.amount,
  items: student_billing_items,
  itemId: student_billing_items.id,
  itemBill: student_billing_items.student_billing_id,
};

/** A student payment that pays on the bill: its own bill, or a line on one of the bill's items. */
export const studentPaymentOnBill = (billId: number): SQL => paymentOnBill(STUDENT_LEDGER, billId);

/**
 * An item still on its bill: every total, lock, count and check reads only these. A removed item (see the schema)
 * is read by the receipts that name it and by `loadRemovedItems` (billing/queries.ts).
 */
export const itemOnBill = isNull(student_billing_items.removed_at);
