/**
 * The charge's state machine (docs/online-payments.md, "States"): pending -> settlement -> posted | credited;
 * pending -> expired | cancelled | denied. Money that arrives always counts: a settlement after expiry or
 * cancellation still posts, flagged; a late expiry after a settlement changes nothing.
 */
import type { OnlineChargeStatus } from '@keuangan/shared/contract';
import type { GatewayStatus } from './gateways/types';

export type Step =
  | { kind: 'settle'; flag: string | null }
  | { kind: 'close'; status: 'expired' | 'cancelled' | 'denied' }
  | { kind: 'none'; why: string };

const CLOSED: Record<Exclude<GatewayStatus, 'pending' | 'settlement'>, 'expired' | 'cancelled' | 'denied'> = {
  expire: 'expired',
  cancel: 'cancelled',
  deny: 'denied',
};

const LATE_FLAG: Partial<Record<OnlineChargeStatus, string>> = {
  expired: 'Dibayar setelah kedaluwarsa',
  cancelled: 'Dibayar setelah dibatalkan',
  denied: 'Dibayar setelah ditolak',
};

/** What the provider's `event` does to a charge in `status`. */
export function stepOf(status: OnlineChargeStatus, event: GatewayStatus): Step {
  if (status === 'posted' || status === 'credited') return { kind: 'none', why: 'already_done' };
  if (event === 'settlement') return { kind: 'settle', flag: LATE_FLAG[status] ?? null };
  if (event === 'pending') return { kind: 'none', why: 'pending' };
  // Only an open charge closes: after a settlement (money arrived) a late expiry changes nothing.
  if (status === 'pending') return { kind: 'close', status: CLOSED[event] };
  return { kind: 'none', why: 'ignored' };
}

/** Why settled money becomes Saldo Titipan instead of a payment (never posted blindly). */
export const CREDIT_REASONS = {
  mismatch: 'Jumlah yang diterima berbeda dengan tagihan online',
  alreadyPaid: 'Komponen sudah dibayar saat uang diterima',
} as const;

/** A charge lasts a day unless the bill says otherwise (one-time VA or QRIS). */
export const CHARGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Headers of a notification kept for review (never the callback token itself). */
export const KEPT_HEADERS = ['content-type', 'user-agent', 'webhook-id', 'x-forwarded-for'] as const;
