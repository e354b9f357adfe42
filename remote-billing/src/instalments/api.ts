/**
 * Cicilan on the bill detail: its requests, one function each (docs/architecture.md "Code layout"), through
 * `useApi()` as the rest of the bill.
 */
import { ROUTES, useApi } from '@keuangan/shared';
import { useMemo } from 'react';

export function useInstalmentCalls() {
  const { apiGet, apiPost, apiDelete } = useApi();
  return useMemo(
    () => ({
      /** `GET /api/student-billing/{id}/instalments`: the bill's split items, paid and owing per instalment. */
      billInstalments: (billId: number, signal?: AbortSignal) =>
        apiGet(ROUTES.billing.billInstalments({ id: billId }), undefined, { signal }),
      /** `GET /api/instalment-plans?active=1`: the plans to choose from. */
      activePlans: () => apiGet(ROUTES.fees.instalmentPlans(), { active: '1', limit: '100' }),
      /** `POST /api/student-billing-item/{id}/instalments`: preview (`dryRun`) or apply a plan. */
      applyPlan: (itemId: number, planId: number, dryRun: boolean, reason: string | null = null) =>
        apiPost(ROUTES.billing.applyInstalments({ id: itemId }), {
          plan_id: planId,
          dry_run: dryRun,
          reason,
        }),
      /** `DELETE /api/student-billing-item/{id}/instalments`: back to one payment. */
      cancel: (itemId: number, reason: string) =>
        apiDelete(ROUTES.billing.cancelInstalments({ id: itemId }), reason ? { reason } : undefined),
    }),
    [apiGet, apiPost, apiDelete],
  );
}
