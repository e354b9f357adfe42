/**
 * Payments on student bills: the rules and messages, idempotency (same key, same body: the first payment;
 * another body: 422), 50 concurrent identical requests, two different payments racing for one item, gap-free
 * numbers, voiding on unconfirm, receipts and history; and the formulas as a property over random sequences
 * of writes (item edits, adds, deletes, payments, unconfirm, confirm).
 */
import {
  AMOUNT_GIVEN_TOO_SMALL,
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_MESSAGES,
  type StudentBillingDetail,
  type StudentBillingPaymentPage,
  type StudentBillingPaymentReceipt,
  type StudentBillingWriteResponse,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fee_types,
  student_billing_items,
  student_billing_payments,
  student_billings,
} from '../src/db/schema';
import {
  apiSuite,
  expectLedgerConsistent,
  expectSumsMatchLedger,
  payInFull,
  standingPayments,
} from './billing-fixtures';

const s = apiSuite();
const { call, newBill } = s;

const detailOf = async (id: number, token = s.bandung) =>
  (await call<StudentBillingDetail>('GET', `/api/student-billing/${id}`, token)).body;
const pay = (id: number, body: unknown, key?: string, token = s.bandung) =>
  call<StudentBillingPaymentReceipt & { message?: string }>(
    'POST',
    `/api/student-billing-pay/${id}`,
    token,
    body,
    key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {},
  );
let keys = 0;
const newKey = () => `test-key-${++keys}-${Date.now()}`;

/** A confirmed, unpaid Bandung bill of its own, as the detail shows it. */
async function openBill(): Promise<StudentBillingDetail> {
  return detailOf((await newBill()).id);
}

let feeTypes = 0;
/**
 * A bill of its own for the item tests: a confirmed, unpaid Bandung bill with an item added for a fee component
 * and fee type made for it (so no other test's rows decide it); confirmed again unless `confirm` is false.
 */
async function addedItemBill({ confirm = true } = {}): Promise<StudentBillingDetail> {
  const bill = await openBill();
  const [type] = await s.ctx.database.db
    .insert(fee_types)
    .values({ client_id: bill.client_id, branch_id: bill.branch_id, name: `Biaya Uji Item ${++feeTypes}` })
    .returning({ id: fee_types.id });
  const setStatus = (value: 0 | 1) =>
    call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, { field: 'form_status', value });
  expect((await setStatus(0)).status).toBe(200);
  const component = await call<StudentFeeComponent>('POST', '/api/student-fee-component', s.bandung, {
    department_id: bill.department_id,
    year_of_study_id: bill.year_of_study_id,
    yos_periode_id: bill.yos_periode_id,
    level_id: bill.level_id,
    class_id: bill.class_id,
    mm: bill.mm,
    fee_type_id: type?.id,
    ftype: 1,
    name: 'Komponen Salah Tambah',
    price: 35_000,
  });
  expect(component.status, JSON.stringify(component.body)).toBe(201);
  const added = await call('POST', '/api/student-billing-item', s.bandung, {
    student_billing_id: bill.id,
    student_fee_component_id: component.body.id,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  if (confirm) expect((await setStatus(1)).status).toBe(200);
  return detailOf(bill.id);
}

describe('POST /api/student-billing-pay/{id}', () => {
  it('pays part, then the rest: totals, Lunas, number, stored amount given and change, receipt data', async () => {
    const bill = await openBill();
    const [first, ...rest] = bill.student_billing_items.filter((i) => i.total_billing > 0);
    if (!first) throw new Error('no item');
    const half = Math.floor(first.total_billing / 2);
    const part = await pay(
      bill.id,
      {
        student_billing_items: [{ id: first.id, payment_amount: half }],
        total_amount_payment_paid: half + 5_000,
        ptype: 4,
        note: 'Transfer BCA',
        payer_name: '',
        payment_date: bill.bill_date,
      },
      newKey(),
    );
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      amount: half,
      total_amount_payment_paid: half + 5_000,
      change: 5_000,
      ptype: 4,
      note: 'Transfer BCA',
      payer_name: bill.student.name,
      payment_date: bill.bill_date,
      is_void: false,
      total_billing_after: bill.total_billing - half,
    });
    expect(part.body.payment_number).toMatch(/^KWT-BDG-\d{4}-\d{5}$/);
    expect(part.body.branch.name).toBe('Sekolah Nusantara Cabang Bandung');
    expect(part.body.branch.phone).toBeTruthy();
    expect(part.body.student.nis).toBe(bill.student.nis);
    expect(part.body.class.name).toBe(bill.class.name);
    expect(part.body.year_of_study.name).toBe(bill.year_of_study.name);
    expect(part.body.yos_periode.periode.name).toBe(bill.yos_periode.periode.name);
    expect(part.body.department.name).toBe(bill.department.name);
    expect(part.body.created_by?.name).toBeTruthy();
    expect(part.body.student_billing_item_payments).toEqual([
      expect.objectContaining({
        amount: half,
        student_fee_component: expect.objectContaining({ name: first.student_fee_component.name }),
        student_billing_item: expect.objectContaining({ total_billing: first.total_billing - half }),
      }),
    ]);
    const after = await detailOf(bill.id);
    expect(after.total_payment).toBe(half);
    expect(after.payment_status).toBe(0);
    await expectLedgerConsistent(s.ctx, bill.id);

    // The rest; Cash drops the note (the form hides it).
    const restBody = payInFull(after, {
      ptype: 1,
      note: 'ignored',
      total_amount_payment_paid: after.total_billing,
    });
    const full = await pay(bill.id, restBody, newKey());
    expect(full.status).toBe(201);
    expect(full.body.note).toBeNull();
    expect(full.body.total_billing_after).toBe(0);
    expect(full.body.student_billing.payment_status).toBe(1);
    const paid = await detailOf(bill.id);
    expect(paid).toMatchObject({ payment_status: 1, total_billing: 0, total_payment: bill.total_billing });
    expect(paid.student_billing_payments).toHaveLength(2);
    expect(rest.length + 1).toBe(paid.student_billing_items.filter((i) => i.total_payment > 0).length);
    await expectLedgerConsistent(s.ctx, bill.id);

    const again = await pay(bill.id, payInFull(bill), newKey());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: PAYMENT_MESSAGES.alreadyPaid });

    // A reprint shows the same Bayar, Kembali and Sisa.
    const reprint = await call<StudentBillingPaymentReceipt>(
      'GET',
      `/api/ref-student-billing-payment/${part.body.id}`,
      s.bandung,
    );
    expect(reprint.body).toMatchObject({
      total_amount_payment_paid: half + 5_000,
      change: 5_000,
      total_billing_after: bill.total_billing - half,
    });
  });

  it('each validation message, and refusals that change nothing', async () => {
    const bill = await openBill();
    const item = bill.student_billing_items.find((i) => i.total_billing > 0);
    if (!item) throw new Error('no item');
    const line = { id: item.id, payment_amount: item.total_billing };
    const base = { student_billing_items: [line], ptype: 1 };
    const expectRefused = async (body: unknown, status: number, message: string, key?: string) => {
      const res = await pay(bill.id, body, key);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    };
    await expectRefused(
      { ...base, total_amount_payment_paid: item.total_billing - 1 },
      422,
      AMOUNT_GIVEN_TOO_SMALL,
    );
    await expectRefused({ ...base, student_billing_items: [] }, 422, PAYMENT_MESSAGES.itemsRequired);
    await expectRefused(
      { ...base, student_billing_items: [{ ...line, payment_amount: 0 }] },
      422,
      PAYMENT_MESSAGES.totalZero,
    );
    await expectRefused(
      { ...base, student_billing_items: [line, line] },
      422,
      PAYMENT_MESSAGES.duplicateItem,
    );
    await expectRefused({ ...base, ptype: 7 }, 422, PAYMENT_MESSAGES.ptypeRequired);
    await expectRefused(
      { ...base, student_billing_items: [{ ...line, payment_amount: 10.5 }] },
      422,
      'Jumlah bayar harus bilangan bulat',
    );
    await expectRefused(
      { ...base, student_billing_items: [{ ...line, payment_amount: -1 }] },
      422,
      'Jumlah bayar tidak boleh kurang dari 0',
    );
    await expectRefused({ ...base, payment_date: '2026-13-01' }, 422, PAYMENT_MESSAGES.dateInvalid);
    await expectRefused({ ...base, payment_date: '2000-01-01' }, 422, PAYMENT_MESSAGES.dateBeforeBill);
    await expectRefused({ ...base, payment_date: '2999-01-01' }, 422, PAYMENT_MESSAGES.dateInFuture);
    await expectRefused(
      { ...base, student_billing_items: [{ id: 1, payment_amount: 1 }] },
      422,
      PAYMENT_MESSAGES.itemNotOnBill,
    );
    const over = await pay(bill.id, {
      ...base,
      student_billing_items: [{ ...line, payment_amount: item.total_billing + 1 }],
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(PAYMENT_MESSAGES.exceedsDue);
    expect(over.body.message).toContain(item.student_fee_component.name);
    await expectRefused(base, 422, PAYMENT_MESSAGES.keyInvalid, 'bad key with spaces');

    const unconfirmed = await newBill({ confirmed: false });
    const res = await pay(unconfirmed.id, base);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PAYMENT_MESSAGES.notConfirmed);

    const jakarta = await newBill({ branch: 2 });
    expect((await pay(jakarta.id, base)).status).toBe(404);
    expect((await pay(bill.id, base, undefined, s.guru)).status).toBe(403);
    expect((await pay(bill.id, base, undefined, '')).status).toBe(401);

    expect(await standingPayments(s.ctx, bill.id)).toHaveLength(0);
    expect(await detailOf(bill.id)).toMatchObject({ total_payment: 0, total_billing: bill.total_billing });
  });

  it('the same key: the first payment again (200, Idempotent-Replayed); another body or bill: 422', async () => {
    const bill = await openBill();
    const body = payInFull(bill);
    const key = newKey();
    const first = await pay(bill.id, body, key);
    expect(first.status).toBe(201);
    const replay = await pay(bill.id, body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.body.payment_number).toBe(first.body.payment_number);

    const other = await pay(bill.id, { ...body, payer_name: 'Orang Lain' }, key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(PAYMENT_MESSAGES.keyReused);
    const otherBill = await openBill();
    expect((await pay(otherBill.id, payInFull(otherBill), key)).body.message).toBe(
      PAYMENT_MESSAGES.keyReused,
    );
    expect(await standingPayments(s.ctx, bill.id)).toHaveLength(1);
    expect(await standingPayments(s.ctx, otherBill.id)).toHaveLength(0);

    // Without a key, the request itself is the key: an identical retry is the same payment.
    const plain = await openBill();
    const half = {
      student_billing_items: [{ id: plain.student_billing_items[0]?.id, payment_amount: 1_000 }],
      ptype: 2,
    };
    const a = await pay(plain.id, half);
    const b = await pay(plain.id, half);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.id).toBe(a.body.id);
  });

  it('50 concurrent identical requests make exactly one payment and one number', async () => {
    const bill = await openBill();
    const body = payInFull(bill, { total_amount_payment_paid: bill.total_billing + 1_000 });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(bill.id, body, key)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((st) => st === 201)).toHaveLength(1);
    expect(statuses.filter((st) => st === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const payments = await s.ctx.database.db
      .select()
      .from(student_billing_payments)
      .where(eq(student_billing_payments.student_billing_id, bill.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]?.total_amount_payment_paid).toBe(bill.total_billing + 1_000);
    expect(await detailOf(bill.id)).toMatchObject({ payment_status: 1, total_payment: bill.total_billing });
    await expectLedgerConsistent(s.ctx, bill.id);
  }, 120_000);

  it('two different payments racing for the same item never pay beyond what is due', async () => {
    const bill = await openBill();
    const item = bill.student_billing_items.find((i) => i.total_billing > 1);
    if (!item) throw new Error('no item');
    const whole = { student_billing_items: [{ id: item.id, payment_amount: item.total_billing }], ptype: 1 };
    const most = {
      student_billing_items: [{ id: item.id, payment_amount: item.total_billing - 1 }],
      ptype: 2,
    };
    const [a, b] = await Promise.all([pay(bill.id, whole, newKey()), pay(bill.id, most, newKey())]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const after = await detailOf(bill.id);
    const paidItem = after.student_billing_items.find((i) => i.id === item.id);
    expect(paidItem?.total_payment).toBeLessThanOrEqual(item.total_billing);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('payment numbers are unique and gap-free under concurrency', async () => {
    const bills = [
      await openBill(),
      await openBill(),
      await openBill(),
      await openBill(),
      await openBill(),
      await openBill(),
    ];
    const answers = await Promise.all(bills.map((bill) => pay(bill.id, payInFull(bill), newKey())));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const numbers = answers.map((a) => Number(a.body.payment_number.slice(-5))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect((numbers.at(-1) as number) - (numbers[0] as number)).toBe(numbers.length - 1);
    // Nothing in the month's counter beyond what was issued.
    const prefix = answers[0]?.body.payment_number.slice(0, -5);
    const [highest] = await s.ctx.database.db
      .select({ n: sql<string>`max(${student_billing_payments.payment_number})` })
      .from(student_billing_payments)
      .where(sql`${student_billing_payments.payment_number} like ${`${prefix}%`}`);
    expect(Number(highest?.n.slice(-5))).toBe(numbers.at(-1));
  });
});

describe('unconfirming voids the payments', () => {
  it('voids (never deletes) with who, when and why; totals exclude them; receipts still open, marked void', async () => {
    const bill = await openBill();
    const paid = await pay(bill.id, payInFull(bill), newKey());
    expect(paid.status).toBe(201);
    const res = await call<StudentBillingWriteResponse>(
      'POST',
      `/api/student-billing-xupdate/${bill.id}`,
      s.bandung,
      {
        field: 'form_status',
        value: 0,
        void_reason: 'Salah nominal',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Konfirmasi billing berhasil dibatalkan');
    expect(res.body.data).toMatchObject({
      form_status: 0,
      total_payment: 0,
      total_billing: bill.total_billing,
      payment_status: 0,
    });
    const [voided] = res.body.data.student_billing_payments;
    expect(voided).toMatchObject({
      id: paid.body.id,
      is_void: true,
      void_reason: 'Salah nominal',
      voided_by: { id: s.user.id },
    });
    expect(voided?.voided_at).toBeTruthy();
    const receipt = await call<StudentBillingPaymentReceipt>(
      'GET',
      `/api/ref-student-billing-payment/${paid.body.id}`,
      s.bandung,
    );
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      is_void: true,
      amount: bill.total_billing,
      payment_number: paid.body.payment_number,
    });
    await expectLedgerConsistent(s.ctx, bill.id);

    // While unconfirmed the items may change, payments may not; confirmed again, it can be paid anew.
    expect((await pay(bill.id, payInFull(bill), newKey())).status).toBe(409);
    await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 1,
    });
    const again = await pay(bill.id, payInFull(bill), newKey());
    expect(again.status).toBe(201);
    const detail = await detailOf(bill.id);
    expect(detail.student_billing_payments.map((p) => p.is_void)).toEqual([true, false]);
    expect(detail.total_payment).toBe(bill.total_billing);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('removes an item a voided payment names from the unconfirmed bill: kept with who, when and why', async () => {
    const bill = await addedItemBill();
    const wrong = bill.student_billing_items.at(-1);
    const kept = bill.student_billing_items.slice(0, -1);
    if (!wrong || kept.length === 0) throw new Error('the bill needs two items');
    const paid = await pay(bill.id, payInFull(bill), newKey());
    expect(paid.status).toBe(201);
    const itemPath = `/api/student-billing-item/${wrong.id}`;
    // Confirmed: nothing may be removed.
    expect((await call('DELETE', itemPath, s.bandung)).status).toBe(409);
    await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });

    const tooLong = await call('DELETE', `${itemPath}?reason=${'x'.repeat(501)}`, s.bandung);
    expect(tooLong.status).toBe(422);
    const removed = await call<StudentBillingWriteResponse>(
      'DELETE',
      `${itemPath}?reason=${encodeURIComponent('Salah tambah komponen')}`,
      s.bandung,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = removed.body.data;
    expect(after.student_billing_items.map((i) => i.id)).toEqual(kept.map((i) => i.id));
    expect(after.total_amount).toBe(bill.total_amount - wrong.total_amount);
    expect(after.total_payment).toBe(0);
    expect(after.total_billing).toBe(bill.total_billing - wrong.total_billing);
    expect(after.removed_items).toEqual([
      expect.objectContaining({
        id: wrong.id,
        total_amount: wrong.total_amount,
        removed_by: { id: s.user.id, name: expect.any(String) },
        removed_reason: 'Salah tambah komponen',
        student_fee_component: expect.objectContaining({ id: wrong.student_fee_component_id }),
      }),
    ]);
    expect(Date.parse(after.removed_items[0]?.removed_at ?? '')).not.toBeNaN();
    await expectLedgerConsistent(s.ctx, bill.id);

    // The void receipt still lists the removed item; the item is gone from every write.
    const receipt = await call<StudentBillingPaymentReceipt>(
      'GET',
      `/api/ref-student-billing-payment/${paid.body.id}`,
      s.bandung,
    );
    expect(receipt.body.is_void).toBe(true);
    expect(receipt.body.student_billing_item_payments.map((l) => l.student_billing_item_id)).toContain(
      wrong.id,
    );
    expect((await call('DELETE', itemPath, s.bandung)).status).toBe(404);
    const edit = await call('POST', `/api/student-billing-item-xupdate/${wrong.id}`, s.bandung, {
      field: 'price',
      value: 1,
    });
    expect(edit.status).toBe(404);
    // The component can be charged to the student again, and the bill confirmed and paid without it.
    const readd = await call<StudentBillingWriteResponse>('POST', '/api/student-billing-item', s.bandung, {
      student_billing_id: bill.id,
      student_fee_component_id: wrong.student_fee_component_id,
    });
    expect(readd.status, JSON.stringify(readd.body)).toBe(201);
    expect(readd.body.data.student_billing_items).toHaveLength(kept.length + 1);
    expect(readd.body.data.removed_items).toHaveLength(1);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('deletes an item no payment ever named outright, and never the last item', async () => {
    const bill = await addedItemBill({ confirm: false });
    const items = bill.student_billing_items;
    for (const [n, item] of items.slice(1).entries()) {
      const res = await call<StudentBillingWriteResponse>(
        'DELETE',
        `/api/student-billing-item/${item.id}`,
        s.bandung,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.removed_items).toEqual([]);
      expect(res.body.data.student_billing_items).toHaveLength(items.length - n - 1);
    }
    const [item] = await s.ctx.database.db
      .select({ id: student_billing_items.id })
      .from(student_billing_items)
      .where(eq(student_billing_items.id, items.at(-1)?.id ?? 0));
    expect(item).toBeUndefined();
    const last = await call('DELETE', `/api/student-billing-item/${items[0]?.id}`, s.bandung);
    expect(last.status).toBe(409);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('the demo data has voided payments on unconfirmed bills, excluded from the dashboard', async () => {
    const rows = await s.ctx.database.db
      .select({ form_status: student_billings.form_status, voided_at: student_billing_payments.voided_at })
      .from(student_billing_payments)
      .innerJoin(student_billings, eq(student_billings.id, student_billing_payments.student_billing_id))
      .where(
        sql`${student_billing_payments.voided_at} is not null and ${student_billing_payments.idempotency_key} like 'seed-%'`,
      );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.form_status === 0)).toBe(true);
  });
});

describe('GET /api/student-billing-payment (history)', () => {
  it("pages a student's payments in a department with the header card's data", async () => {
    const [row] = await s.ctx.database.db
      .select({
        student_id: student_billing_payments.student_id,
        department_id: student_billings.department_id,
        n: sql<number>`count(*)::int`,
      })
      .from(student_billing_payments)
      .innerJoin(student_billings, eq(student_billings.id, student_billing_payments.student_billing_id))
      .where(eq(student_billing_payments.branch_id, 1))
      .groupBy(student_billing_payments.student_id, student_billings.department_id)
      .having(sql`count(*) > 1`)
      .limit(1);
    if (!row) throw new Error('no student with two payments');
    const url = `/api/student-billing-payment?student_id=${row.student_id}&department_id=${row.department_id}&bill_date_before=${s.today}&limit=1&page=2`;
    const res = await call<StudentBillingPaymentPage>('GET', url, s.bandung);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 2, per_page: 1, from: 2 });
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]?.student_billing.bill_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.student.name).toBeTruthy();
    expect(res.body.student.batch?.name).toBeTruthy();
    expect(res.body.department.name).toBeTruthy();
    const defaults = await call<StudentBillingPaymentPage>(
      'GET',
      `/api/student-billing-payment?student_id=${row.student_id}&department_id=${row.department_id}`,
      s.bandung,
    );
    expect(defaults.body.per_page).toBe(5);
    expect((await call('GET', url, s.jakarta)).status).toBe(404);
    expect((await call('GET', '/api/student-billing-payment', s.bandung)).body.message).toBe(
      'Siswa Tidak Boleh Kosong, Departemen Tidak Boleh Kosong',
    );
    const jakartaPayment = await s.ctx.database.db
      .select({ id: student_billing_payments.id })
      .from(student_billing_payments)
      .where(eq(student_billing_payments.branch_id, 2))
      .limit(1);
    expect(
      (await call('GET', `/api/ref-student-billing-payment/${jakartaPayment[0]?.id}`, s.bandung)).status,
    ).toBe(404);
  });
});

describe('the formulas hold after every write (property)', () => {
  type Step =
    | { op: 'pay'; share: number }
    | { op: 'overpay' }
    | { op: 'edit'; item: number; field: 'price' | 'discount' | 'bail' | 'qty'; value: number }
    | { op: 'add' }
    | { op: 'delete'; item: number }
    | { op: 'unconfirm' }
    | { op: 'confirm' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ op: fc.constant('pay' as const), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
    fc.constant({ op: 'overpay' as const }),
    fc.record({
      op: fc.constant('edit' as const),
      item: fc.nat(5),
      field: fc.constantFrom('price' as const, 'discount' as const, 'bail' as const),
      value: fc.integer({ min: 0, max: 600_000 }),
    }),
    fc.record({
      op: fc.constant('edit' as const),
      item: fc.nat(5),
      field: fc.constant('qty' as const),
      value: fc.integer({ min: 1, max: 4 }),
    }),
    fc.constant({ op: 'add' as const }),
    fc.record({ op: fc.constant('delete' as const), item: fc.nat(5) }),
    fc.constant({ op: 'unconfirm' as const }),
    fc.constant({ op: 'confirm' as const }),
  );

  it('random sequences of item edits, adds, deletes, payments, unconfirm and confirm keep the ledger true', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 9 }), async (steps) => {
        const start = await openBill();
        const id = start.id;
        for (const st of steps) {
          const bill = await detailOf(id);
          const confirmed = bill.form_status === 1;
          const item =
            'item' in st
              ? bill.student_billing_items[st.item % bill.student_billing_items.length]
              : undefined;
          if (st.op === 'pay' || st.op === 'overpay') {
            const payable = bill.student_billing_items.filter((i) => i.total_billing > 0);
            const lines = payable.map((i) => ({
              id: i.id,
              payment_amount:
                st.op === 'overpay'
                  ? i.total_billing + 1
                  : Math.max(1, Math.floor(i.total_billing * st.share)),
            }));
            const res = await pay(
              id,
              { student_billing_items: lines.length ? lines : [{ id: 1, payment_amount: 1 }], ptype: 1 },
              newKey(),
            );
            const expected =
              !confirmed || bill.payment_status === 1
                ? 409
                : lines.length === 0
                  ? 422
                  : st.op === 'overpay'
                    ? 409
                    : 201;
            expect(res.status, JSON.stringify(res.body)).toBe(expected);
          } else if (st.op === 'edit' && item) {
            const next = { ...item, [st.field]: st.value };
            const res = await call('POST', `/api/student-billing-item-xupdate/${item.id}`, s.bandung, {
              field: st.field,
              value: st.value,
            });
            expect(res.status).toBe(confirmed ? 409 : next.discount + next.bail <= next.price ? 200 : 422);
          } else if (st.op === 'delete' && item) {
            const res = await call('DELETE', `/api/student-billing-item/${item.id}`, s.bandung);
            // While unconfirmed every payment is void: an item a payment named is removed (kept), others deleted.
            const expected = confirmed || bill.student_billing_items.length === 1 ? 409 : 200;
            expect(res.status).toBe(expected);
          } else if (st.op === 'add') {
            const available = await call<StudentFeeComponent[]>(
              'GET',
              `/api/student-fee-component-all?student_id=${bill.student_id}&available_only=1`,
              s.bandung,
            );
            const component = available.body.find((c) => c.department_id === bill.department_id);
            if (!component) continue;
            const res = await call('POST', '/api/student-billing-item', s.bandung, {
              student_billing_id: id,
              student_fee_component_id: component.id,
            });
            expect(res.status).toBe(confirmed ? 409 : 201);
          } else if (st.op === 'unconfirm' || st.op === 'confirm') {
            const res = await call('POST', `/api/student-billing-xupdate/${id}`, s.bandung, {
              field: 'form_status',
              value: st.op === 'confirm' ? 1 : 0,
            });
            expect(res.status).toBe(200);
          }
          await expectLedgerConsistent(s.ctx, id);
        }
        // The kept class-month sums followed every write of the sequence (migration 0018).
        await expectSumsMatchLedger(s.ctx);
      }),
      { numRuns: 12 },
    );
  }, 180_000); // ~100 requests: generous, so a busy machine cannot fail it
});
