/**
 * Online payments in Rekap Kas Harian and on the dashboard (docs/money.md "Cash closing", "Dashboard figures"):
 * money posted by the gateway (Virtual Account, QRIS) is apart from every cashier's totals and expected cash, never
 * frozen by Tutup Kas, and counted in the dashboard's Pembayaran Siswa with its own figure.
 */
import {
  type CashClosing,
  type CashDayRecap,
  type DashboardSummary,
  IDEMPOTENCY_KEY_HEADER,
  PTYPE_QRIS,
  PTYPE_VIRTUAL_ACCOUNT,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { student_billing_payments, student_billings } from '../src/db/schema';
import { postOnlinePayment } from '../src/online-payments/ledger';
import { branchTimeZone } from '../src/online-payments/queries';
import { apiSuite, payInFull } from './billing-fixtures';
import { countsFor } from './cash-counts';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;
let admin: { token: string; id: number };

beforeAll(async () => {
  const session = await login(s.ctx.app, 'admin');
  admin = { token: session.token, id: session.user.id };
});

const detailOf = async (id: number) =>
  (await call<StudentBillingDetail>('GET', `/api/student-billing/${id}`, admin.token)).body;

/** A new bill paid in full at the counter by the admin, with payment type `ptype`. */
async function payAtDesk(ptype: number) {
  const detail = await detailOf((await newBill()).id);
  const paid = await call<StudentBillingPaymentReceipt>(
    'POST',
    `/api/student-billing-pay/${detail.id}`,
    admin.token,
    payInFull(detail, {
      ptype,
      note: ptype === 1 ? null : 'kas',
      total_amount_payment_paid: detail.total_billing,
    }),
    { [IDEMPOTENCY_KEY_HEADER]: `online-cash-${detail.id}` },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return paid.body;
}

/** A new bill paid in full through the gateway's posting, its charge made by the admin (as settle.ts posts it). */
async function payOnline(qris: boolean) {
  const detail = await detailOf((await newBill()).id);
  const { db } = s.ctx.app.database;
  const [bill] = await db.select().from(student_billings).where(eq(student_billings.id, detail.id));
  if (!bill) throw new Error('no bill');
  const { paymentId } = await postOnlinePayment(
    s.ctx.app.database,
    {
      clientId: bill.client_id,
      branchId: bill.branch_id,
      timeZone: await branchTimeZone(db, bill.branch_id),
      userId: admin.id,
    },
    {
      billIds: [detail.id],
      lines: payInFull(detail).student_billing_items,
      qris,
      note: `midtrans tx-${detail.id}`,
      key: `online:midtrans:tx-${detail.id}`,
    },
  );
  const [payment] = await db
    .select()
    .from(student_billing_payments)
    .where(eq(student_billing_payments.id, paymentId));
  if (!payment) throw new Error('no payment');
  return payment;
}

const recap = async (query: string) => {
  const res = await call<CashDayRecap>('GET', `/api/cash-closing?${query}`, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const summary = async () => {
  const res = await call<DashboardSummary>('GET', '/api/dashboard-fin-summary', admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('online payments in Rekap Kas Harian and on the dashboard', () => {
  let cash: StudentBillingPaymentReceipt;
  let va: Awaited<ReturnType<typeof payOnline>>;
  let qris: Awaited<ReturnType<typeof payOnline>>;
  let before: DashboardSummary;
  let later: Awaited<ReturnType<typeof payOnline>>;

  it("shows the day's online payments apart, per type, out of the charge maker's totals", async () => {
    before = await summary();
    cash = await payAtDesk(1);
    va = await payOnline(false);
    qris = await payOnline(true);
    expect([va.ptype, qris.ptype]).toEqual([PTYPE_VIRTUAL_ACCOUNT, PTYPE_QRIS]);

    const mine = await recap(`date=${s.today}&cashier_id=${admin.id}`);
    expect(mine.payments.map((p) => p.id)).toEqual([cash.id]);
    expect(mine.by_ptype).toEqual([{ ptype: 1, count: 1, amount: cash.amount }]);
    expect(mine.total).toEqual({ count: 1, amount: cash.amount });
    expect(mine.by_cashier).toEqual([expect.objectContaining({ count: 1, amount: cash.amount })]);
    expect(mine.online.payments.map((p) => p.id).sort()).toEqual([va.id, qris.id].sort());
    expect(mine.online.by_ptype).toEqual([
      { ptype: PTYPE_VIRTUAL_ACCOUNT, count: 1, amount: va.amount },
      { ptype: PTYPE_QRIS, count: 1, amount: qris.amount },
    ]);
    expect(mine.online.total).toEqual({ count: 2, amount: va.amount + qris.amount });
    expect(mine.grand_total).toEqual({ count: 3, amount: cash.amount + va.amount + qris.amount });

    // Everyone's desk leaves them out too; the grand total is the desk's and the online total together.
    const everyone = await recap(`date=${s.today}`);
    expect(everyone.payments.map((p) => p.id)).not.toContain(va.id);
    expect(everyone.by_ptype.map((t) => t.ptype)).not.toContain(PTYPE_VIRTUAL_ACCOUNT);
    expect(everyone.grand_total.amount).toBe(everyone.total.amount + everyone.online.total.amount);
  });

  it("Tutup Kas expects only the drawer's cash and never freezes an online payment", async () => {
    const res = await call<CashClosing>('POST', '/api/cash-closing', admin.token, {
      date: s.today,
      cashier_id: admin.id,
      counts: countsFor(cash.amount),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.figures.payments.map((p) => p.id)).toEqual([cash.id]);
    expect(res.body.figures.total).toEqual({ count: 1, amount: cash.amount });
    expect(res.body.cash_count).toMatchObject({ expected: cash.amount, counted: cash.amount, difference: 0 });
    // Online money arriving after the closing is still apart, and the closing keeps its figures.
    later = await payOnline(false);
    const day = await recap(`date=${s.today}&cashier_id=${admin.id}`);
    expect(day.online.payments.map((p) => p.id)).toContain(later.id);
    expect(day.closings).toEqual([expect.objectContaining({ id: res.body.id, figures: res.body.figures })]);
  });

  it("voids an online payment of a closed day: it never was the cashier's (the closing keeps its figures)", async () => {
    const res = await call<{ message: string }>(
      'POST',
      `/api/student-billing-xupdate/${later.student_billing_id}`,
      admin.token,
      { field: 'form_status', value: 0 },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = await recap(`date=${s.today}&cashier_id=${admin.id}`);
    expect(mine.voids.map((v) => v.id)).not.toContain(later.id);
    expect(mine.online.payments.map((p) => p.id)).not.toContain(later.id);
    expect(mine.closings[0]?.figures.total).toEqual({ count: 1, amount: cash.amount });
    const everyone = await recap(`date=${s.today}`);
    expect(everyone.voids.map((v) => v.id)).toContain(later.id);
  });

  it('counts them in Pembayaran Siswa Bulan Ini and shows the online part', async () => {
    const after = await summary();
    const online = va.amount + qris.amount; // `later` was voided: out of the kept sums
    expect(after.online_payment_this_month - before.online_payment_this_month).toBe(online);
    expect(after.total_payment_this_month - before.total_payment_this_month).toBe(online + cash.amount);
  });
});
