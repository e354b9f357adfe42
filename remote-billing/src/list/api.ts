/** The billing list's requests (docs/architecture.md "Code layout"). */
import { apiDelete, apiPost, type BodyType, type QueryType, ROUTES, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-billing`: one page of bills (with the resume when asked). */
export const useBillingList = (params: QueryType<typeof ROUTES.billing.bills>, options: ListOptions) =>
  usePagedQuery(ROUTES.billing.bills(), params, options);

/** `POST /api/student-billing-update-form-status`: Konfirmasi Billing, or with `dry_run` how many it would confirm. */
export const confirmBills = (target: ConfirmTarget) => apiPost(ROUTES.billing.confirmBills(), target);

/** What Konfirmasi Billing acts on: the list's filter (a department and a year chosen), its search or ticks. */
export type ConfirmTarget = BodyType<typeof ROUTES.billing.confirmBills>;

/** `DELETE /api/student-billing/{id}`: an unconfirmed bill with no payment. */
export const deleteBill = (id: number) => apiDelete(ROUTES.billing.deleteBill({ id }));
