/**
 * A local payment provider for the API tests and the demo (docs/online-payments.md, "Simulator"): it speaks
 * Midtrans' Core API (charge, status, cancel, basic auth with the server key) and Xendit's Payment Requests API
 * (create, get, expire the method) over HTTP on 127.0.0.1, and writes notifications signed as each provider
 * documents them. It can also time out or answer 5xx, to test what a failing provider leaves behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedVaDesk } from './xendit-fixed-va';

export const MIDTRANS_KEY = 'SB-Mid-server-test-key-0123456789';
export const XENDIT_KEY = 'xnd_development_test_key';
export const XENDIT_TOKEN = 'xendit-callback-token-test';

interface Order {
  provider: 'midtrans' | 'xendit';
  orderId: string;
  transactionId: string;
  amount: number;
  status: string; // Midtrans' transaction_status words
  methodId: string;
  channel: string;
}

export interface FakeGateway {
  url: string;
  /**
   * What the next charge creations do: answer normally, hang past the client's timeout, answer 500, or (`late`)
   * make it and then answer too late: a fixed VA is opened here but the client never hears it.
   */
  mode: 'ok' | 'hang' | 'error' | 'late';
  orders: Map<string, Order>;
  charges(): number;
  /** Sets the order's status at the provider (and, for a payment, the amount that arrived). */
  set(orderId: string, status: 'settlement' | 'expire' | 'cancel' | 'pending', amount?: number): void;
  /** A Midtrans notification body for the order as it stands, signed with `key` (the server key by default). */
  midtransNotification(orderId: string, key?: string): string;
  /** A Xendit payment callback body for the order as it stands. */
  xenditCallback(orderId: string): string;
  /** Settles the order at the provider and sends its signed Midtrans notification to `url`: the answer's status. */
  pay(orderId: string, url: string): Promise<number>;
  /** Xendit's fixed VAs opened here, and the "FVA paid" callback body of money arriving on one. */
  fixedVas: ReturnType<typeof fixedVaDesk>;
  /** Sends the "FVA paid" callback of `amount` on the VA to `url` with `token`: the answer's status. */
  payFixedVa(externalId: string, amount: number, url: string, token: string): Promise<number>;
  close(): Promise<void>;
}

const midtransSignature = (orderId: string, statusCode: string, gross: string, key: string) =>
  createHash('sha512').update(`${orderId}${statusCode}${gross}${key}`).digest('hex');

const STATUS_CODES: Record<string, string> = {
  settlement: '200',
  pending: '201',
  expire: '407',
  cancel: '200',
};

/** The keys it checks and signs with (the demo makes random ones per start). */
export async function startFakeGateway(
  midtransKey = MIDTRANS_KEY,
  xenditKey = XENDIT_KEY,
): Promise<FakeGateway> {
  const orders = new Map<string, Order>();
  const fixedVas = fixedVaDesk();
  const byXenditId = new Map<string, Order>();
  let created = 0;

  const midtransStatus = (order: Order) => {
    const gross = `${order.amount}.00`;
    const statusCode = STATUS_CODES[order.status] ?? '201';
    return {
      status_code: statusCode,
      transaction_id: order.transactionId,
      order_id: order.orderId,
      gross_amount: gross,
      currency: 'IDR',
      payment_type: order.channel === 'qris' ? 'qris' : 'bank_transfer',
      transaction_status: order.status,
      fraud_status: 'accept',
      signature_key: midtransSignature(order.orderId, statusCode, gross, midtransKey),
    };
  };

  const xenditRequest = (order: Order) => ({
    id: order.transactionId,
    reference_id: order.orderId,
    business_id: 'biz-test',
    created: new Date().toISOString(),
    updated: new Date().toISOString(),
    amount: order.amount,
    currency: 'IDR',
    country: 'ID',
    status: { settlement: 'SUCCEEDED', expire: 'EXPIRED', cancel: 'CANCELED' }[order.status] ?? 'PENDING',
    payment_method: {
      id: order.methodId,
      type: order.channel === 'qris' ? 'QR_CODE' : 'VIRTUAL_ACCOUNT',
      reusability: 'ONE_TIME_USE',
      status: 'ACTIVE',
      ...(order.channel === 'qris'
        ? {
            qr_code: {
              channel_code: 'QRIS',
              channel_properties: { qr_string: `00020101QRIS${order.orderId}` },
            },
          }
        : {
            virtual_account: {
              channel_code: 'BCA',
              channel_properties: { customer_name: 'Siswa', virtual_account_number: `8808${created}` },
            },
          }),
    },
  });

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = req.url ?? '';
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      // A fixed VA's update (its close) fails as the creations do.
      const isCreate =
        (req.method === 'POST' &&
          (url === '/v2/charge' || url === '/payment_requests' || url === '/callback_virtual_accounts')) ||
        (req.method === 'PATCH' && url.startsWith('/callback_virtual_accounts/'));
      if (isCreate && fake.mode === 'hang') return; // never answers: the client's timeout ends it
      if (isCreate && fake.mode === 'late' && url === '/callback_virtual_accounts') {
        fixedVas.create(raw); // made, but the answer never comes
        return;
      }
      if (isCreate && fake.mode === 'error') return send(res, 500, { status_code: '500', message: 'down' });
      // Midtrans Core API: basic auth, the server key as the user name.
      if (url.startsWith('/v2/') && !url.startsWith('/v2/payment_methods')) {
        if (auth !== `${midtransKey}:`)
          return send(res, 401, { status_code: '401', status_message: 'unauthorized' });
        if (url === '/v2/charge') {
          const body = JSON.parse(raw) as {
            payment_type: string;
            transaction_details: { order_id: string; gross_amount: number };
            bank_transfer?: { bank: string };
          };
          created += 1;
          const order: Order = {
            provider: 'midtrans',
            orderId: body.transaction_details.order_id,
            transactionId: randomUUID(),
            amount: body.transaction_details.gross_amount,
            status: 'pending',
            methodId: '',
            channel: body.payment_type === 'qris' ? 'qris' : (body.bank_transfer?.bank ?? 'echannel'),
          };
          orders.set(order.orderId, order);
          return send(res, 200, {
            ...midtransStatus(order),
            status_message: 'Success, transaction is created',
            ...(order.channel === 'qris'
              ? { qr_string: `00020101QRIS${order.orderId}` }
              : {
                  va_numbers: [{ bank: order.channel, va_number: `1234${String(created).padStart(8, '0')}` }],
                }),
          });
        }
        const match = /^\/v2\/([^/]+)\/(status|cancel)$/.exec(url);
        const order = match?.[1] ? orders.get(decodeURIComponent(match[1])) : undefined;
        if (!order)
          return send(res, 404, { status_code: '404', status_message: 'Transaction does not exist.' });
        if (match?.[2] === 'cancel') order.status = 'cancel';
        return send(res, 200, midtransStatus(order));
      }
      // Xendit: basic auth, the secret key as the user name.
      if (auth !== `${xenditKey}:`)
        return send(res, 401, { error_code: 'INVALID_API_KEY', message: 'unauthorized' });
      if (url === '/callback_virtual_accounts' && req.method === 'POST') {
        const answer = fixedVas.create(raw);
        return send(res, answer.status, answer.body);
      }
      const byExternal = /^\/callback_virtual_accounts\?external_id=(.+)$/.exec(url);
      if (byExternal?.[1] && req.method === 'GET') {
        const answer = fixedVas.find(decodeURIComponent(byExternal[1]));
        return send(res, answer.status, answer.body);
      }
      const fva = /^\/callback_virtual_accounts\/([^/]+)$/.exec(url);
      if (fva?.[1] && req.method === 'PATCH') {
        const answer = fixedVas.update(decodeURIComponent(fva[1]), raw);
        return send(res, answer.status, answer.body);
      }
      if (url === '/payment_requests' && req.method === 'POST') {
        const body = JSON.parse(raw) as {
          reference_id: string;
          amount: number;
          payment_method: { type: string };
        };
        created += 1;
        const order: Order = {
          provider: 'xendit',
          orderId: body.reference_id,
          transactionId: `pr-${randomUUID()}`,
          amount: body.amount,
          status: 'pending',
          methodId: `pm-${randomUUID()}`,
          channel: body.payment_method.type === 'QR_CODE' ? 'qris' : 'va',
        };
        orders.set(order.orderId, order);
        byXenditId.set(order.transactionId, order);
        byXenditId.set(order.methodId, order);
        return send(res, 201, xenditRequest(order));
      }
      const request = /^\/payment_requests\/([^/]+)$/.exec(url);
      if (request?.[1]) {
        const order = byXenditId.get(request[1]);
        return order
          ? send(res, 200, xenditRequest(order))
          : send(res, 404, { error_code: 'DATA_NOT_FOUND' });
      }
      const expire = /^\/v2\/payment_methods\/([^/]+)\/expire$/.exec(url);
      const order = expire?.[1] ? byXenditId.get(expire[1]) : undefined;
      if (!order) return send(res, 404, { error_code: 'DATA_NOT_FOUND' });
      order.status = 'cancel';
      return send(res, 200, { ...xenditRequest(order).payment_method, status: 'EXPIRED' });
    });
  });
  // Idle sockets stay open longer than a test: a client reusing one as the server closes it would see ECONNRESET.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeGateway = {
    url: `http://127.0.0.1:${port}`,
    mode: 'ok',
    orders,
    charges: () => created,
    set(orderId, status, amount) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.status = status;
      if (amount !== undefined) order.amount = amount;
    },
    midtransNotification(orderId, key = midtransKey) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const status = midtransStatus(order);
      return JSON.stringify({
        ...status,
        signature_key: midtransSignature(order.orderId, status.status_code, status.gross_amount, key),
      });
    },
    xenditCallback(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const request = xenditRequest(order);
      return JSON.stringify({
        event: order.status === 'settlement' ? 'payment.succeeded' : 'payment.failed',
        business_id: 'biz-test',
        created: new Date().toISOString(),
        data: {
          id: `py-${order.transactionId.slice(3)}`,
          payment_request_id: order.transactionId,
          reference_id: order.orderId,
          amount: order.amount,
          currency: 'IDR',
          country: 'ID',
          status: request.status,
          payment_method: request.payment_method,
          created: request.created,
          updated: request.updated,
        },
      });
    },
    async pay(orderId, url) {
      fake.set(orderId, 'settlement');
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: fake.midtransNotification(orderId),
        signal: AbortSignal.timeout(30_000),
      });
      return answer.status;
    },
    fixedVas,
    async payFixedVa(externalId, amount, url, token) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-callback-token': token },
        body: fixedVas.callback(externalId, amount),
        signal: AbortSignal.timeout(30_000),
      });
      return answer.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
