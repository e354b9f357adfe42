/**
 * Rekap Kas Harian: a day's recap (standing payments recorded that day, per payment type and cashier, the voids
 * apart), Tutup Kas (numbered, frozen), the refusal to void a closed day's payment, reopening by a manager only.
 * The admin takes the payments here: the demo data has none of theirs, so the day holds exactly these.
 */
import {
  type CashClosing,
  type CashDayRecap,
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite, expectLedgerConsistent, payInFull } from './billing-fixtures';
import { countsFor } from './cash-counts';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;
let admin: { token: string; id: number };

beforeAll(async () => {
  const session = await login(s.ctx.app, 'admin');
  admin = { token: session.token, id: session.user.id };
});

/** Pays a confirmed Bandung bill of the test's own in full as `token`, with payment type `ptype`. */
async function payBill(token: string, ptype: number) {
  const bill = await newBill();
  const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, token)).body;
  const paid = await call<StudentBillingPaymentReceipt>(
    'POST',
    `/api/student-billing-pay/${detail.id}`,
    token,
    payInFull(detail, {
      ptype,
      note: ptype === 1 ? null : 'kas',
      total_amount_payment_paid: detail.total_billing,
    }),
    { [IDEMPOTENCY_KEY_HEADER]: `closing-${detail.id}-${ptype}` },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { bill: detail, payment: paid.body };
}

const recap = async (query: string, token = admin.token) => {
  const res = await call<CashDayRecap>('GET', `/api/cash-closing?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('Rekap Kas Harian', () => {
  let cash: Awaited<ReturnType<typeof payBill>>;
  let transfer: Awaited<ReturnType<typeof payBill>>;
  let closing: CashClosing;

  it("sums the cashier's standing payments of the day per payment type; the totals are the payments' sum", async () => {
    cash = await payBill(admin.token, 1);
    transfer = await payBill(admin.token, 4);
    const day = await recap(`date=${s.today}&cashier_id=${admin.id}`);
    expect(day.payments.map((p) => p.payment_number).sort()).toEqual(
      [cash.payment.payment_number, transfer.payment.payment_number].sort(),
    );
    expect(day.by_ptype).toEqual([
      { ptype: 1, count: 1, amount: cash.payment.amount },
      { ptype: 4, count: 1, amount: transfer.payment.amount },
    ]);
    expect(day.total).toEqual({ count: 2, amount: cash.payment.amount + transfer.payment.amount });
    expect(day.by_cashier).toEqual([
      { cashier: { id: admin.id, name: expect.any(String) }, count: 2, ...{ amount: day.total.amount } },
    ]);
    expect(day.cashiers.map((c) => c.id)).toContain(admin.id);
    // Everyone's day holds them too, beside what others took.
    const everyone = await recap(`date=${s.today}`);
    expect(everyone.total.amount).toBe(everyone.payments.reduce((sum, p) => sum + p.amount, 0));
    expect(everyone.payments.map((p) => p.id)).toEqual(expect.arrayContaining(day.payments.map((p) => p.id)));
  });

  it('lists a void of the day apart and leaves it out of the totals', async () => {
    const voidedOne = await payBill(admin.token, 2);
    const res = await call('POST', `/api/student-billing-xupdate/${voidedOne.bill.id}`, admin.token, {
      field: 'form_status',
      value: 0,
      void_reason: 'Salah siswa',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const day = await recap(`date=${s.today}&cashier_id=${admin.id}`);
    expect(day.voids).toEqual([
      expect.objectContaining({
        id: voidedOne.payment.id,
        void_reason: 'Salah siswa',
        voided_by: expect.any(String),
      }),
    ]);
    expect(day.payments.map((p) => p.id)).not.toContain(voidedOne.payment.id);
    expect(day.total).toEqual({ count: 2, amount: cash.payment.amount + transfer.payment.amount });
  });

  it('Tutup Kas: numbered, the figures frozen; twice is refused; a later payment leaves the figures as they were', async () => {
    const res = await call<CashClosing>('POST', '/api/cash-closing', admin.token, {
      date: s.today,
      cashier_id: admin.id,
      counts: countsFor(cash.payment.amount),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    closing = res.body;
    expect(closing.closing_number).toMatch(/^TKS-BDG-\d{4}-\d{5}$/);
    expect(closing.figures.total).toEqual({
      count: 2,
      amount: cash.payment.amount + transfer.payment.amount,
    });
    expect(closing.figures.payments.map((p) => p.id).sort()).toEqual(
      [cash.payment.id, transfer.payment.id].sort(),
    );
    expect(closing.reopened_at).toBeNull();
    // The drawer matched: no difference, nothing to explain; the transfer is not cash.
    expect(closing.cash_count).toMatchObject({
      expected: cash.payment.amount,
      counted: cash.payment.amount,
      difference: 0,
      note: null,
    });

    const twice = await call('POST', '/api/cash-closing', admin.token, {
      date: s.today,
      cashier_id: admin.id,
      counts: countsFor(cash.payment.amount),
    });
    expect(twice.status).toBe(409);
    await payBill(admin.token, 1);
    const day = await recap(`date=${s.today}&cashier_id=${admin.id}`);
    expect(day.total.count).toBe(3);
    expect(day.closings).toEqual([expect.objectContaining({ id: closing.id, figures: closing.figures })]);
  });

  it("refuses to void a closed day's payment (409, nothing changes)", async () => {
    const res = await call<{ message: string }>(
      'POST',
      `/api/student-billing-xupdate/${cash.bill.id}`,
      s.bandung,
      {
        field: 'form_status',
        value: 0,
      },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/sudah ditutup/);
    const bill = (await call<StudentBillingDetail>('GET', `/api/student-billing/${cash.bill.id}`, s.bandung))
      .body;
    expect(bill.form_status).toBe(1);
    expect(bill.payment_status).toBe(1);
    await expectLedgerConsistent(s.ctx, cash.bill.id);
  });

  it('only a manager reopens, with a reason; then the void goes through and the day may be closed again', async () => {
    const byCashier = await call('POST', `/api/cash-closing/${closing.id}/reopen`, s.bandung, {
      reason: 'Salah',
    });
    expect(byCashier.status).toBe(403);
    const noReason = await call('POST', `/api/cash-closing/${closing.id}/reopen`, admin.token, {
      reason: ' ',
    });
    expect(noReason.status).toBe(422);
    const reopened = await call<CashClosing>('POST', `/api/cash-closing/${closing.id}/reopen`, admin.token, {
      reason: 'Pembayaran salah siswa',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      reopen_reason: 'Pembayaran salah siswa',
      reopened_by: expect.any(String),
    });
    const unconfirm = await call('POST', `/api/student-billing-xupdate/${cash.bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });
    expect(unconfirm.status).toBe(200);
    const cashNow = (await recap(`date=${s.today}&cashier_id=${admin.id}`)).by_ptype.find(
      (t) => t.ptype === 1,
    );
    const again = await call<CashClosing>('POST', '/api/cash-closing', admin.token, {
      date: s.today,
      cashier_id: admin.id,
      counts: countsFor(cashNow?.amount ?? 0),
    });
    expect(again.status).toBe(201);
    expect(again.body.closing_number).not.toBe(closing.closing_number);
    const day = await recap(`date=${s.today}&cashier_id=${admin.id}`);
    expect(day.closings.map((c) => c.id)).toEqual([closing.id, again.body.id]);
  });

  it('a cashier closes only their own day; a day to come cannot be closed; the PDF is signed by both', async () => {
    const others = await call('POST', '/api/cash-closing', s.bandung, {
      date: s.today,
      cashier_id: admin.id,
      counts: {},
    });
    expect(others.status).toBe(403);
    const future = await call('POST', '/api/cash-closing', admin.token, {
      date: '2999-01-01',
      cashier_id: admin.id,
      counts: {},
    });
    expect(future.status).toBe(422);
    const bad = await call('GET', '/api/cash-closing?date=2026-02-30', admin.token);
    expect(bad.status).toBe(422);
    const pdf = await s.ctx.app.inject({
      method: 'GET',
      url: `/api/cash-closing/${closing.id}/pdf`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain(closing.closing_number);
    expect(text).toContain('Kepala Keuangan');
    expect(text).toContain('Kasir');
    // Another branch's closing is not found.
    const jakarta = await call('GET', `/api/cash-closing/${closing.id}/pdf`, s.jakarta);
    expect(jakarta.status).toBe(404);
  });
});
