/**
 * The configured gateways (docs/online-payments.md, "Configuration"): the adapters whose keys are in the
 * environment, Midtrans first. None: the feature answers "Pembayaran online belum dikonfigurasi".
 */
import type { OnlineProvider } from '@keuangan/shared/contract';
import type { GatewayKeys } from '../../config';
import { midtransGateway } from './midtrans';
import type { PaymentGateway } from './types';
import { xenditGateway } from './xendit';

export type Gateways = Partial<Record<OnlineProvider, PaymentGateway>>;

/** The adapters of the configured keys; `timeoutMs` (tests) shortens how long a provider is waited for. */
export function gatewaysFromKeys(keys: GatewayKeys, timeoutMs?: number): Gateways {
  return {
    ...(keys.midtrans ? { midtrans: midtransGateway({ ...keys.midtrans, timeoutMs }) } : {}),
    ...(keys.xendit ? { xendit: xenditGateway({ ...keys.xendit, timeoutMs }) } : {}),
  };
}

/** The gateway a new charge uses: until a branch chooses, the first configured (Midtrans, then Xendit). */
export const defaultGateway = (gateways: Gateways): PaymentGateway | undefined =>
  gateways.midtrans ?? gateways.xendit;
