/** The prospects' billing requests (docs/architecture.md "Code layout"). */
import { type ProspectiveBillingDetail, type QueryType, ROUTES, usePagedQuery } from '@keuangan/shared';
import { useBill } from '../detail/useBill';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/prospective-billing`: one page of a PSB or Mutasi billing list. */
export const useProspectBillingList = (
  params: QueryType<typeof ROUTES.prospectBilling.bills>,
  options: ListOptions,
) => usePagedQuery(ROUTES.prospectBilling.bills(), params, options);

/** `GET /api/prospective-billing/{id}`: the bill of the detail page. */
export const useProspectBill = (id: string | undefined) =>
  useBill<ProspectiveBillingDetail>(ROUTES.prospectBilling.bill({ id }));
