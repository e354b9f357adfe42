/**
 * The gateway's fee (docs/online-payments.md, "Gateway fees"), on PGlite and PostgreSQL: a branch's fee per
 * channel is validated and audited; a posted charge books the bill's money at the gross and the fee as Beban
 * Administrasi Bank against Bank, in balanced entries, the bill untouched by the fee; a fee of 0 books nothing; a
 * void leaves the fee; a fixed VA's transfer books its fee once.
 */
import {
  type FixedVa,
  ONLINE_SETTINGS_MESSAGES,
  type OnlineCharge,
  type OnlineChargeDetail,
} from '@keuangan/shared/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audit_logs,
  books_entries,
  online_payment_settings,
  student_billing_payments,
  student_billings,
} from '../src/db/schema';
import {
  type FakeGateway,
  MIDTRANS_KEY,
  startFakeGateway,
  XENDIT_KEY,
  XENDIT_TOKEN,
} from '../src/gateway-simulator/simulator';
import { gatewaysFromKeys } from '../src/online-payments/gateways';
import { billMaker, openSessions, type Sessions } from './billing-fixtures';
import { entriesOfBill, expectBooksTrue } from './books-fixtures';
import { bearer, login } from './helpers';

describe('online payments: the gateway fee booked to Beban Administrasi Bank', () => {
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
    return {
      status: res.statusCode,
      body: res.json<T & { message?: string; errors?: Record<string, string[]> }>(),
    };
  };
  const save = (fees: object) =>
    call('PUT', '/api/online-payments/settings', admin, {
      provider: 'midtrans',
      channels: ['bca_va', 'qris'],
      fees,
    });

  /** A bill of one item at `price`, charged by QRIS and paid (`paid`: another amount) through a notification. */
  const payByQris = async (price: number, paid?: number) => {
    const bill = await newBill({ items: [{ price }] });
    const made = await call<OnlineCharge>('POST', '/api/online-payments', s.bandung, {
      student_billing_id: bill.id,
      channel: 'qris',
    });
    expect(made.status).toBe(201);
    fake.set(made.body.order_id, 'settlement', paid);
    const note = await s.ctx.app.inject({
      method: 'POST',
      url: '/api/payment-gateway/midtrans/notification',
      headers: { 'content-type': 'application/json' },
      payload: fake.midtransNotification(made.body.order_id),
    });
    expect(note.statusCode).toBe(200);
    const detail = await call<OnlineChargeDetail>('GET', `/api/online-payments/${made.body.id}`, s.bandung);
    expect(detail.body.status).toBe(paid === undefined ? 'posted' : 'credited');
    return { bill, charge: detail.body };
  };
  const feeEntries = (paymentId: number) =>
    s.ctx.database.db
      .select({ id: books_entries.id })
      .from(books_entries)
      .where(and(eq(books_entries.source_kind, 'gateway_fee'), eq(books_entries.source_id, paymentId)));

  it('refuses a negative, fractional or too large fee with 422 on its field, writing nothing', async () => {
    const rows = async () =>
      (await s.ctx.database.db.select({ n: count() }).from(online_payment_settings))[0]?.n;
    const before = await rows();
    for (const [fee, field, message] of [
      [{ flat: -1, percent: 0 }, 'fees.qris.flat', ONLINE_SETTINGS_MESSAGES.feeFlatInvalid],
      [{ flat: 1500.5, percent: 0 }, 'fees.qris.flat', ONLINE_SETTINGS_MESSAGES.feeFlatInvalid],
      [{ flat: 0, percent: 10.5 }, 'fees.qris.percent', ONLINE_SETTINGS_MESSAGES.feePercentInvalid],
      [{ flat: 0, percent: -0.1 }, 'fees.qris.percent', ONLINE_SETTINGS_MESSAGES.feePercentInvalid],
      [{ flat: 0, percent: 0.705 }, 'fees.qris.percent', ONLINE_SETTINGS_MESSAGES.feePercentInvalid],
    ] as const) {
      const res = await save({ qris: fee });
      expect(res.status, JSON.stringify(fee)).toBe(422);
      expect(res.body.errors?.[field]).toEqual([message]);
    }
    expect(await rows()).toBe(before);
  });

  it('saves each channel fee as set, audited old -> new', async () => {
    const first = await save({ qris: { flat: 0, percent: 0.75 }, bca_va: { flat: 4000, percent: 0 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      fees: { bca_va: { flat: 4000, percent: 0 }, qris: { flat: 0, percent: 0.75 } },
    });
    const second = await save({ qris: { flat: 0, percent: 0.75 }, bca_va: { flat: 4500, percent: 0 } });
    expect(second.status).toBe(200);
    const [record] = await s.ctx.database.db
      .select({ before: audit_logs.before, after: audit_logs.after })
      .from(audit_logs)
      .where(eq(audit_logs.action, 'online_settings.update'))
      .orderBy(desc(audit_logs.id))
      .limit(1);
    expect(record?.before).toEqual({
      fees: { bca_va: { flat: 4000, percent: 0 }, qris: { flat: 0, percent: 0.75 } },
    });
    expect(record?.after).toEqual({
      fees: { bca_va: { flat: 4500, percent: 0 }, qris: { flat: 0, percent: 0.75 } },
    });
  });

  it('books the payment at the gross and the QRIS fee as an expense, the bill untouched by it', async () => {
    // 0.75% of 350,070 is 2,625.525: rounded half up to 2,626.
    const { bill, charge } = await payByQris(350_070);
    expect(charge.fee_amount).toBe(2626);
    const [row] = await s.ctx.database.db
      .select({ paid: student_billings.total_payment, owed: student_billings.total_billing })
      .from(student_billings)
      .where(eq(student_billings.id, bill.id));
    expect(row).toEqual({ paid: 350_070, owed: 0 });
    const payment = (await entriesOfBill(s.ctx, bill.id)).find((e) => e.source_kind === 'student_payment');
    expect(payment?.lines).toEqual([
      { code: '1-1200', debit: 350_070, credit: 0 },
      { code: '1-1300', debit: 0, credit: 350_070 },
    ]);
    const [fee] = await feeEntries(charge.student_billing_payment_id ?? 0);
    const lines = (await s.ctx.database.db.execute(
      sql`select a.code, l.debit::int as debit, l.credit::int as credit
        from books_lines l join books_accounts a on a.id = l.account_id where l.entry_id = ${fee?.id ?? 0}
        order by l.id`,
    )) as unknown as { rows: unknown[] };
    expect(lines.rows).toEqual([
      { code: '6-1100', debit: 2626, credit: 0 },
      { code: '1-1200', debit: 0, credit: 2626 },
    ]);
    await expectBooksTrue(s.ctx);
  });

  it('keeps the fee when the payment is voided (the provider keeps it), the books still true', async () => {
    expect((await save({ qris: { flat: 500, percent: 0 } })).status).toBe(200);
    const { bill, charge } = await payByQris(120_000);
    expect(charge.fee_amount).toBe(500);
    // Withdrawing the confirmation voids the bill's payments.
    const undone = await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });
    expect(undone.status).toBe(200);
    const kinds = (await entriesOfBill(s.ctx, bill.id)).map((e) => e.source_kind);
    expect(kinds).toContain('student_payment_void');
    expect(await feeEntries(charge.student_billing_payment_id ?? 0)).toHaveLength(1);
    const reversed = await s.ctx.database.db
      .select({ id: books_entries.id })
      .from(books_entries)
      .where(eq(books_entries.source_kind, 'gateway_fee_void'));
    expect(reversed).toEqual([]);
    await expectBooksTrue(s.ctx);
  });

  it("books a fixed VA's fee once for the whole transfer, with its first payment", async () => {
    expect((await save({ bri_va: { flat: 4000, percent: 0 } })).status).toBe(200);
    const bill = await newBill({ items: [{ price: 100_000 }] });
    const va = await call<FixedVa>('POST', '/api/online-payments/fixed-va', s.bandung, {
      student_id: bill.student_id,
      bank: 'bri',
    });
    expect(va.status).toBe(201);
    const body = fake.fixedVas.callback(va.body.external_id, 100_000);
    for (const webhookId of ['wh-1', 'wh-2']) {
      const res = await s.ctx.app.inject({
        method: 'POST',
        url: '/api/payment-gateway/xendit/fixed-va',
        headers: {
          'content-type': 'application/json',
          'x-callback-token': XENDIT_TOKEN,
          'webhook-id': webhookId,
        },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    const [payment] = await s.ctx.database.db
      .select({ id: student_billing_payments.id })
      .from(student_billing_payments)
      .where(eq(student_billing_payments.student_id, bill.student_id));
    expect(await feeEntries(payment?.id ?? 0)).toHaveLength(1);
    await expectBooksTrue(s.ctx);
  });

  it('books the fee with money kept as Saldo Titipan (an amount that differs from the charge)', async () => {
    expect((await save({ qris: { flat: 100, percent: 1 } })).status).toBe(200);
    const { bill, charge } = await payByQris(50_000, 40_000);
    // 100 + 1% of the 40,000 that arrived.
    expect(charge.fee_amount).toBe(500);
    const [row] = await s.ctx.database.db
      .select({ owed: student_billings.total_billing })
      .from(student_billings)
      .where(eq(student_billings.id, bill.id));
    expect(row?.owed).toBe(50_000);
    const fees = await s.ctx.database.db
      .select({ id: books_entries.id })
      .from(books_entries)
      .where(eq(books_entries.source_kind, 'gateway_fee_credit'));
    expect(fees).toHaveLength(1);
    await expectBooksTrue(s.ctx);
  });

  it('books no fee line when the channel fee is 0', async () => {
    expect((await save({ qris: { flat: 0, percent: 0 }, bca_va: { flat: 4500, percent: 0 } })).status).toBe(
      200,
    );
    const { charge } = await payByQris(200_000);
    expect(charge.fee_amount).toBe(0);
    expect(await feeEntries(charge.student_billing_payment_id ?? 0)).toEqual([]);
    await expectBooksTrue(s.ctx);
  });
});
