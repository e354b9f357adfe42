/** Pembayaran Online's requests (docs/online-payments.md, "Staff" and "Tagih Online"). */
import {
  type FixedVaBank,
  type OnlineChannel,
  type OnlineChargeStatus,
  type OnlinePaymentSettingsInput,
  ROUTES,
  useApi,
  usePagedQuery,
} from '@keuangan/shared';
import { useMemo } from 'react';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/online-payments/fixed-va/payments`: the money on the branch's fixed VAs, flagged first. */
export const useFixedVaPaymentList = (params: FixedVaPaymentListParams, options: ListOptions) =>
  usePagedQuery(ROUTES.onlinePayments.fixedVaPayments(), params, options);

/** The VA Tetap tab's filters as the API reads them: each absent when 'Semua'. */
export type FixedVaPaymentListParams = { q?: string; bank?: FixedVaBank; flagged?: '1' };

/** The create request: one bill as the route has always taken it, several as `student_billing_ids`. */
export const chargeBody = (billIds: number[], channel: OnlineChannel) =>
  billIds.length === 1
    ? { student_billing_id: billIds[0], channel }
    : { student_billing_ids: billIds, channel };

/** `GET /api/online-payments`: the branch's charges, flagged and unposted first. */
export const useOnlineChargeList = (params: OnlineChargeListParams, options: ListOptions) =>
  usePagedQuery(ROUTES.onlinePayments.charges(), params, options);

/** The list's filters as the API reads them: each absent when 'Semua'. */
export type OnlineChargeListParams = {
  q?: string;
  status?: OnlineChargeStatus;
  channel?: OnlineChannel;
  flagged?: '1';
};

/** The requests of "Tagih Online" on a bill, through `useApi()` (the embedded view calls with its token). */
export function useOnlineChargeCalls() {
  const { apiGet, apiPost } = useApi();
  return useMemo(
    () => ({
      /** `GET /api/online-payments/channels`: configured or not, the provider, its channels, the simulator. */
      gateway: (signal: AbortSignal) => apiGet(ROUTES.onlinePayments.channels(), undefined, { signal }),
      /**
       * The open charge (pending, not yet past its expiry) of exactly these bills, shown again instead of a second;
       * a charge covering other bills too is not theirs (a new one replaces it).
       */
      openCharge: async (billIds: number[], signal: AbortSignal) => {
        const page = await apiGet(
          ROUTES.onlinePayments.charges(),
          { student_billing_id: billIds[0], status: 'pending', limit: 10 },
          { signal },
        );
        const wanted = [...billIds].sort((a, b) => a - b).join(',');
        return (
          page.data.find(
            (charge) =>
              Date.parse(charge.expires_at) > Date.now() &&
              [...(charge.student_billing_ids ?? [charge.student_billing_id])]
                .sort((a, b) => a - b)
                .join(',') === wanted,
          ) ?? null
        );
      },
      /** `POST /api/online-payments`: every unpaid item of the bill (or bills), at the server's amount. */
      create: (billIds: number[], channel: OnlineChannel, idempotencyKey: string) =>
        apiPost(ROUTES.onlinePayments.create(), chargeBody(billIds, channel), {
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      /** `GET /api/online-payments/{id}`: the charge and its notifications, oldest first. */
      detail: (id: number, signal: AbortSignal) =>
        apiGet(ROUTES.onlinePayments.charge({ id }), undefined, { signal }),
      /** `POST /api/online-payments/{id}/check`: the provider asked again. */
      check: (id: number) => apiPost(ROUTES.onlinePayments.check({ id })),
      /** `POST /api/online-payments/{id}/simulate`: the demo simulator pays it. */
      simulate: (id: number) => apiPost(ROUTES.onlinePayments.simulate({ id })),
    }),
    [apiGet, apiPost],
  );
}

/** Pengaturan's requests: the branch's provider and channels, and what it may choose from. */
export function useOnlineSettingsCalls() {
  const { apiGet, apiPut } = useApi();
  return useMemo(
    () => ({
      /** `GET /api/online-payments/settings`. */
      load: (signal: AbortSignal) => apiGet(ROUTES.onlinePayments.settings(), undefined, { signal }),
      /** `PUT /api/online-payments/settings` (admins). */
      save: (values: OnlinePaymentSettingsInput) => apiPut(ROUTES.onlinePayments.saveSettings(), values),
    }),
    [apiGet, apiPut],
  );
}
