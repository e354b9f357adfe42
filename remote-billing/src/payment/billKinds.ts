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
  /** `POST` path of the pay call. */
  payPath(billId: number): string;
  /** The body's field that holds the lines (`student_billing_items`, `prospective_billing_items`). */
  linesField: 'student_billing_items' | 'prospective_billing_items';
  /** Nama Pembayar's default (docs/screens.md: the student's name, for prospects the prospect's). */
  payerName(bill: TBill): string;
  items(bill: TBill): PayableBillItem[];
  /** Where the app goes after a payment: the receipt or note of the new payment. */
  afterPaymentPath(bill: TBill, payment: TPayment): string;
}

const wajibLabel = (ftype: number) => labelOf(FTYPES, ftype === 1 ? 1 : 0);

export const STUDENT_BILL: BillKind<StudentBillingDetail, StudentBillingPaymentReceipt> = {
  kind: 'student',
  splitsItems: true,
  payPath: (billId) => ROUTES.billing.pay({ id: billId }),
  linesField: 'student_billing_items',
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
  payPath: (billId) => ROUTES.prospectBilling.pay({ id: billId }),
  linesField: 'prospective_billing_items',
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

/** The pay call's body for a kind of bill: the form's submission with its lines under the kind's field. */
export function payBody<F extends BillKind<never, never>['linesField']>(
  kind: { linesField: F },
  submission: PaymentSubmission,
) {
  return {
    ...({ [kind.linesField]: submission.lines } as Record<F, PaymentSubmission['lines']>),
    total_amount_payment_paid: submission.total_amount_payment_paid,
    ptype: submission.ptype,
    note: submission.note,
    payer_name: submission.payer_name,
    payment_date: submission.payment_date,
  };
}

/** Sends a payment of a bill of this kind, with its Idempotency-Key (tried again while the server is busy). */
export function payBill<TBill extends { id: number }, TPayment extends { id: number }>(
  { apiPostIdempotent }: ApiClient,
  kind: BillKind<TBill, TPayment>,
  billId: number,
  submission: PaymentSubmission,
  idempotencyKey: string,
) {
  // Either kind's route: its own schema checks the body on the server (a path known only as a string here).
  return apiPostIdempotent<TPayment>(
    kind.payPath(billId),
    payBody(kind, submission) as never,
    idempotencyKey,
  );
}
