/** Pembayaran Online's requests (docs/online-payments.md, "Staff"). */
import { type OnlineCharge, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/online-payments`: the branch's charges, flagged and unposted first. */
export const useOnlineChargeList = (q: string, options: ListOptions) =>
  usePagedQuery<OnlineCharge>('/api/online-payments', q ? { q } : {}, options);
