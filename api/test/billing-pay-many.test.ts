/**
 * Several bills, one payment (`POST /api/student-billing-pay`): one number and one receipt over the bills of one
 * student, exact and short money, refusals that change nothing, one payment for concurrent duplicates under one
 * key, and voiding it whole when any of its bills loses its confirmation.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_MESSAGES,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { student_billing_payments, student_billings } from '../src/db/schema';
import { apiSuite, confirmedUnpaid, expectLedgerConsistent, inBranchOne } from './billing-fixtures';

const s = apiSuite();
const { call } = s;
const used = new Set<number>();

const detailOf = async (id: number) =>
  (await call<StudentBillingDetail>('GET', `/api/student-billing/${id}`, s.bandung)).body;
let keys = 0;
const newKey = () => `many-key-${++keys}-${Date.now()}`;
const payMany = (body: unknown, key = newKey(), token = s.bandung) =>
  call<StudentBillingPaymentReceipt & { message?: string }>('POST', '/api/student-billing-pay', token, body, {
    [IDEMPOTENCY_KEY_HEADER]: key,
  });

/**
 * `count` confirmed, unpaid Bandung bills of one student, of one department and year, dated up to today, that no
 * other test of this suite has taken; oldest first.
 */
async function billsOfOneStudent(count: number): Promise<StudentBillingDetail[]> {
  const rows = await s.ctx.database.db
    .select({
      id: student_billings.id,
      owner: sql<string>`concat_ws(':', ${student_billings.student_id}, ${student_billings.department_id}, ${student_billings.year_of_study_id})`,
    })
    .from(student_billings)
    .where(and(inBranchOne, confirmedUnpaid, sql`${student_billings.bill_date} <= ${s.today}`))
    .orderBy(student_billings.id);
  const byOwner = new Map<string, number[]>();
  for (const row of rows) {
    if (used.has(row.id)) continue;
    byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row.id]);
  }
  const ids = [...byOwner.values()].find((list) => list.length >= count)?.slice(0, count);
  if (!ids) throw new Error(`the demo data has no student with ${count} payable bills`);
  for (const id of ids) used.add(id);
  return Promise.all(ids.map(detailOf));
}

/** Every payable item of the bills, paid in full. */
const fullLines = (bills: StudentBillingDetail[]) =>
  bills.flatMap((b) =>
    b.student_billing_items
      .filter((i) => i.total_billing > 0)
      .map((i) => ({ id: i.id, payment_amount: i.total_billing })),
  );
const body = (bills: StudentBillingDetail[], lines = fullLines(bills), extra: object = {}) => ({
  student_billing_ids: bills.map((b) => b.id),
  student_billing_items: lines,
  ptype: 1,
  ...extra,
});

describe('POST /api/student-billing-pay (several bills, one payment)', () => {
  it('pays two bills in full: one number, one receipt listing both bills, both Lunas, each history shows it', async () => {
    const bills = await billsOfOneStudent(2);
    const total = bills.reduce((sum, b) => sum + b.total_billing, 0);
    const paid = await payMany(body(bills, fullLines(bills), { total_amount_payment_paid: total + 10_000 }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({
      amount: total,
      total_amount_payment_paid: total + 10_000,
      total_billing_after: 0,
    });
    expect(paid.body.student_billing_id).toBe(bills[0]?.id);
    const billsOnReceipt = new Set(paid.body.student_billing_item_payments.map((l) => l.bill.bill_number));
    expect([...billsOnReceipt].sort()).toEqual(bills.map((b) => b.bill_number).sort());
    for (const bill of bills) {
      const after = await detailOf(bill.id);
      expect(after.payment_status).toBe(1);
      expect(after.total_billing).toBe(0);
      expect(after.student_billing_payments.map((p) => p.id)).toEqual([paid.body.id]);
      await expectLedgerConsistent(s.ctx, bill.id);
    }
    const rows = await s.ctx.database.db
      .select({ id: student_billing_payments.id })
      .from(student_billing_payments)
      .where(eq(student_billing_payments.payment_number, paid.body.payment_number));
    expect(rows).toHaveLength(1);
  });

  it('short money: the oldest bill in full, part of the next; Sisa Tagihan is what the bills still owe', async () => {
    const bills = await billsOfOneStudent(2);
    const [older, newer] = bills as [StudentBillingDetail, StudentBillingDetail];
    const newerItem = newer.student_billing_items.find((i) => i.total_billing > 1);
    if (!newerItem) throw new Error('no payable item');
    const part = Math.floor(newerItem.total_billing / 2);
    const lines = [...fullLines([older]), { id: newerItem.id, payment_amount: part }];
    const paid = await payMany(body(bills, lines));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.total_billing_after).toBe(newer.total_billing - part);
    expect((await detailOf(older.id)).payment_status).toBe(1);
    expect((await detailOf(newer.id)).total_billing).toBe(newer.total_billing - part);
    for (const bill of bills) await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('refuses, changing nothing: too much on an item, an item of another bill, bills of two students, an unconfirmed bill, no bills', async () => {
    const bills = await billsOfOneStudent(2);
    const [first, second] = bills as [StudentBillingDetail, StudentBillingDetail];
    const item = first.student_billing_items.find((i) => i.total_billing > 0);
    if (!item) throw new Error('no payable item');
    const over = await payMany(body(bills, [{ id: item.id, payment_amount: item.total_billing + 1 }]));
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(PAYMENT_MESSAGES.exceedsDue);
    const outside = await payMany(body([first], fullLines(bills)));
    expect(outside.status).toBe(422);
    const [stranger] = await billsOfOneStudent(1);
    if (!stranger) throw new Error('no other student');
    const strangers = await payMany(body([first, stranger]));
    expect(strangers.status).toBe(422);
    expect(strangers.body.message).toBe(PAYMENT_MESSAGES.billsOfOneOwner);
    expect((await payMany(body([]))).status).toBe(422);
    expect((await payMany({ ...body(bills), student_billing_ids: [first.id, first.id] })).status).toBe(422);
    await call('POST', `/api/student-billing-xupdate/${second.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });
    const unconfirmed = await payMany(body(bills));
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toBe(`${second.bill_number}: ${PAYMENT_MESSAGES.notConfirmed}`);
    for (const bill of [first, second, stranger]) {
      expect((await detailOf(bill.id)).student_billing_payments).toEqual([]);
      await expectLedgerConsistent(s.ctx, bill.id);
    }
  });

  it('twenty identical requests at once under one key make one payment', async () => {
    const bills = await billsOfOneStudent(2);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => payMany(body(bills), key)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    for (const bill of bills) {
      expect((await detailOf(bill.id)).student_billing_payments).toHaveLength(1);
      await expectLedgerConsistent(s.ctx, bill.id);
    }
  });

  it('withdrawing the confirmation of one of its bills voids the payment whole: every bill owes again', async () => {
    const bills = await billsOfOneStudent(2);
    const [first, second] = bills as [StudentBillingDetail, StudentBillingDetail];
    const paid = await payMany(body(bills));
    expect(paid.status).toBe(201);
    const unconfirm = await call('POST', `/api/student-billing-xupdate/${second.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
      void_reason: 'Salah siswa',
    });
    expect(unconfirm.status).toBe(200);
    const firstAfter = await detailOf(first.id);
    expect(firstAfter.form_status).toBe(1);
    expect(firstAfter.payment_status).toBe(0);
    expect(firstAfter.total_billing).toBe(first.total_billing);
    expect(firstAfter.student_billing_payments.map((p) => [p.id, p.is_void, p.void_reason])).toEqual([
      [paid.body.id, true, 'Salah siswa'],
    ]);
    expect((await detailOf(second.id)).total_billing).toBe(second.total_billing);
    for (const bill of bills) await expectLedgerConsistent(s.ctx, bill.id);
    const receipt = await call<StudentBillingPaymentReceipt>(
      'GET',
      `/api/ref-student-billing-payment/${paid.body.id}`,
      s.bandung,
    );
    expect(receipt.body.is_void).toBe(true);
  });

  it('the single-bill call is the same payment with one bill', async () => {
    const [bill] = await billsOfOneStudent(1);
    if (!bill) throw new Error('no bill');
    const one = await call<StudentBillingPaymentReceipt>(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      s.bandung,
      { student_billing_items: fullLines([bill]), ptype: 1 },
      { [IDEMPOTENCY_KEY_HEADER]: newKey() },
    );
    expect(one.status).toBe(201);
    expect(one.body.student_billing_item_payments.every((l) => l.bill.id === bill.id)).toBe(true);
  });
});
