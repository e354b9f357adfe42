/**
 * The rules of student bills: every write locks the bill row first (FOR UPDATE), checks the bill's state, changes
 * it, and recomputes the totals (engine.refreshTotals). Items change only while a bill is unconfirmed; payments
 * only while it is confirmed (api/ROUTES.md "Billing"). Their statements: student-bills-queries.ts.
 */
import { BILL_TYPE_EXTRA, FORM_STATUS_CONFIRMED } from '@keuangan/shared/contract';
import type { Tx } from '../db/client';
import { ApiError } from '../lib/errors';
import { anyPaymentOnBill, type StudentBillRow } from './student-bills-queries';

export const BILLING_MESSAGES = {
  itemsFrozen: 'Billing sudah dikonfirmasi sehingga rincian biaya tidak dapat diubah',
  notExtra: 'Hanya billing tambahan (Extra) yang dapat dihapus',
  confirmedNoDelete: 'Billing sudah dikonfirmasi sehingga tidak dapat dihapus',
  billHasPayments: 'Billing memiliki riwayat pembayaran sehingga tidak dapat dihapus',
  itemHasPayments: 'Komponen memiliki pembayaran yang masih berlaku sehingga tidak dapat dihapus',
  lastItem: 'Billing harus memiliki minimal satu komponen',
  componentCharged: 'Komponen sudah ditagihkan kepada siswa ini',
  componentNotForStudent: 'Komponen tidak termasuk kelas siswa ini',
  noItems: 'Billing belum memiliki komponen sehingga tidak dapat dikonfirmasi',
} as const;

/** 409 unless the bill's items may change (it is not confirmed). */
export function assertItemsEditable(bill: StudentBillRow): void {
  if (bill.form_status === FORM_STATUS_CONFIRMED) throw new ApiError(409, BILLING_MESSAGES.itemsFrozen);
}

/** 409 unless the bill may be deleted: an unconfirmed extra bill that never had a payment. */
export async function assertDeletable(tx: Tx, bill: StudentBillRow): Promise<void> {
  if (bill.type !== BILL_TYPE_EXTRA) throw new ApiError(409, BILLING_MESSAGES.notExtra);
  if (bill.form_status === FORM_STATUS_CONFIRMED) throw new ApiError(409, BILLING_MESSAGES.confirmedNoDelete);
  const paid = await anyPaymentOnBill(tx, bill.id);
  if (paid) throw new ApiError(409, BILLING_MESSAGES.billHasPayments);
}
