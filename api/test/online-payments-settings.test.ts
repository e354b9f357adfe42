/**
 * A branch's choice of gateway and channels (docs/online-payments.md, "A branch's gateway and channels"), on
 * PGlite and PostgreSQL: the default is the first configured provider with all its channels, only admins save,
 * a channel turned off is refused (nothing written), an unconfigured provider cannot be chosen, new charges go to
 * the chosen provider while open charges of the other are still settled.
 */
import {
  ONLINE_CHANNELS,
  ONLINE_PAYMENT_MESSAGES,
  ONLINE_SETTINGS_MESSAGES,
  type OnlineCharge,
  type OnlineChargeDetail,
  type OnlineGatewayInfo,
  type OnlinePaymentSettings,
} from '@keuangan/shared/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { audit_logs, online_charges, online_payment_settings } from '../src/db/schema';
import {
  type FakeGateway,
  MIDTRANS_KEY,
  startFakeGateway,
  XENDIT_KEY,
  XENDIT_TOKEN,
} from '../src/gateway-simulator/simulator';
import { gatewaysFromKeys } from '../src/online-payments/gateways';
import { billMaker, openSessions, type Sessions } from './billing-fixtures';
import { bearer, login, TEST_SECRET } from './helpers';

describe('online payments: a branch chooses its gateway and channels', () => {
  let fake: FakeGateway;
  let s: Sessions;
  let admin = '';
  let newBill: ReturnType<typeof billMaker>;

  beforeAll(async () => {
    fake = await startFakeGateway();
    const gateways = gatewaysFromKeys({
      midtrans: { serverKey: MIDTRANS_KEY, apiUrl: fake.url },
      xendit: { secretKey: XENDIT_KEY, callbackToken: XENDIT_TOKEN, apiUrl: fake.url },
    });
    s = await openSessions({ gateways });
    newBill = billMaker(s);
    // The superadmin in Bandung, the branch of `s.bandung`.
    const signedIn = await login(s.ctx.app, 'admin');
    const switched = await s.ctx.app.inject({
      method: 'GET',
      url: `/api/auth/set-active-branch/${s.user.branches[0]?.id}`,
      headers: bearer(signedIn.token),
    });
    admin = switched.json<{ token: string }>().token;
  });

  afterAll(async () => {
    await s?.ctx.close();
    await fake?.close();
  });

  const call = async <T>(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) => {
    const res = await s.ctx.app.inject({ method, url, headers: bearer(token), payload });
    return { status: res.statusCode, body: res.json<T & { message?: string; errors?: object }>() };
  };
  const settings = (token = admin) =>
    call<OnlinePaymentSettings>('GET', '/api/online-payments/settings', token);
  const save = (payload: object, token = admin) =>
    call<OnlinePaymentSettings>('PUT', '/api/online-payments/settings', token, payload);
  const rowsOf = async () =>
    s.ctx.database.db.select().from(online_payment_settings).where(eq(online_payment_settings.branch_id, 1));
  const auditCount = async () =>
    (
      await s.ctx.database.db
        .select({ n: count() })
        .from(audit_logs)
        .where(eq(audit_logs.action, 'online_settings.update'))
    )[0]?.n;
  const chargeCount = async () => (await s.ctx.database.db.select({ n: count() }).from(online_charges))[0]?.n;

  it('uses the first configured provider with all its channels until an admin chooses', async () => {
    expect(await rowsOf()).toEqual([]);
    const answer = await settings(s.bandung);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      configured: true,
      provider: 'midtrans',
      channels: [...ONLINE_CHANNELS],
      chosen: false,
      updated_by: null,
    });
    expect(answer.body.providers.map((p) => p.provider)).toEqual(['midtrans', 'xendit']);
    const channels = await call<OnlineGatewayInfo>('GET', '/api/online-payments/channels', s.bandung);
    expect(channels.body).toMatchObject({ provider: 'midtrans', channels: [...ONLINE_CHANNELS] });
  });

  it('refuses a non-admin (403) and writes nothing', async () => {
    const refused = await save({ provider: 'xendit', channels: ['bca_va'] }, s.bandung);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ONLINE_SETTINGS_MESSAGES.forbidden);
    expect(await rowsOf()).toEqual([]);
    expect(await auditCount()).toBe(0);
  });

  it('refuses bad input with a readable 422', async () => {
    const none = await save({ provider: 'midtrans', channels: [] });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(ONLINE_SETTINGS_MESSAGES.channelsRequired);
    const unknown = await save({ provider: 'stripe', channels: ['bca_va'] });
    expect(unknown.status).toBe(422);
    const badChannel = await save({ provider: 'midtrans', channels: ['ovo'] });
    expect(badChannel.status).toBe(422);
    expect(await rowsOf()).toEqual([]);
  });

  it('saves an admin choice, audited old -> new, and the channels route follows it', async () => {
    const saved = await save({ provider: 'xendit', channels: ['qris', 'bca_va'] });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body).toMatchObject({ provider: 'xendit', channels: ['bca_va', 'qris'], chosen: true });
    expect(saved.body.updated_by).toBeTruthy();
    expect((await settings(s.bandung)).body).toMatchObject({ provider: 'xendit', chosen: true });
    const channels = await call<OnlineGatewayInfo>('GET', '/api/online-payments/channels', s.bandung);
    expect(channels.body).toMatchObject({ provider: 'xendit', channels: ['bca_va', 'qris'] });

    // A second save records only what changed; a save that changes nothing records nothing.
    expect((await save({ provider: 'xendit', channels: ['bca_va', 'bni_va', 'qris'] })).status).toBe(200);
    expect((await save({ provider: 'xendit', channels: ['bca_va', 'bni_va', 'qris'] })).status).toBe(200);
    const records = await s.ctx.database.db
      .select()
      .from(audit_logs)
      .where(eq(audit_logs.action, 'online_settings.update'))
      .orderBy(audit_logs.id);
    expect(records.map((r) => [r.before, r.after])).toEqual([
      // The first save records the whole choice, the channels' fees too (none sent: `{}`).
      [null, { provider: 'xendit', channels: ['bca_va', 'qris'], fees: {} }],
      [{ channels: ['bca_va', 'qris'] }, { channels: ['bca_va', 'bni_va', 'qris'] }],
    ]);
    expect(records[0]?.user_id).not.toBeNull();
    // Another branch keeps the default.
    const jakarta = await call<OnlineGatewayInfo>('GET', '/api/online-payments/channels', s.jakarta);
    expect(jakarta.body).toMatchObject({ provider: 'midtrans', channels: [...ONLINE_CHANNELS] });
  });

  it('refuses a channel that is off (422) and writes nothing', async () => {
    expect((await save({ provider: 'xendit', channels: ['bca_va', 'qris'] })).status).toBe(200);
    const bill = await newBill();
    const before = await chargeCount();
    const refused = await call<OnlineCharge>('POST', '/api/online-payments', s.bandung, {
      student_billing_id: bill.id,
      channel: 'bri_va',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(ONLINE_SETTINGS_MESSAGES.channelOff);
    expect(await chargeCount()).toBe(before);
    expect(fake.orders.size).toBe(0);
    // A channel that is on charges through the chosen provider.
    const made = await call<OnlineCharge>('POST', '/api/online-payments', s.bandung, {
      student_billing_id: bill.id,
      channel: 'bca_va',
    });
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.provider).toBe('xendit');
  });

  it('keeps settling an open charge of the provider the branch left', async () => {
    expect((await save({ provider: 'midtrans', channels: ['bca_va'] })).status).toBe(200);
    const bill = await newBill();
    const made = await call<OnlineCharge>('POST', '/api/online-payments', s.bandung, {
      student_billing_id: bill.id,
      channel: 'bca_va',
    });
    expect(made.body.provider).toBe('midtrans');
    // The branch moves to Xendit; the Midtrans charge is left as it was.
    expect((await save({ provider: 'xendit', channels: ['qris'] })).status).toBe(200);
    const [still] = await s.ctx.database.db
      .select({ status: online_charges.status })
      .from(online_charges)
      .where(eq(online_charges.id, made.body.id));
    expect(still?.status).toBe('pending');
    fake.set(made.body.order_id, 'settlement');
    const note = await s.ctx.app.inject({
      method: 'POST',
      url: '/api/payment-gateway/midtrans/notification',
      headers: { 'content-type': 'application/json' },
      payload: fake.midtransNotification(made.body.order_id),
    });
    expect(note.statusCode).toBe(200);
    const after = await call<OnlineChargeDetail>('GET', `/api/online-payments/${made.body.id}`, s.bandung);
    expect(after.body.status).toBe('posted');
  });

  it('refuses a provider whose keys are not set, and falls back when keys go away', async () => {
    // This app has Midtrans only; the branch's saved choice (Xendit) is from the app above.
    const midtransOnly = await buildApp({
      database: s.ctx.database,
      jwtSecret: TEST_SECRET,
      uploadsDir: s.ctx.uploadsDir,
      logger: false,
      gateways: gatewaysFromKeys({ midtrans: { serverKey: MIDTRANS_KEY, apiUrl: fake.url } }),
    });
    try {
      const put = await midtransOnly.inject({
        method: 'PUT',
        url: '/api/online-payments/settings',
        headers: bearer(admin),
        payload: { provider: 'xendit', channels: ['qris'] },
      });
      expect(put.statusCode).toBe(422);
      expect(put.json<{ message: string }>().message).toBe(ONLINE_SETTINGS_MESSAGES.providerNotConfigured);
      const [row] = await rowsOf();
      expect(row).toMatchObject({ provider: 'xendit', channels: ['qris'] });
      // Xendit's keys are gone: the branch charges through the first configured provider, all its channels.
      const got = await midtransOnly.inject({
        method: 'GET',
        url: '/api/online-payments/settings',
        headers: bearer(admin),
      });
      expect(got.json<OnlinePaymentSettings>()).toMatchObject({
        provider: 'midtrans',
        channels: [...ONLINE_CHANNELS],
        chosen: false,
        providers: [{ provider: 'midtrans' }],
      });
    } finally {
      await midtransOnly.close();
    }
  });

  it('says "belum dikonfigurasi" without any key', async () => {
    const bare = await buildApp({
      database: s.ctx.database,
      jwtSecret: TEST_SECRET,
      uploadsDir: s.ctx.uploadsDir,
      logger: false,
    });
    try {
      const got = await bare.inject({
        method: 'GET',
        url: '/api/online-payments/settings',
        headers: bearer(admin),
      });
      expect(got.json<OnlinePaymentSettings>()).toMatchObject({
        configured: false,
        provider: null,
        channels: [],
        providers: [],
      });
      const put = await bare.inject({
        method: 'PUT',
        url: '/api/online-payments/settings',
        headers: bearer(admin),
        payload: { provider: 'midtrans', channels: ['qris'] },
      });
      expect(put.statusCode).toBe(422);
      expect(put.json<{ message: string }>().message).toBe(ONLINE_SETTINGS_MESSAGES.providerNotConfigured);
      const bill = await newBill();
      const charge = await bare.inject({
        method: 'POST',
        url: '/api/online-payments',
        headers: bearer(s.bandung),
        payload: { student_billing_id: bill.id, channel: 'qris' },
      });
      expect(charge.statusCode).toBe(409);
      expect(charge.json<{ message: string }>().message).toBe(ONLINE_PAYMENT_MESSAGES.notConfigured);
    } finally {
      await bare.close();
    }
  });

  it('keeps one row per branch under concurrent saves', async () => {
    const answers = await Promise.all(
      [['bca_va'], ['qris'], ['bni_va'], ['bri_va']].map((channels) =>
        save({ provider: 'xendit', channels }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const rows = await s.ctx.database.db
      .select()
      .from(online_payment_settings)
      .where(and(eq(online_payment_settings.branch_id, 1)));
    expect(rows).toHaveLength(1);
  });
});
