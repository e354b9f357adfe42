/**
 * A fixed VA's operations (docs/online-payments.md, "Fixed VA") against the local Xendit, on PGlite and PostgreSQL:
 * its money listed in Pembayaran Online, closing it (Xendit asked first, audited, a later callback posted once
 * and flagged, a new VA after), a failing Xendit changing nothing, and a create answered too late found again.
 */
import {
  FIXED_VA_MESSAGES,
  type FixedVa,
  type FixedVaPaymentRow,
  ONLINE_PAYMENT_MESSAGES,
  type Paged,
} from '@keuangan/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, gateway_notifications, online_fixed_vas } from '../src/db/schema';
import {
  type FakeGateway,
  startFakeGateway,
  XENDIT_KEY,
  XENDIT_TOKEN,
} from '../src/gateway-simulator/simulator';
import { monthOf, todayIn } from '../src/lib/time';
import { gatewaysFromKeys } from '../src/online-payments/gateways';
import { caller, expectLedgerConsistent, openSessions, type Sessions } from './billing-fixtures';
import { fixedVaFixtures } from './fixed-va-fixtures';

const PAYMENTS = '/api/online-payments/fixed-va/payments';

describe('fixed VA operations', () => {
  let fake: FakeGateway;
  let s: Sessions;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    fake = await startFakeGateway();
    s = await openSessions({
      gateways: gatewaysFromKeys(
        { xendit: { secretKey: XENDIT_KEY, callbackToken: XENDIT_TOKEN, apiUrl: fake.url } },
        1_500,
      ),
    });
    call = caller(() => s.ctx);
  });

  afterAll(async () => {
    await s?.ctx.close();
    await fake?.close();
  });

  const { studentWithBills, openVa, send, paymentsOf } = fixedVaFixtures(() => s);
  const listed = async (query: string, token = s.bandung) => {
    const res = await call<Paged<FixedVaPaymentRow>>('GET', `${PAYMENTS}${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const close = (id: number, reason: unknown) =>
    call<FixedVa>('POST', `/api/online-payments/fixed-va/${id}/close`, s.bandung, { reason });
  const vaRow = async (id: number) =>
    (await s.ctx.database.db.select().from(online_fixed_vas).where(eq(online_fixed_vas.id, id)))[0];
  const closeAudits = (id: number) =>
    s.ctx.database.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.action, 'fixed_va.close'), eq(audit_logs.entity_id, id)));

  it("lists the money on the branch's fixed VAs: student, bank, VA, amount, receipts, Saldo Titipan", async () => {
    const { studentId, bills } = await studentWithBills([monthOf(todayIn())], [100_000]);
    const va = (await openVa(studentId, 'bni')).body;
    expect(
      (await send(fake.fixedVas.callback(va.external_id, 60_000, `pay-l1-${studentId}`))).statusCode,
    ).toBe(200);
    expect(
      (await send(fake.fixedVas.callback(va.external_id, 70_000, `pay-l2-${studentId}`))).statusCode,
    ).toBe(200);
    const page = await listed(`?q=${va.account_number}`);
    expect(page.total).toBe(2);
    const [newest, oldest] = page.data as [FixedVaPaymentRow, FixedVaPaymentRow];
    const [first, second] = (await paymentsOf(studentId)).sort((a, b) => a.id - b.id);
    expect(oldest).toMatchObject({
      fixed_va_id: va.id,
      student_id: studentId,
      bank: 'bni',
      account_number: va.account_number,
      amount: 60_000,
      credit_amount: 0,
      outcome: 'posted',
      flagged: false,
      provider_payment_id: `pay-l1-${studentId}`,
      payments: [{ id: first?.id, receipt_number: first?.payment_number }],
    });
    expect(oldest.student_name.length).toBeGreaterThan(0);
    // 40.000 was still owed: the rest, 30.000, is Saldo Titipan.
    expect(newest).toMatchObject({ amount: 70_000, credit_amount: 30_000, outcome: 'posted' });
    expect(newest.payments.map((p) => p.id)).toEqual([second?.id]);
    await expectLedgerConsistent(s.ctx, (bills[0] as (typeof bills)[0]).id);
    // Another branch sees none of it; filters are checked.
    expect((await listed(`?q=${va.account_number}`, s.jakarta)).total).toBe(0);
    expect((await listed(`?q=${va.account_number}&bank=bca`)).total).toBe(0);
    expect((await call('GET', `${PAYMENTS}?bank=xyz`, s.bandung)).status).toBe(422);
    expect((await call('GET', PAYMENTS, s.guru)).status).toBe(403);
  }, 240_000);

  it('closes a VA at Xendit (audited, nothing deleted); later money is posted once and flagged; a new VA after', async () => {
    const { studentId, bills } = await studentWithBills([monthOf(todayIn())], [100_000]);
    const va = (await openVa(studentId)).body;
    expect((await close(va.id, '  ')).status).toBe(422);
    expect((await close(va.id, 'x'.repeat(501))).status).toBe(422);

    // Xendit failing: 502, nothing changed here, and the close may be asked again.
    fake.mode = 'error';
    try {
      const refused = await close(va.id, 'Siswa pindah sekolah');
      expect(refused.status).toBe(502);
      expect((refused.body as unknown as { message: string }).message).toBe(
        ONLINE_PAYMENT_MESSAGES.gatewayDown,
      );
    } finally {
      fake.mode = 'ok';
    }
    expect((await vaRow(va.id))?.closed_at).toBeNull();
    expect(await closeAudits(va.id)).toHaveLength(0);

    const closed = await close(va.id, 'Siswa pindah sekolah');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.closed_at).not.toBeNull();
    expect(closed.body.close_reason).toBe('Siswa pindah sekolah');
    const atXendit = fake.fixedVas.vas.get(va.external_id);
    expect(Date.parse(atXendit?.expiration_date ?? '')).toBeLessThanOrEqual(Date.now());
    const audits = await closeAudits(va.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ reason: 'Siswa pindah sekolah', entity: 'online_fixed_va' });
    expect(audits[0]?.user_id).not.toBeNull();
    const again = await close(va.id, 'Lagi');
    expect(again.status).toBe(409);
    expect((again.body as unknown as { message: string }).message).toBe(FIXED_VA_MESSAGES.alreadyClosed);

    // Money that still arrives (three times the same payment) is posted once, flagged, and listed first.
    const late = fake.fixedVas.callback(va.external_id, 100_000, `pay-late-${studentId}`);
    const answers = await Promise.all([send(late), send(late), send(late)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await paymentsOf(studentId)).toHaveLength(1);
    const [stored] = await s.ctx.database.db
      .select()
      .from(gateway_notifications)
      .where(eq(gateway_notifications.event_key, `fva:pay-late-${studentId}`));
    expect(stored).toMatchObject({
      outcome: 'posted',
      flagged: true,
      flag_reason: FIXED_VA_MESSAGES.closedAfter,
    });
    const flagged = await listed('?flagged=1');
    expect(flagged.data.map((row) => row.id)).toContain(stored?.id);
    expect((await listed('')).data[0]?.flagged).toBe(true);
    await expectLedgerConsistent(s.ctx, (bills[0] as (typeof bills)[0]).id);

    // The closed VA is kept; a new POST opens the next one at the same bank.
    const next = await openVa(studentId);
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.id).not.toBe(va.id);
    expect(next.body.external_id).toBe(`${va.external_id}-2`);
    expect(next.body.closed_at).toBeNull();
    expect((await openVa(studentId)).body.id).toBe(next.body.id);
    const all = await call<FixedVa[]>(
      'GET',
      `/api/online-payments/fixed-va?student_id=${studentId}`,
      s.bandung,
    );
    expect(all.body.map((v) => [v.id, v.closed_at !== null])).toEqual([
      [va.id, true],
      [next.body.id, false],
    ]);
  }, 240_000);

  it('a create whose answer came too late is found again on the retry: one VA at Xendit, never two', async () => {
    const { studentId } = await studentWithBills([monthOf(todayIn())], [100_000]);
    const madeBefore = fake.fixedVas.made();
    fake.mode = 'late';
    try {
      const lost = await openVa(studentId, 'mandiri');
      expect(lost.status).toBe(503);
      expect((lost.body as unknown as { message: string }).message).toBe(
        ONLINE_PAYMENT_MESSAGES.gatewayTimeout,
      );
    } finally {
      fake.mode = 'ok';
    }
    // Xendit made it; nothing is stored here yet.
    expect(fake.fixedVas.made()).toBe(madeBefore + 1);
    const ours = await call<FixedVa[]>(
      'GET',
      `/api/online-payments/fixed-va?student_id=${studentId}`,
      s.bandung,
    );
    expect(ours.body).toEqual([]);

    const retried = await openVa(studentId, 'mandiri');
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const atXendit = fake.fixedVas.vas.get(retried.body.external_id);
    expect(retried.body.account_number).toBe(atXendit?.account_number);
    expect(fake.fixedVas.made()).toBe(madeBefore + 1);
    // Money on it finds the VA and pays the bill.
    const paid = await send(
      fake.fixedVas.callback(retried.body.external_id, 100_000, `pay-lateva-${studentId}`),
    );
    expect(paid.statusCode).toBe(200);
    expect(await paymentsOf(studentId)).toHaveLength(1);
  }, 240_000);
});
