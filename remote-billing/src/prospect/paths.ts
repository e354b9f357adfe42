/** Billing Peserta PSB (spec part 2 §2): its routes and titles. */
export const PROSPECT_LIST_TITLE = 'Billing Peserta PSB';
export const PROSPECT_LIST_PATH = '/prospective-billing';
/** The list's filter in session storage (see `useCascadeFilter`). */
export const PROSPECT_FILTER_STORAGE_KEY = 'prospective-billing';

export const prospectBillPath = (billId: number) => `${PROSPECT_LIST_PATH}/show/${billId}`;

/** The receipt (Kuitansi Calon Siswa) of a payment: the receipts remote answers this route. */
export const prospectReceiptPath = (billId: number, paymentId: number) =>
  `${prospectBillPath(billId)}/receipt-show?prospectiveBillingPaymentId=${paymentId}`;
