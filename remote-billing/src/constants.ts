import { documentPath, type ToastOptions } from '@keuangan/shared';

/** docs/validation.md#how-messages-appear: every success toast of these screens, and the load failures of lists and history, are centred. */
export const CENTERED: ToastOptions = { centered: true };

/** The billing list's filter in session storage (see `useCascadeFilter`); the extra bill form starts from it. */
export const BILLING_FILTER_STORAGE_KEY = 'student-billing';

export const LIST_TITLE = 'Billing Siswa';
export const LIST_PATH = '/student-billing';
export const HISTORY_TITLE = 'Riwayat Pembayaran';
export const FEE_COMPONENT_ADD_PATH = '/student-fee-component/add';

export const billPath = (billId: number) => `${LIST_PATH}/show/${billId}`;

/** The receipt (Kuitansi Siswa) of a payment: the receipts remote answers this route. */
export const receiptPath = (billId: number, paymentId: number) =>
  documentPath({ kind: 'student-receipt', billId, paymentId });

/** The printable note (Nota Siswa) of a payment, Nota 1 or Nota 2. */
export const notePath = (billId: number, paymentId: number, noteType: 1 | 2) =>
  documentPath({ kind: 'student-note', billId, paymentId, noteType });

/**
 * A student's payment history (docs/screens.md#payment-history): the segment is a fixed word, department_id and
 * student_id are the query string.
 */
export const historyPath = (studentId: number, departmentId: number) =>
  `/student-billing-payment-history-detail/siswa?student_id=${studentId}&department_id=${departmentId}`;
