import {
  type ApiClient,
  FTYPES,
  labelOf,
  type ProspectiveBillingDetail,
  type ProspectiveBillingPaymentReceipt,
  prospectBillingStype,
  prospectReceiptPath,
  ROUTES,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared';
import { notePath } from '../constants';
import type { PayableBillItem, PaymentSubmission } from './PaymentForm';

/**
 * What differs between paying a student's bill and a prospect's (the form itself is one): the pay call and
 * where its lines go, the payer's default name, the items as the form offers them, and the document opened
 * after 'Pembayaran Berhasil'.
 */
export interface BillKind<TBill extends { id: number }, TPayment extends { id: number }> {
  kind: 'student' | 'prospect';
  /** Whether its items may be split into instalments (student bills; docs/money.md "Instalments"). */
  splitsItems: boolean;
  /** Sends a payment of one bill through its route, with its Idempotency-Key (tried again while the server is busy). */
  pay(
    client: ApiClient,
    billId: number,
    submission: PaymentSubmission,
    idempotencyKey: string,
  ): Promise<TPayment>;
  /** Nama Pembayar's default (docs/screens.md: the student's name, for prospects the prospect's). */
  payerName(bill: TBill): string;
  items(bill: TBill): PayableBillItem[];
  /** Where the app goes after a payment: the receipt or note of the new payment. */
  afterPaymentPath(bill: TBill, payment: TPayment): string;
}

const wajibLabel = (ftype: number) => labelOf(FTYPES, ftype === 1 ? 1 : 0);

/** The student pay calls' body (one bill, or several with `student_billing_ids`): the lines under their field. */
export const studentPayBody = ({ lines, ...fields }: PaymentSubmission) => ({
  student_billing_items: lines,
  ...fields,
});

/** A prospect's: the same fields, the lines under `prospective_billing_items`. */
export const prospectPayBody = ({ lines, ...fields }: PaymentSubmission) => ({
  prospective_billing_items: lines,
  ...fields,
});

export const STUDENT_BILL: BillKind<StudentBillingDetail, StudentBillingPaymentReceipt> = {
  kind: 'student',
  splitsItems: true,
  pay: ({ apiPostIdempotent }, billId, submission, key) =>
    apiPostIdempotent(ROUTES.billing.pay({ id: billId }), studentPayBody(submission), key),
  payerName: (bill) => bill.student.name,
  items: (bill) =>
    bill.student_billing_items.map((item) => ({
      id: item.id,
      name: item.student_fee_component.name,
      detail: `${item.fee_type.name} · ${wajibLabel(item.ftype)}`,
      total_billing: item.total_billing,
    })),
  // The printed note (Nota Siswa 1) of the new payment, answered by the receipts remote.
  afterPaymentPath: (bill, payment) => notePath(bill.id, payment.id, 1),
};

export const PROSPECT_BILL: BillKind<ProspectiveBillingDetail, ProspectiveBillingPaymentReceipt> = {
  kind: 'prospect',
  splitsItems: false,
  pay: ({ apiPostIdempotent }, billId, submission, key) =>
    apiPostIdempotent(ROUTES.prospectBilling.pay({ id: billId }), prospectPayBody(submission), key),
  payerName: (bill) => bill.psb_event_prospective.name,
  items: (bill) =>
    bill.prospective_billing_items.map((item) => ({
      id: item.id,
      name: item.psb_event_prospective_fee.psb_event_fee.name,
      detail: `${item.psb_event_prospective_fee.psb_event_fee.code} · ${wajibLabel(item.ftype)}`,
      total_billing: item.total_billing,
    })),
  // Kuitansi Calon Siswa of the new payment, answered by the receipts remote.
  afterPaymentPath: (bill, payment) =>
    prospectReceiptPath(bill.id, payment.id, prospectBillingStype(bill.psb_event_stype_id)),
};
