/**
 * The demo's payment gateway (docs/online-payments.md, "Simulator"): the local provider on 127.0.0.1, reached
 * through the real Midtrans adapter, paying an order by a signed notification to our own notification URL. Only
 * server.ts starts it, and only when KEUANGAN_GATEWAY_SIMULATOR=1 and no provider key is set (config.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Gateways } from '../online-payments/gateways';
import { midtransGateway } from '../online-payments/gateways/midtrans';
import type { GatewaySimulator } from '../online-payments/routes';
import { startFakeGateway } from './simulator';

export async function startGatewaySimulator(): Promise<{
  gateways: Gateways;
  /** Pays through the notification URL of the API at `apiOrigin` (`http://127.0.0.1:8080`). */
  simulatorFor(apiOrigin: () => string): GatewaySimulator;
  close(): Promise<void>;
}> {
  // A key of this run only: nothing outside this process can sign a notification the API accepts.
  const serverKey = `SB-Mid-server-sim-${randomBytes(16).toString('hex')}`;
  const fake = await startFakeGateway(serverKey);
  return {
    gateways: { midtrans: midtransGateway({ serverKey, apiUrl: fake.url }) },
    simulatorFor: (apiOrigin) => ({
      pay: (orderId) => fake.pay(orderId, `${apiOrigin()}/api/payment-gateway/midtrans/notification`),
    }),
    close: () => fake.close(),
  };
}
