/**
 * Rekening Siswa (api/ROUTES.md "Student statement"): the lines in date order with a running balance, a voided
 * payment shown as the payment and its void, the period's bounds, the branch and role refusals, embed tokens,
 * and the PDF's figures.
 */
import {
  EMBED_MESSAGES,
  type EmbedTokenCreated,
  formatRupiah,
  rupiahInWords,
  type StatementLine,
  type StudentBillingDetail,
  type StudentStatement,
} from '@keuangan/shared/contract';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { student_billing_items, student_billings } from '../src/db/schema';
import { monthOf, todayIn } from '../src/lib/time';
import { apiSuite, inBranchOne, payInFull } from './billing-fixtures';

const s = apiSuite();
const { call, newBill } = s;
const today = todayIn();
/** The bill paid, voided, confirmed again and partly paid below; its student's statement is read. */
let bill: typeof student_billings.$inferSelect;
let voidedPayment = '';

const statementUrl = (studentId: number, period: { from?: string; to?: string } = {}) =>
  `/api/student-statement?student_id=${studentId}&date_from=${period.from ?? ''}&date_to=${period.to ?? ''}`;

async function statement(studentId: number, period: { from?: string; to?: string } = {}, token = s.bandung) {
  const res = await call<StudentStatement>('GET', statementUrl(studentId, period), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** What the student owes on the bills dated up to `to`, from the bills' own totals. */
async function owedOnBills(studentId: number, to = today) {
  const [row] = await s.ctx.database.db
    .select({ owed: sql<number>`coalesce(sum(${student_billings.total_billing}), 0)`.mapWith(Number) })
    .from(student_billings)
    .where(and(eq(student_billings.student_id, studentId), lte(student_billings.bill_date, to)));
  return row?.owed ?? 0;
}

const dayBefore = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Every line's balance is the one before it plus what it adds, minus what it takes off. */
function expectRunningBalance(body: StudentStatement) {
  let balance = body.totals.opening;
  for (const line of body.lines) {
    balance += line.debit - line.credit;
    expect(line.balance, `${line.kind} ${line.reference} ${line.date}`).toBe(balance);
  }
  const { opening, charged, deducted, paid, voided, owed } = body.totals;
  expect(owed).toBe(opening + charged - deducted - paid + voided);
  expect(body.lines.at(-1)?.balance).toBe(owed);
}

beforeAll(async () => {
  // Dated before today (yesterday's month), so a period from today leaves it in the opening balance.
  bill = await newBill({ month: monthOf(dayBefore(today)) });
  const detail = async () =>
    (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung)).body;
  const paid = await call<{ data: { payment_number: string } }>(
    'POST',
    `/api/student-billing-pay/${bill.id}`,
    s.bandung,
    payInFull(await detail()),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  voidedPayment = (await detail()).student_billing_payments[0]?.payment_number ?? '';
  const xupdate = (value: 0 | 1) =>
    call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value,
      void_reason: 'Salah siswa',
    });
  expect((await xupdate(0)).status).toBe(200);
  expect((await xupdate(1)).status).toBe(200);
  const item = (await detail()).student_billing_items.find((i) => i.total_billing > 1);
  if (!item) throw new Error('no item left to pay');
  const partly = await call('POST', `/api/student-billing-pay/${bill.id}`, s.bandung, {
    student_billing_items: [{ id: item.id, payment_amount: Math.floor(item.total_billing / 2) }],
    ptype: 1,
  });
  expect(partly.status, JSON.stringify(partly.body)).toBe(201);
}, 120_000);

describe('the statement', () => {
  it('lists bills, items, payments and voids in date order, charges before payments before voids on a day', async () => {
    const body = await statement(bill.student_id, { from: bill.bill_date });
    expect(body.period).toEqual({ from: bill.bill_date, to: today });
    expect(body.lines[0]?.kind).toBe('opening');
    const rank = { opening: 0, bill: 1, item: 1, discount: 1, bail: 1, payment: 2, void: 3 };
    for (const [before, after] of body.lines.slice(0, -1).map((l, i) => [l, body.lines[i + 1]] as const)) {
      if (!after) continue;
      expect(before.date <= after.date, `${before.date} before ${after.date}`).toBe(true);
      if (before.date === after.date) expect(rank[before.kind]).toBeLessThanOrEqual(rank[after.kind]);
    }
    const ofBill = body.lines.filter((l) => l.reference === bill.bill_number);
    expect(ofBill[0]?.kind).toBe('bill');
    expect(ofBill[0]?.debit).toBe(0);
    expect(ofBill.filter((l) => l.kind === 'item').reduce((sum, l) => sum + l.debit, 0)).toBe(
      bill.total_amount,
    );
  });

  it('keeps the running balance equal to what was charged minus what was paid, at every line', async () => {
    const body = await statement(bill.student_id, { from: '2000-01-01' });
    expect(body.totals.opening).toBe(0);
    expectRunningBalance(body);
    expect(body.totals.owed).toBe(await owedOnBills(bill.student_id));
  });

  it('shows a voided payment as the payment and its void, which gives it back: the end balance is not reduced', async () => {
    const body = await statement(bill.student_id);
    const ofPayment = body.lines.filter((l) => l.reference === voidedPayment);
    expect(ofPayment.map((l) => l.kind)).toEqual(['payment', 'void']);
    const [payment, voided] = ofPayment as [StatementLine, StatementLine];
    expect(voided.debit).toBe(payment.credit);
    expect(voided.description).toBe('Pembatalan pembayaran: Salah siswa');
    expect(body.totals.voided).toBeGreaterThanOrEqual(payment.credit);
    expect(body.totals.owed).toBe(await owedOnBills(bill.student_id));
    expectRunningBalance(body);
  });

  it('shows the discounts and ditanggung of an item as lines of their own', async () => {
    const [item] = await s.ctx.database.db
      .select({
        student_id: student_billing_items.student_id,
        discount: student_billing_items.total_discount,
      })
      .from(student_billing_items)
      .innerJoin(student_billings, eq(student_billings.id, student_billing_items.student_billing_id))
      .where(
        and(inBranchOne, gt(student_billing_items.total_discount, 0), lte(student_billings.bill_date, today)),
      )
      .limit(1);
    if (!item) throw new Error('the demo data has no discount');
    const body = await statement(item.student_id, { from: '2000-01-01' });
    expect(body.lines.some((l) => l.kind === 'discount' && l.credit === item.discount)).toBe(true);
    expect(body.totals.deducted).toBeGreaterThanOrEqual(item.discount);
    expectRunningBalance(body);
    expect(body.totals.owed).toBe(await owedOnBills(item.student_id));
  });
});

describe('the period', () => {
  it('defaults to the school year: from 1 July to today', async () => {
    const body = await statement(bill.student_id);
    const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 7 ? 0 : 1);
    expect(body.period).toEqual({ from: `${year}-07-01`, to: today });
  });

  it('includes both ends, and what is before it is the opening balance', async () => {
    const on = await statement(bill.student_id, { from: bill.bill_date, to: bill.bill_date });
    expect(on.lines.slice(1).every((l) => l.date === bill.bill_date)).toBe(true);
    expect(on.lines.some((l) => l.kind === 'bill' && l.reference === bill.bill_number)).toBe(true);
    // The payments (today) are after the period's end: not in it.
    expect(on.lines.some((l) => l.reference === voidedPayment)).toBe(false);

    // From today: the bill (dated earlier) is before the period, in the opening balance.
    const after = await statement(bill.student_id, { from: today });
    expect(after.lines.some((l) => l.reference === bill.bill_number)).toBe(false);
    expect(after.lines.some((l) => l.reference === voidedPayment)).toBe(true);
    const upTo = await statement(bill.student_id, { from: '2000-01-01', to: dayBefore(today) });
    expect(upTo.lines.some((l) => l.reference === voidedPayment)).toBe(false);
    expect(after.totals.opening).toBe(upTo.totals.owed);
    expectRunningBalance(after);
  });

  it('refuses an end before the start and a day that does not exist', async () => {
    const reversed = await call(
      'GET',
      statementUrl(bill.student_id, { from: today, to: '2000-01-01' }),
      s.bandung,
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors?.date_to).toEqual(['Tanggal akhir tidak boleh sebelum tanggal awal']);
    const bad = await call('GET', statementUrl(bill.student_id, { from: '2026-02-30' }), s.bandung);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.date_from).toEqual(['Tanggal awal tidak valid']);
  });
});

describe('who may read it', () => {
  it("refuses another branch's student (404) and a user who may not read bills (403)", async () => {
    expect((await call('GET', statementUrl(bill.student_id), s.jakarta)).status).toBe(404);
    expect(
      (await call('GET', `/api/student-statement-pdf?student_id=${bill.student_id}`, s.jakarta)).status,
    ).toBe(404);
    expect((await call('GET', statementUrl(bill.student_id), s.guru)).status).toBe(403);
    expect((await call('GET', statementUrl(bill.student_id), undefined)).status).toBe(401);
  });

  it("lets a billing:read embed token read its student's statement and PDF, and nobody else's", async () => {
    const mint = async (body: object, token = s.bandung) => {
      const res = await call<EmbedTokenCreated>('POST', '/api/embed-tokens', token, {
        label: 'Portal Orang Tua',
        scope: 'billing:read',
        expires_in_minutes: 60,
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.token;
    };
    const own = await mint({ student_id: bill.student_id });
    const viaToken = await statement(bill.student_id, {}, own);
    expect(viaToken).toEqual(await statement(bill.student_id));
    const pdf = await call('GET', `/api/student-statement-pdf?student_id=${bill.student_id}`, own);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const [other] = await s.ctx.database.db
      .select({ student_id: student_billings.student_id })
      .from(student_billings)
      .where(and(inBranchOne, ne(student_billings.student_id, bill.student_id)))
      .limit(1);
    const wrong = await call('GET', statementUrl(other?.student_id ?? 0), own);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(EMBED_MESSAGES.wrongStudent);

    const branchWide = await mint({ student_id: null });
    expect((await call('GET', statementUrl(other?.student_id ?? 0), branchWide)).status).toBe(200);
    const jakartaToken = await mint({ student_id: null }, s.jakarta);
    expect((await call('GET', statementUrl(bill.student_id), jakartaToken)).status).toBe(404);
  });
});

describe('the PDF', () => {
  it('prints the school, the student, the period, the lines and the balance: the bills minus the payments, in words too', async () => {
    const body = await statement(bill.student_id, { from: '2000-01-01' });
    const res = await call(
      'GET',
      `/api/student-statement-pdf?student_id=${bill.student_id}&date_from=2000-01-01`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.raw)), { mergePages: true });
    const owed = await owedOnBills(bill.student_id);
    expect(body.totals.owed).toBe(owed);
    expect(text).toContain('Sekolah Nusantara Cabang Bandung');
    expect(text).toContain('Rekening Siswa');
    expect(text).toContain(body.student.name);
    expect(text).toContain(bill.bill_number);
    expect(text).toContain(voidedPayment);
    // Discounts in their own column, apart from the payments.
    expect(text).toMatch(/Tagihan\s+Potongan\s+Pembayaran\s+Saldo/);
    expect(text).toContain(`Sisa Tagihan: ${formatRupiah(owed)}`);
    expect(text).toContain(`Terbilang: ${rupiahInWords(owed)}`);
  });
});
