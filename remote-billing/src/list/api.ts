/** The billing list's requests (docs/architecture.md "Code layout"). */
import {
  apiDelete,
  apiPost,
  type StudentBilling,
  type StudentBillingConfirmResponse,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-billing`: one page of bills (with the resume when asked). */
export const useBillingList = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery<StudentBilling>('/api/student-billing', params, options);

/** `POST /api/student-billing-update-form-status`: Konfirmasi Billing, or with `dry_run` how many it would confirm. */
export const confirmBills = (target: Record<string, unknown>) =>
  apiPost<StudentBillingConfirmResponse>('/api/student-billing-update-form-status', target);

/** `DELETE /api/student-billing/{id}`: an unconfirmed bill with no payment. */
export const deleteBill = (id: number) => apiDelete(`/api/student-billing/${id}`);
