/** Pembayaran Online's requests (docs/online-payments.md, "Staff" and "Tagih Online"). */
import {
  type OnlineChannel,
  type OnlineCharge,
  type OnlineChargeDetail,
  type OnlineGatewayInfo,
  type Paged,
  useApi,
  usePagedQuery,
} from '@keuangan/shared';
import { useMemo } from 'react';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/online-payments`: the branch's charges, flagged and unposted first. */
export const useOnlineChargeList = (q: string, options: ListOptions) =>
  usePagedQuery<OnlineCharge>('/api/online-payments', q ? { q } : {}, options);

/** The requests of "Tagih Online" on a bill, through `useApi()` (the embedded view calls with its token). */
export function useOnlineChargeCalls() {
  const { apiGet, apiPost } = useApi();
  return useMemo(
    () => ({
      /** `GET /api/online-payments/channels`: configured or not, the provider, its channels, the simulator. */
      gateway: (signal: AbortSignal) =>
        apiGet<OnlineGatewayInfo>('/api/online-payments/channels', undefined, { signal }),
      /** The bill's open charge (pending and not yet past its expiry), shown again instead of a second. */
      openCharge: async (billId: number, signal: AbortSignal) => {
        const page = await apiGet<Paged<OnlineCharge>>(
          '/api/online-payments',
          { student_billing_id: billId, status: 'pending', limit: 10 },
          { signal },
        );
        return page.data.find((charge) => Date.parse(charge.expires_at) > Date.now()) ?? null;
      },
      /** `POST /api/online-payments`: every unpaid item of the bill, at the server's amount. */
      create: (billId: number, channel: OnlineChannel, idempotencyKey: string) =>
        apiPost<OnlineCharge>(
          '/api/online-payments',
          { student_billing_id: billId, channel },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        ),
      /** `POST /api/online-payments/{id}/check`: the provider asked again. */
      check: (id: number) => apiPost<OnlineChargeDetail>(`/api/online-payments/${id}/check`),
      /** `POST /api/online-payments/{id}/simulate`: the demo simulator pays it. */
      simulate: (id: number) => apiPost<OnlineChargeDetail>(`/api/online-payments/${id}/simulate`),
    }),
    [apiGet, apiPost],
  );
}
