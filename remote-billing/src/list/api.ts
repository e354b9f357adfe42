/** The billing list's requests (docs/architecture.md "Code layout"). */
import { apiDelete, apiPost, type BodyType, ROUTES, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-billing`: one page of bills (with the resume when asked). */
export const useBillingList = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery(ROUTES.billing.bills(), params, options);

/** `POST /api/student-billing-update-form-status`: Konfirmasi Billing, or with `dry_run` how many it would confirm. */
export const confirmBills = (target: Record<string, unknown>) =>
  // The list's filter as it stands: the route's schema names what is missing (422), in the server's words.
  apiPost(ROUTES.billing.confirmBills(), target as BodyType<typeof ROUTES.billing.confirmBills>);

/** `DELETE /api/student-billing/{id}`: an unconfirmed bill with no payment. */
export const deleteBill = (id: number) => apiDelete(ROUTES.billing.deleteBill({ id }));
