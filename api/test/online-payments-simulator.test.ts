/**
 * What the staff dialog "Tagih Online" reads and the demo's simulator (docs/online-payments.md, "Tagih Online" and
 * "Simulator"): the gateway's channels, a bill's open charge found again, and "Simulasikan Pembayaran" paying by a
 * signed notification through our own notification URL, posted once with the provider's reference.
 */

import type { AddressInfo } from 'node:net';
import {
  EMBED_MESSAGES,
  type EmbedTokenCreated,
  ONLINE_CASHIER_NAME,
  ONLINE_PAYMENT_MESSAGES,
  type OnlineCharge,
  type OnlineChargeDetail,
  type OnlineGatewayInfo,
  PAYMENT_STATUS_PAID,
  type Paged,
  type StudentBillingDetail,
} from '@keuangan/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startGatewaySimulator } from '../src/gateway-simulator';
import { billMaker, openSessions, type Sessions } from './billing-fixtures';
import { bearer, createTestContext, login } from './helpers';

describe('the simulator is chosen only by the flag, and never over a provider key', () => {
  it('needs KEUANGAN_GATEWAY_SIMULATOR=1 and no Midtrans or Xendit key', () => {
    expect(loadConfig({}).gatewaySimulator).toBe(false);
    expect(loadConfig({ KEUANGAN_GATEWAY_SIMULATOR: 'true' }).gatewaySimulator).toBe(false);
    expect(loadConfig({ KEUANGAN_GATEWAY_SIMULATOR: '1' }).gatewaySimulator).toBe(true);
    const real = loadConfig({ KEUANGAN_GATEWAY_SIMULATOR: '1', MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' });
    expect(real.gatewaySimulator).toBe(false);
    expect(real.gateways.midtrans?.apiUrl).toBe('https://api.sandbox.midtrans.com');
    const xendit = loadConfig({
      KEUANGAN_GATEWAY_SIMULATOR: '1',
      XENDIT_SECRET_KEY: 'xnd_x',
      XENDIT_CALLBACK_TOKEN: 't',
    });
    expect(xendit.gatewaySimulator).toBe(false);
  });
});

describe('online payments: Tagih Online and the simulator', () => {
  let sim: Awaited<ReturnType<typeof startGatewaySimulator>>;
  let s: Sessions;
  let origin = '';

  beforeAll(async () => {
    sim = await startGatewaySimulator();
    s = await openSessions({ gateways: sim.gateways, gatewaySimulator: sim.simulatorFor(() => origin) });
    // The simulator notifies over HTTP, as a provider would: the app listens on a loopback port.
    await s.ctx.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(s.ctx.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await s?.ctx.close();
    await sim?.close();
  });

  const get = async <T>(url: string, token = s.bandung) => {
    const res = await s.ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const post = async <T>(url: string, payload?: object) => {
    const res = await s.ctx.app.inject({ method: 'POST', url, headers: bearer(s.bandung), payload });
    return { status: res.statusCode, body: res.json<T>() };
  };

  it('names the gateway and its channels, and says when it is the simulator', async () => {
    const info = await get<OnlineGatewayInfo>('/api/online-payments/channels');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ configured: true, provider: 'midtrans', simulator: true });
    expect(info.body.channels).toContain('bca_va');
    expect(info.body.channels).toContain('qris');
    expect((await get('/api/online-payments/channels', s.guru)).status).toBe(403);
  });

  it('says plainly that nothing is configured without a gateway', async () => {
    const ctx = await createTestContext();
    try {
      const { token } = await login(ctx.app, 'keuangan');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/online-payments/channels',
        headers: bearer(token),
      });
      expect(res.json()).toEqual({
        configured: false,
        provider: null,
        channels: [],
        simulator: false,
        fixed_va: false,
      });
      const sim = await ctx.app.inject({
        method: 'POST',
        url: '/api/online-payments/1/simulate',
        headers: bearer(token),
      });
      expect(sim.statusCode).toBe(409);
      expect(sim.json().message).toBe(ONLINE_PAYMENT_MESSAGES.simulatorOff);
    } finally {
      await ctx.close();
    }
  });

  it("finds a bill's open charge, pays it through the signed notification, and refuses a second", async () => {
    const bill = await billMaker(s)();
    const created = await post<OnlineCharge>('/api/online-payments', {
      student_billing_id: bill.id,
      channel: 'bca_va',
    });
    expect(created.status).toBe(201);
    expect(created.body.va_number).toMatch(/^\d+$/);
    expect(created.body.amount).toBe(500_000);

    const open = await get<Paged<OnlineCharge>>(
      `/api/online-payments?student_billing_id=${bill.id}&status=pending`,
    );
    expect(open.body.data.map((c) => c.id)).toEqual([created.body.id]);

    const paid = await post<OnlineChargeDetail>(`/api/online-payments/${created.body.id}/simulate`);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('posted');
    expect(paid.body.notifications.map((n) => [n.signature_ok, n.outcome])).toEqual([[true, 'posted']]);

    const detail = await get<StudentBillingDetail>(`/api/student-billing/${bill.id}`);
    expect(detail.body.payment_status).toBe(PAYMENT_STATUS_PAID);
    const [payment] = detail.body.student_billing_payments;
    expect(payment?.amount).toBe(500_000);
    expect(payment?.cashier_name).toBe(ONLINE_CASHIER_NAME);
    expect(payment?.note).toContain(paid.body.provider_transaction_id);

    const again = await post<{ message: string }>(`/api/online-payments/${created.body.id}/simulate`);
    expect(again).toEqual({
      status: 409,
      body: expect.objectContaining({ message: ONLINE_PAYMENT_MESSAGES.notPending }),
    });
    const second = await post<{ message: string }>('/api/online-payments', {
      student_billing_id: bill.id,
      channel: 'bca_va',
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ONLINE_PAYMENT_MESSAGES.nothingDue);
  });

  describe('Bayar Online in the embedded view (docs/online-payments.md, "Bayar Online")', () => {
    const mint = async (scope: 'billing:read' | 'billing:pay', studentId: number) => {
      const res = await s.ctx.app.inject({
        method: 'POST',
        url: '/api/embed-tokens',
        headers: bearer(s.bandung),
        payload: { label: 'Portal Orang Tua', scope, student_id: studentId, expires_in_minutes: 60 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<EmbedTokenCreated>().token;
    };
    const as = async <T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await s.ctx.app.inject({ method, url, headers: bearer(token), payload });
      return { status: res.statusCode, body: res.json<T & { message?: string }>() };
    };

    it("a pay token (not a kasir's) charges its student's bill and the simulator pays it", async () => {
      const bill = await billMaker(s)();
      const pay = await mint('billing:pay', bill.student_id);
      expect((await as<OnlineGatewayInfo>(pay, 'GET', '/api/online-payments/channels')).body).toMatchObject({
        configured: true,
        simulator: true,
      });
      const created = await as<OnlineCharge>(pay, 'POST', '/api/online-payments', {
        student_billing_id: bill.id,
        channel: 'qris',
        amount: 1,
      });
      expect(created.status).toBe(201);
      expect(created.body.amount).toBe(500_000);
      expect(created.body.qr_string).toBeTruthy();
      // The open charge is found again, by the bill only.
      const open = await as<Paged<OnlineCharge>>(
        pay,
        'GET',
        `/api/online-payments?student_billing_id=${bill.id}&status=pending`,
      );
      expect(open.body.data.map((c) => c.id)).toEqual([created.body.id]);
      const branchList = await as(pay, 'GET', '/api/online-payments');
      expect(branchList.status).toBe(403);
      expect(branchList.body.message).toBe(EMBED_MESSAGES.outOfScope);

      const paid = await as<OnlineChargeDetail>(
        pay,
        'POST',
        `/api/online-payments/${created.body.id}/simulate`,
      );
      expect(paid.status).toBe(200);
      expect(paid.body.status).toBe('posted');
      const detail = await get<StudentBillingDetail>(`/api/student-billing/${bill.id}`, pay);
      expect(detail.body.payment_status).toBe(PAYMENT_STATUS_PAID);
      expect(detail.body.student_billing_payments.map((p) => p.cashier_name)).toEqual([ONLINE_CASHIER_NAME]);
    });

    it("refuses a read token (403) and another student's bill or charge (403), changing nothing", async () => {
      const bill = await billMaker(s)();
      const other = await billMaker(s)();
      expect(other.student_id).not.toBe(bill.student_id);
      const read = await mint('billing:read', bill.student_id);
      const pay = await mint('billing:pay', bill.student_id);
      const body = { student_billing_id: bill.id, channel: 'bca_va' };
      for (const [method, url] of [
        ['POST', '/api/online-payments'],
        ['GET', '/api/online-payments/channels'],
        ['GET', `/api/online-payments?student_billing_id=${bill.id}`],
      ] as const) {
        const refused = await as(read, method, url, method === 'POST' ? body : undefined);
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(refused.body.message).toBe(EMBED_MESSAGES.outOfScope);
      }
      const elsewhere = await as(pay, 'POST', '/api/online-payments', {
        student_billing_id: other.id,
        channel: 'bca_va',
      });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.message).toBe(EMBED_MESSAGES.wrongStudent);
      const otherList = await as(pay, 'GET', `/api/online-payments?student_billing_id=${other.id}`);
      expect(otherList.status).toBe(403);
      // A charge of the other student (made by staff) is neither read, checked nor paid with this token.
      const staffs = await post<OnlineCharge>('/api/online-payments', {
        student_billing_id: other.id,
        channel: 'bca_va',
      });
      expect(staffs.status).toBe(201);
      for (const [method, url] of [
        ['GET', `/api/online-payments/${staffs.body.id}`],
        ['POST', `/api/online-payments/${staffs.body.id}/check`],
        ['POST', `/api/online-payments/${staffs.body.id}/simulate`],
      ] as const) {
        const refused = await as(pay, method, url);
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(refused.body.message).toBe(EMBED_MESSAGES.wrongStudent);
      }
      const still = await get<OnlineChargeDetail>(`/api/online-payments/${staffs.body.id}`);
      expect(still.body.status).toBe('pending');
      const none = await get<Paged<OnlineCharge>>(`/api/online-payments?student_billing_id=${bill.id}`);
      expect(none.body.total).toBe(0);
    });
  });
});
