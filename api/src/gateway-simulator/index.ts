/**
 * The demo's payment gateway (docs/online-payments.md, "Simulator"): the local provider on 127.0.0.1, reached
 * through the real Midtrans adapter for charges and the real Xendit adapter for fixed VAs, paying by a signed
 * notification to our own notification URLs. Only server.ts starts it, and only when
 * KEUANGAN_GATEWAY_SIMULATOR=1 and no provider key is set (config.ts).
 */
import { randomBytes } from 'node:crypto';
import { ROUTES } from '@keuangan/shared/contract';
import type { Gateways } from '../online-payments/gateways';
import { midtransGateway } from '../online-payments/gateways/midtrans';
import { xenditGateway } from '../online-payments/gateways/xendit';
import type { GatewaySimulator } from '../online-payments/simulator';
import { startFakeGateway } from './simulator';

export async function startGatewaySimulator(): Promise<{
  gateways: Gateways;
  /** Pays through the notification URLs of the API at `apiOrigin` (`http://127.0.0.1:8080`). */
  simulatorFor(apiOrigin: () => string): GatewaySimulator;
  close(): Promise<void>;
}> {
  // Keys of this run only: nothing outside this process can sign a notification the API accepts.
  const serverKey = `SB-Mid-server-sim-${randomBytes(16).toString('hex')}`;
  const secretKey = `xnd_development_sim_${randomBytes(16).toString('hex')}`;
  const callbackToken = randomBytes(24).toString('hex');
  const fake = await startFakeGateway(serverKey, secretKey);
  return {
    // Midtrans first: charges go to it as to the first configured provider; Xendit serves the fixed VAs.
    gateways: {
      midtrans: midtransGateway({ serverKey, apiUrl: fake.url }),
      xendit: xenditGateway({ secretKey, callbackToken, apiUrl: fake.url }),
    },
    simulatorFor: (apiOrigin) => ({
      pay: (orderId) => fake.pay(orderId, `${apiOrigin()}${ROUTES.gateways.midtransNotification()}`),
      payFixedVa: (externalId, amount) =>
        fake.payFixedVa(
          externalId,
          amount,
          `${apiOrigin()}${ROUTES.gateways.xenditFixedVa()}`,
          callbackToken,
        ),
    }),
    close: () => fake.close(),
  };
}
