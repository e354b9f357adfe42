/**
 * Online payments against a local provider that speaks the documented protocols (src/gateway-simulator/simulator.ts), on PGlite and
 * PostgreSQL (docs/online-payments.md): charges at the server's amount, a failing provider leaves nothing,
 * notifications verified before anything is read, stored once, posted once under 100 duplicates from 3 app
 * instances, and money that does not fit a charge kept as Saldo Titipan.
 */
import {
  ONLINE_CASHIER_NAME,
  ONLINE_PAYMENT_MESSAGES,
  type OnlineCharge,
  type OnlineChargeDetail,
  type Paged,
  PTYPE_VIRTUAL_ACCOUNT,
  type StudentBillingDetail,
} from '@keuangan/shared/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import {
  gateway_notifications,
  online_charges,
  student_billing_payments,
  student_credit_movements,
} from '../src/db/schema';
import {
  type FakeGateway,
  MIDTRANS_KEY,
  startFakeGateway,
  XENDIT_KEY,
  XENDIT_TOKEN,
} from '../src/gateway-simulator/simulator';
import { gatewaysFromKeys } from '../src/online-payments/gateways';
import {
  billMaker,
  expectLedgerConsistent,
  openSessions,
  payInFull,
  type Sessions,
} from './billing-fixtures';
import { bearer, TEST_SECRET } from './helpers';

const MIDTRANS_PATH = '/api/payment-gateway/midtrans/notification';
const XENDIT_PATH = '/api/payment-gateway/xendit/callback';

describe('online payments', () => {
  let fake: FakeGateway;
  let s: Sessions;
  let newBill: ReturnType<typeof billMaker>;
  /** Two more app instances on the same database (own connection pools on PostgreSQL). */
  const others: { app: FastifyInstance; database?: Database }[] = [];

  beforeAll(async () => {
    fake = await startFakeGateway();
    const gateways = gatewaysFromKeys({
      midtrans: { serverKey: MIDTRANS_KEY, apiUrl: fake.url },
      xendit: { secretKey: XENDIT_KEY, callbackToken: XENDIT_TOKEN, apiUrl: fake.url },
    });
    s = await openSessions({ gateways });
    newBill = billMaker(s);
    for (let i = 0; i < 2; i++) {
      const url = s.ctx.databaseUrl;
      const database = url ? await openDatabase({ kind: 'postgres', url }) : undefined;
      const app = await buildApp({
        database: database ?? s.ctx.database,
        jwtSecret: TEST_SECRET,
        uploadsDir: s.ctx.uploadsDir,
        logger: false,
        gateways,
      });
      others.push({ app, ...(database ? { database } : {}) });
    }
  });

  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      await other.database?.close();
    }
    await s?.ctx.close();
    await fake?.close();
  });

  const charge = (payload: object, key?: string) =>
    s.ctx.app.inject({
      method: 'POST',
      url: '/api/online-payments',
      headers: { ...bearer(s.bandung), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  const notify = (body: string, app: FastifyInstance = s.ctx.app, path = MIDTRANS_PATH, headers = {}) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  const detail = async (id: number) =>
    (
      await s.ctx.app.inject({ method: 'GET', url: `/api/online-payments/${id}`, headers: bearer(s.bandung) })
    ).json<OnlineChargeDetail>();

  const billDetail = async (id: number) =>
    (
      await s.ctx.app.inject({ method: 'GET', url: `/api/student-billing/${id}`, headers: bearer(s.bandung) })
    ).json<StudentBillingDetail>();

  const paymentsOf = (billId: number) =>
    s.ctx.database.db
      .select()
      .from(student_billing_payments)
      .where(eq(student_billing_payments.student_billing_id, billId));

  const chargeCount = async () => (await s.ctx.database.db.select({ n: count() }).from(online_charges))[0]?.n;

  /** A new bill (Rp 350.000 + Rp 150.000) and a Midtrans BCA VA charge for all of it. */
  async function chargedBill(channel = 'bca_va') {
    const bill = await newBill();
    const res = await charge({ student_billing_id: bill.id, channel });
    expect(res.statusCode, res.body).toBe(201);
    return { bill, created: res.json<OnlineCharge>() };
  }

  it('says plainly that it is not configured when no gateway has keys', async () => {
    const bare = await buildApp({
      database: s.ctx.database,
      jwtSecret: TEST_SECRET,
      uploadsDir: s.ctx.uploadsDir,
      logger: false,
    });
    try {
      const bill = await newBill();
      const res = await bare.inject({
        method: 'POST',
        url: '/api/online-payments',
        headers: bearer(s.bandung),
        payload: { student_billing_id: bill.id, channel: 'bca_va' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ONLINE_PAYMENT_MESSAGES.notConfigured);
    } finally {
      await bare.close();
    }
  });

  it('charges the unpaid items at the amount the server computes, once per Idempotency-Key', async () => {
    const bill = await newBill();
    const key = 'op-create-0001';
    const before = fake.charges();
    const first = await charge({ student_billing_id: bill.id, channel: 'bca_va', amount: 1 }, key);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<OnlineCharge>();
    expect(created).toMatchObject({
      amount: 500_000,
      channel: 'bca_va',
      provider: 'midtrans',
      status: 'pending',
    });
    expect(created.va_number).toMatch(/^1234/);
    expect(created.items).toHaveLength(2);
    const again = await charge({ student_billing_id: bill.id, channel: 'bca_va' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<OnlineCharge>().id).toBe(created.id);
    expect(fake.charges()).toBe(before + 1);
  });

  it('refuses bad input with a readable 4xx', async () => {
    const bill = await newBill();
    const badChannel = await charge({ student_billing_id: bill.id, channel: 'gopay' });
    expect(badChannel.statusCode).toBe(422);
    expect(badChannel.json().message).toBe(ONLINE_PAYMENT_MESSAGES.channelInvalid);
    const notOnBill = await charge({ student_billing_id: bill.id, channel: 'qris', items: [999_999] });
    expect(notOnBill.statusCode).toBe(422);
    const draft = await newBill({ confirmed: false });
    expect((await charge({ student_billing_id: draft.id, channel: 'qris' })).statusCode).toBe(409);
  });

  it('answers 502 or 503 when the provider fails, leaves nothing behind, and a retry with the key works', async () => {
    const bill = await newBill();
    const before = await chargeCount();
    fake.mode = 'error';
    const down = await charge({ student_billing_id: bill.id, channel: 'bni_va' }, 'op-retry-1');
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(ONLINE_PAYMENT_MESSAGES.gatewayDown);
    fake.mode = 'hang';
    // An app that waits for the provider 1 s instead of 10 s.
    const impatient = await buildApp({
      database: s.ctx.database,
      jwtSecret: TEST_SECRET,
      uploadsDir: s.ctx.uploadsDir,
      logger: false,
      gateways: gatewaysFromKeys({ midtrans: { serverKey: MIDTRANS_KEY, apiUrl: fake.url } }, 1_000),
    });
    const slow = await impatient
      .inject({
        method: 'POST',
        url: '/api/online-payments',
        headers: { ...bearer(s.bandung), 'idempotency-key': 'op-retry-1' },
        payload: { student_billing_id: bill.id, channel: 'bni_va' },
      })
      .finally(() => impatient.close());
    expect(slow.statusCode).toBe(503);
    expect(slow.json().message).toBe(ONLINE_PAYMENT_MESSAGES.gatewayTimeout);
    expect(await chargeCount()).toBe(before);
    fake.mode = 'ok';
    const retried = await charge({ student_billing_id: bill.id, channel: 'bni_va' }, 'op-retry-1');
    expect(retried.statusCode).toBe(201);
    expect(await chargeCount()).toBe((before ?? 0) + 1);
  });

  it('keeps one open charge per item: a new one cancels the old, here and at the provider', async () => {
    const { bill, created } = await chargedBill();
    const second = await charge({ student_billing_id: bill.id, channel: 'qris' });
    expect(second.statusCode).toBe(201);
    expect(second.json<OnlineCharge>().qr_string).toContain('QRIS');
    expect((await detail(created.id)).status).toBe('cancelled');
    await expect.poll(() => fake.orders.get(created.order_id)?.status, { timeout: 10_000 }).toBe('cancel');
  });

  it('answers 401 to a bad signature, keeps the request and posts nothing', async () => {
    const { bill, created } = await chargedBill();
    fake.set(created.order_id, 'settlement');
    const forged = await notify(fake.midtransNotification(created.order_id, 'not-the-server-key'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(ONLINE_PAYMENT_MESSAGES.badSignature);
    const kept = await s.ctx.database.db
      .select()
      .from(gateway_notifications)
      .where(eq(gateway_notifications.order_id, created.order_id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ signature_ok: false, outcome: 'bad_signature' });
    expect(await paymentsOf(bill.id)).toHaveLength(0);
    expect((await detail(created.id)).status).toBe('pending');
  });

  it('posts once under 100 duplicate notifications sent at once to 3 app instances', async () => {
    const { bill, created } = await chargedBill();
    fake.set(created.order_id, 'settlement');
    const body = fake.midtransNotification(created.order_id);
    const apps = [s.ctx.app, ...others.map((o) => o.app)];
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => notify(body, apps[i % apps.length] as FastifyInstance)),
    );
    const kept = await s.ctx.database.db
      .select()
      .from(gateway_notifications)
      .where(eq(gateway_notifications.order_id, created.order_id));
    expect(
      answers.filter((a) => a.statusCode !== 200).map((a) => a.body),
      JSON.stringify(kept),
    ).toEqual([]);
    const payments = await paymentsOf(bill.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: 500_000,
      ptype: PTYPE_VIRTUAL_ACCOUNT,
      cashier_name: ONLINE_CASHIER_NAME,
      voided_at: null,
    });
    expect(payments[0]?.note).toContain(fake.orders.get(created.order_id)?.transactionId);
    const after = await detail(created.id);
    expect(after).toMatchObject({
      status: 'posted',
      flagged: false,
      student_billing_payment_id: payments[0]?.id,
    });
    expect(after.notifications).toHaveLength(1);
    expect((await billDetail(bill.id)).payment_status).toBe(1);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('keeps money of another amount as Saldo Titipan, never posted', async () => {
    const { bill, created } = await chargedBill();
    fake.set(created.order_id, 'settlement', 450_000);
    expect((await notify(fake.midtransNotification(created.order_id))).statusCode).toBe(200);
    expect(await paymentsOf(bill.id)).toHaveLength(0);
    expect(await detail(created.id)).toMatchObject({
      status: 'credited',
      flagged: true,
      paid_amount: 450_000,
    });
    const credits = await s.ctx.database.db
      .select()
      .from(student_credit_movements)
      .where(eq(student_credit_movements.online_charge_id, created.id));
    expect(credits).toMatchObject([
      { amount: 450_000, source: 'online_mismatch', student_id: bill.student_id },
    ]);
  });

  it('keeps the money as Saldo Titipan when the items were paid at the counter meanwhile', async () => {
    const { bill, created } = await chargedBill();
    const paid = await s.ctx.app.inject({
      method: 'POST',
      url: `/api/student-billing-pay/${bill.id}`,
      headers: bearer(s.bandung),
      payload: payInFull(await billDetail(bill.id)),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    fake.set(created.order_id, 'settlement');
    expect((await notify(fake.midtransNotification(created.order_id))).statusCode).toBe(200);
    expect(await paymentsOf(bill.id)).toHaveLength(1);
    expect(await detail(created.id)).toMatchObject({ status: 'credited', flagged: true });
    const [credit] = await s.ctx.database.db
      .select()
      .from(student_credit_movements)
      .where(eq(student_credit_movements.online_charge_id, created.id));
    expect(credit).toMatchObject({ amount: 500_000, source: 'online_already_paid' });
  });

  it('posts a settlement after expiry, flagged; a late expiry after it changes nothing', async () => {
    const { bill, created } = await chargedBill();
    fake.set(created.order_id, 'expire');
    expect((await notify(fake.midtransNotification(created.order_id))).statusCode).toBe(200);
    expect((await detail(created.id)).status).toBe('expired');
    fake.set(created.order_id, 'settlement');
    expect((await notify(fake.midtransNotification(created.order_id))).statusCode).toBe(200);
    expect(await detail(created.id)).toMatchObject({ status: 'posted', flagged: true });
    expect(await paymentsOf(bill.id)).toHaveLength(1);
    fake.set(created.order_id, 'expire');
    expect((await notify(fake.midtransNotification(created.order_id))).statusCode).toBe(200);
    expect((await detail(created.id)).status).toBe('posted');
    expect(await paymentsOf(bill.id)).toHaveLength(1);
  });

  it('posts on a staff status check when the notification never came', async () => {
    const { bill, created } = await chargedBill();
    fake.set(created.order_id, 'settlement');
    const check = () =>
      s.ctx.app.inject({
        method: 'POST',
        url: `/api/online-payments/${created.id}/check`,
        headers: bearer(s.bandung),
      });
    const first = await check();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<OnlineChargeDetail>().status).toBe('posted');
    expect((await check()).json<OnlineChargeDetail>().status).toBe('posted');
    expect(await paymentsOf(bill.id)).toHaveLength(1);
  });

  it('answers 200 to a signed notification of an unknown order, records it and posts nothing', async () => {
    const { created } = await chargedBill();
    // The provider knows the order (signed as documented); our database does not.
    const order = fake.orders.get(created.order_id);
    if (!order) throw new Error('no order');
    fake.orders.set('KEU-UNKNOWN-1', { ...order, orderId: 'KEU-UNKNOWN-1', status: 'settlement' });
    const res = await notify(fake.midtransNotification('KEU-UNKNOWN-1'));
    expect(res.statusCode).toBe(200);
    const [kept] = await s.ctx.database.db
      .select()
      .from(gateway_notifications)
      .where(eq(gateway_notifications.order_id, 'KEU-UNKNOWN-1'));
    expect(kept).toMatchObject({ signature_ok: true, outcome: 'unknown_order', online_charge_id: null });
  });

  it('never deletes a charge or a credit, nor changes a received notification', async () => {
    const { created } = await chargedBill();
    fake.set(created.order_id, 'settlement', 1_000);
    await notify(fake.midtransNotification(created.order_id));
    const db = s.ctx.database.db;
    await expect(db.delete(online_charges).where(eq(online_charges.id, created.id))).rejects.toThrow();
    await expect(
      db
        .update(student_credit_movements)
        .set({ amount: 1 })
        .where(eq(student_credit_movements.online_charge_id, created.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(student_credit_movements).where(eq(student_credit_movements.online_charge_id, created.id)),
    ).rejects.toThrow();
    await expect(
      db
        .update(gateway_notifications)
        .set({ raw_body: '{}' })
        .where(eq(gateway_notifications.online_charge_id, created.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(gateway_notifications).where(eq(gateway_notifications.online_charge_id, created.id)),
    ).rejects.toThrow();
    expect((await detail(created.id)).notifications).toHaveLength(1);
  });

  it('Xendit: checks x-callback-token, stores a webhook-id once and posts once', async () => {
    const bare = await buildApp({
      database: s.ctx.database,
      jwtSecret: TEST_SECRET,
      uploadsDir: s.ctx.uploadsDir,
      logger: false,
      gateways: gatewaysFromKeys({
        xendit: { secretKey: XENDIT_KEY, callbackToken: XENDIT_TOKEN, apiUrl: fake.url },
      }),
    });
    try {
      const bill = await newBill();
      const res = await bare.inject({
        method: 'POST',
        url: '/api/online-payments',
        headers: bearer(s.bandung),
        payload: { student_billing_id: bill.id, channel: 'bri_va' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<OnlineCharge>();
      expect(created).toMatchObject({ provider: 'xendit', amount: 500_000 });
      expect(created.va_number).toMatch(/^8808/);
      fake.set(created.order_id, 'settlement');
      const body = fake.xenditCallback(created.order_id);
      const wrong = await notify(body, bare, XENDIT_PATH, {
        'x-callback-token': 'nope',
        'webhook-id': 'wh-1',
      });
      expect(wrong.statusCode).toBe(401);
      expect(await paymentsOf(bill.id)).toHaveLength(0);
      const headers = { 'x-callback-token': XENDIT_TOKEN, 'webhook-id': 'wh-1' };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => notify(body, bare, XENDIT_PATH, headers)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await paymentsOf(bill.id)).toHaveLength(1);
      const stored = await s.ctx.database.db
        .select()
        .from(gateway_notifications)
        .where(
          and(eq(gateway_notifications.provider, 'xendit'), eq(gateway_notifications.event_key, 'wh-1')),
        );
      expect(stored).toHaveLength(1);
      expect((await detail(created.id)).status).toBe('posted');
    } finally {
      await bare.close();
    }
  });

  it('filters the list by channel and by "perlu diperiksa", and refuses an unknown channel', async () => {
    const { created: qris } = await chargedBill('qris');
    const { created: late } = await chargedBill();
    fake.set(late.order_id, 'expire');
    expect((await notify(fake.midtransNotification(late.order_id))).statusCode).toBe(200);
    fake.set(late.order_id, 'settlement');
    expect((await notify(fake.midtransNotification(late.order_id))).statusCode).toBe(200);
    const list = async (query: string) => {
      const res = await s.ctx.app.inject({
        method: 'GET',
        url: `/api/online-payments?limit=100&${query}`,
        headers: bearer(s.bandung),
      });
      return { status: res.statusCode, body: res.json<Paged<OnlineCharge> & { message?: string }>() };
    };
    const byChannel = await list('channel=qris');
    expect(byChannel.status).toBe(200);
    expect(byChannel.body.data.map((c) => c.id)).toContain(qris.id);
    expect(byChannel.body.data.every((c) => c.channel === 'qris')).toBe(true);
    const flagged = await list('flagged=1');
    expect(flagged.body.data.map((c) => c.id)).toContain(late.id);
    expect(flagged.body.data.map((c) => c.id)).not.toContain(qris.id);
    expect(flagged.body.data.every((c) => c.flagged)).toBe(true);
    const both = await list('flagged=1&channel=qris');
    expect(both.body.data.map((c) => c.id)).not.toContain(late.id);
    const bad = await list('channel=paypal');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(ONLINE_PAYMENT_MESSAGES.channelInvalid);
  });
});
