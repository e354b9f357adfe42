/** The billing list's requests (docs/architecture.md "Code layout"). */
import { apiDelete, apiPost, ROUTES, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-billing`: one page of bills (with the resume when asked). */
export const useBillingList = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery(ROUTES.billing.bills(), params, options);

/** `POST /api/student-billing-update-form-status`: Konfirmasi Billing, or with `dry_run` how many it would confirm. */
export const confirmBills = (target: Record<string, unknown>) =>
  apiPost(ROUTES.billing.confirmBills(), target);

/** `DELETE /api/student-billing/{id}`: an unconfirmed bill with no payment. */
export const deleteBill = (id: number) => apiDelete(ROUTES.billing.deleteBill({ id }));
