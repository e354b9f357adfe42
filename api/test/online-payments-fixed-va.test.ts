/**
 * A fixed VA per student (docs/online-payments.md, "Fixed VA") against the local Xendit (gateway-simulator/), on
 * PGlite and PostgreSQL: opened once, money on it pays the oldest due items first (a not-yet-due instalment is
 * not paid), the rest becomes Saldo Titipan, a duplicate callback posts once, a bad token posts nothing.
 */
import { FIXED_VA_MESSAGES, type FixedVa, type StudentBillingDetail } from '@keuangan/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { gateway_notifications, student_billing_items } from '../src/db/schema';
import {
  type FakeGateway,
  MIDTRANS_KEY,
  startFakeGateway,
  XENDIT_KEY,
  XENDIT_TOKEN,
} from '../src/gateway-simulator/simulator';
import { monthOf, todayIn } from '../src/lib/time';
import { gatewaysFromKeys } from '../src/online-payments/gateways';
import { caller, expectLedgerConsistent, openSessions, type Sessions } from './billing-fixtures';
import { addDays, fixedVaFixtures, previousMonth } from './fixed-va-fixtures';
import { bearer, TEST_SECRET } from './helpers';

describe('fixed VA per student', () => {
  let fake: FakeGateway;
  let s: Sessions;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    fake = await startFakeGateway();
    s = await openSessions({
      gateways: gatewaysFromKeys({
        xendit: { secretKey: XENDIT_KEY, callbackToken: XENDIT_TOKEN, apiUrl: fake.url },
      }),
    });
    call = caller(() => s.ctx);
  });

  afterAll(async () => {
    await s?.ctx.close();
    await fake?.close();
  });

  const { studentWithBills, openVa, send, paymentsOf, creditOf } = fixedVaFixtures(() => s);

  const detail = async (billId: number) =>
    (await call<StudentBillingDetail>('GET', `/api/student-billing/${billId}`, s.bandung)).body;

  it('opens one VA per student and bank at Xendit, answered again after', async () => {
    const { studentId } = await studentWithBills([monthOf(todayIn())]);
    const first = await openVa(studentId);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ student_id: studentId, provider: 'xendit', bank: 'bri' });
    expect(first.body.account_number).toMatch(/^88608/);
    const again = await Promise.all([openVa(studentId), openVa(studentId)]);
    expect(again.map((a) => a.status)).toEqual([200, 200]);
    expect(again.map((a) => a.body.id)).toEqual([first.body.id, first.body.id]);
    expect(fake.fixedVas.vas.size).toBe(1);
    const list = await call<FixedVa[]>(
      'GET',
      `/api/online-payments/fixed-va?student_id=${studentId}`,
      s.bandung,
    );
    expect(list.body.map((v) => v.id)).toEqual([first.body.id]);
    expect((await openVa(studentId, 'xyz')).status).toBe(422);
    expect(
      (await call('POST', '/api/online-payments/fixed-va', s.guru, { student_id: studentId, bank: 'bri' }))
        .status,
    ).toBe(403);
    // Another branch's student: as if it did not exist.
    expect(
      (await call('POST', '/api/online-payments/fixed-va', s.jakarta, { student_id: studentId, bank: 'bca' }))
        .status,
    ).toBe(404);
  }, 240_000);

  it('a branch without Xendit (Midtrans only) gets a clear 409', async () => {
    const midtransOnly = await buildApp({
      database: s.ctx.database,
      jwtSecret: TEST_SECRET,
      uploadsDir: s.ctx.uploadsDir,
      logger: false,
      gateways: gatewaysFromKeys({ midtrans: { serverKey: MIDTRANS_KEY, apiUrl: fake.url } }),
    });
    try {
      const res = await midtransOnly.inject({
        method: 'POST',
        url: '/api/online-payments/fixed-va',
        headers: bearer(s.bandung),
        payload: { student_id: 1, bank: 'bca' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(FIXED_VA_MESSAGES.xenditOnly);
    } finally {
      await midtransOnly.close();
    }
  }, 240_000);

  it('pays the oldest bill first, then the next bill oldest item first, in one payment', async () => {
    const month = monthOf(todayIn());
    const { studentId, bills } = await studentWithBills([previousMonth(month), month]);
    const [older, newer] = bills as [(typeof bills)[0], (typeof bills)[0]];
    const va = (await openVa(studentId)).body;
    const res = await send(fake.fixedVas.callback(va.external_id, 600_000));
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(older.id)).total_billing).toBe(0);
    expect((await detail(newer.id)).total_billing).toBe(400_000);
    const payments = await paymentsOf(studentId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 600_000, ptype: 7, cashier_name: 'Pembayaran Online' });
    expect(await creditOf(studentId)).toEqual([]);
    await expectLedgerConsistent(s.ctx, older.id);
    await expectLedgerConsistent(s.ctx, newer.id);
  }, 240_000);

  it('pays only the instalments due by today; the rest becomes Saldo Titipan', async () => {
    const month = previousMonth(monthOf(todayIn()));
    const { studentId, bills } = await studentWithBills([month], [1_000_000]);
    const bill = bills[0] as (typeof bills)[0];
    const [item] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_billing_id, bill.id));
    const today = todayIn();
    const plan = await call<{ plan: { id: number } }>('POST', '/api/instalment-plans', s.bandung, {
      name: `VA tetap ${studentId}`,
      shares: [
        { percent: 40, due_date: addDays(bill.bill_date, 1) },
        { percent: 60, due_date: addDays(today, 30) },
      ],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const applied = await call('POST', `/api/student-billing-item/${item?.id}/instalments`, s.bandung, {
      plan_id: plan.body.plan.id,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const va = (await openVa(studentId, 'bca')).body;
    expect((await send(fake.fixedVas.callback(va.external_id, 700_000))).statusCode).toBe(200);
    // 400.000 was due (the first instalment); the second falls due later, so 300.000 waits as credit.
    expect((await detail(bill.id)).total_billing).toBe(600_000);
    const [payment] = await paymentsOf(studentId);
    expect(payment?.amount).toBe(400_000);
    const credit = await creditOf(studentId);
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatchObject({
      amount: 300_000,
      source: 'online_excess',
      reference: `payment:${payment?.id}`,
    });
    await expectLedgerConsistent(s.ctx, bill.id);
  }, 240_000);

  it('money when nothing is owed is all Saldo Titipan', async () => {
    const { studentId, bills } = await studentWithBills([monthOf(todayIn())], [100_000]);
    const va = (await openVa(studentId)).body;
    expect((await send(fake.fixedVas.callback(va.external_id, 150_000))).statusCode).toBe(200);
    expect((await detail((bills[0] as (typeof bills)[0]).id)).total_billing).toBe(0);
    expect((await send(fake.fixedVas.callback(va.external_id, 25_000, 'pay-nothing-due'))).statusCode).toBe(
      200,
    );
    const credit = await creditOf(studentId);
    expect(credit.map((c) => c.amount).sort()).toEqual([25_000, 50_000]);
    expect(credit.map((c) => c.reference)).toContain('online:xendit:pay-nothing-due');
  }, 240_000);

  it('posts once under duplicate callbacks at once (other webhook ids too); a bad token 401 posts nothing and is kept', async () => {
    const { studentId, bills } = await studentWithBills([monthOf(todayIn())]);
    const bill = bills[0] as (typeof bills)[0];
    const va = (await openVa(studentId)).body;
    const body = fake.fixedVas.callback(va.external_id, 200_000, `pay-dup-${studentId}`);

    const forged = await send(body, 'wrong-token', 'wh-forged');
    expect(forged.statusCode).toBe(401);
    expect(await paymentsOf(studentId)).toHaveLength(0);
    const kept = await s.ctx.database.db
      .select()
      .from(gateway_notifications)
      .where(and(eq(gateway_notifications.raw_body, body), eq(gateway_notifications.signature_ok, false)));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.outcome).toBe('bad_signature');

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(body, XENDIT_TOKEN, `wh-${studentId}-${i % 3}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const payments = await paymentsOf(studentId);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.amount).toBe(200_000);
    const stored = await s.ctx.database.db
      .select()
      .from(gateway_notifications)
      .where(eq(gateway_notifications.event_key, `fva:pay-dup-${studentId}`));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ outcome: 'posted', online_fixed_va_id: va.id });
    expect((await detail(bill.id)).total_billing).toBe(300_000);
    await expectLedgerConsistent(s.ctx, bill.id);
  }, 240_000);

  it('an unknown VA is recorded and answered 200, nothing posted', async () => {
    const body = JSON.stringify({
      payment_id: 'pay-unknown',
      callback_virtual_account_id: 'fva-none',
      external_id: 'x',
      amount: 1000,
    });
    expect((await send(body)).statusCode).toBe(200);
    const [row] = await s.ctx.database.db
      .select()
      .from(gateway_notifications)
      .where(eq(gateway_notifications.event_key, 'fva:pay-unknown'));
    expect(row?.outcome).toBe('unknown_order');
  }, 240_000);
});
