// Prospect billing (api/ROUTES.md "Prospect billing"): lists, payments through the shared engine (idempotency,
// races, gap-free numbers, a delete racing a payment), voids and receipts, checked against the contract's formulas.
import {
  AMOUNT_GIVEN_TOO_SMALL,
  billTotals,
  IDEMPOTENCY_KEY_HEADER,
  itemTotals,
  PAYMENT_MESSAGES,
  type Paged,
  type ProspectiveBilling,
  type ProspectiveBillingDetail,
  type ProspectiveBillingPaymentReceipt,
  type PsbEventProspective,
} from '@keuangan/shared/contract';
import { and, asc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  prospective_billing_item_payments,
  prospective_billing_items,
  prospective_billing_payments,
  prospective_billings,
} from '../src/db/schema';
import { refreshTotals } from '../src/ledger/engine';
import { PROSPECT_BILLS } from '../src/ledger/prospect-bills-queries';
import { apiSuite } from './billing-fixtures';

const s = apiSuite();
const { call } = s;

type ListPage = Paged<ProspectiveBilling>;
const list = async (query: string, token = s.bandung) => {
  const res = await call<ListPage>('GET', `/api/prospective-billing?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Every bill of a filter (pages of 100). */
const all = async (query: string, token = s.bandung) => (await list(`${query}&limit=100`, token)).data;
const detailOf = async (id: number, token = s.bandung) =>
  (await call<ProspectiveBillingDetail>('GET', `/api/prospective-billing/${id}`, token)).body;
const pay = (id: number, body: unknown, key?: string, token = s.bandung) =>
  call<ProspectiveBillingPaymentReceipt & { message?: string; errors?: Record<string, string[]> }>(
    'POST',
    `/api/prospective-billing-pay/${id}`,
    token,
    body,
    key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {},
  );
let keys = 0;
const newKey = () => `prospect-key-${++keys}-${Date.now()}`;

/** A pay body paying every item's due in full (amount given = total). */
const payInFull = (bill: ProspectiveBillingDetail, extra: object = {}) => ({
  prospective_billing_items: bill.prospective_billing_items
    .filter((i) => i.total_billing > 0)
    .map((i) => ({ id: i.id, payment_amount: i.total_billing })),
  ptype: 1,
  ...extra,
});

/** Unpaid demo bills of Bandung, each picked once in this file. */
const used: number[] = [0];
async function openBill(...conditions: (SQL | undefined)[]): Promise<ProspectiveBillingDetail> {
  const [bill] = await s.ctx.database.db
    .select({ id: prospective_billings.id })
    .from(prospective_billings)
    .where(
      and(
        notInArray(prospective_billings.id, used),
        eq(prospective_billings.branch_id, 1),
        eq(prospective_billings.payment_status, 0),
        sql`${prospective_billings.total_billing} > 1`,
        ...conditions,
      ),
    )
    .orderBy(asc(prospective_billings.id))
    .limit(1);
  if (!bill) throw new Error('the demo data has no such prospect bill');
  used.push(bill.id);
  return detailOf(bill.id);
}

/**
 * The ledger of one prospect bill, read from the tables: every item's totals follow the contract's formulas
 * from its price, qty and not-voided payments; the bill's totals are their sums; each payment adds up.
 */
async function expectLedgerConsistent(billId: number) {
  const { db } = s.ctx.database;
  const [bill] = await db.select().from(prospective_billings).where(eq(prospective_billings.id, billId));
  const items = await db
    .select()
    .from(prospective_billing_items)
    .where(eq(prospective_billing_items.prospective_billing_id, billId))
    .orderBy(asc(prospective_billing_items.id));
  const payments = await db
    .select()
    .from(prospective_billing_payments)
    .where(eq(prospective_billing_payments.prospective_billing_id, billId));
  const lines = await db
    .select({ line: prospective_billing_item_payments, voided_at: prospective_billing_payments.voided_at })
    .from(prospective_billing_item_payments)
    .innerJoin(
      prospective_billing_payments,
      eq(prospective_billing_payments.id, prospective_billing_item_payments.prospective_billing_payment_id),
    )
    .where(eq(prospective_billing_payments.prospective_billing_id, billId));
  if (!bill) throw new Error(`bill ${billId} is gone`);
  const expected = items.map((item) => {
    const paid = lines
      .filter((l) => l.line.prospective_billing_item_id === item.id && l.voided_at === null)
      .reduce((sum, l) => sum + l.line.amount, 0);
    const { amount: _net, ...totals } = itemTotals({ ...item, discount: 0, bail: 0, total_payment: paid });
    const { total_amount, total_discount, total_bail, total_payment, total_billing, payment_status } = item;
    expect(
      { total_amount, total_discount, total_bail, total_payment, total_billing, payment_status },
      `item ${item.id}`,
    ).toEqual(totals);
    return totals;
  });
  const { total_amount, total_discount, total_bail, total_payment, total_billing, payment_status } = bill;
  expect({ total_amount, total_discount, total_bail, total_payment, total_billing, payment_status }).toEqual(
    billTotals(expected),
  );
  for (const payment of payments) {
    const own = lines.filter((l) => l.line.prospective_billing_payment_id === payment.id);
    expect(payment.amount).toBe(own.reduce((sum, l) => sum + l.line.amount, 0));
    expect(payment.total_amount_payment_paid).toBeGreaterThanOrEqual(payment.amount);
  }
}

const paymentsOf = (billId: number) =>
  s.ctx.database.db
    .select()
    .from(prospective_billing_payments)
    .where(eq(prospective_billing_payments.prospective_billing_id, billId));

// -------------------------------------------------------------------------------------------------------
describe('GET /api/prospective-billing', () => {
  it('lists the bills of both event types with the columns of docs/screens.md', async () => {
    const rows = await all('');
    expect(rows.length).toBeGreaterThan(20);
    const [row] = rows;
    expect(row).toMatchObject({
      bill_number: expect.stringMatching(/^(PSB|MUT)-BDG-\d{4}-\d{5}$/),
      psb_event_stype: { id: expect.any(Number), name: expect.any(String) },
      department: { id: expect.any(Number), name: expect.any(String) },
      psb_event_prospective: {
        id: expect.any(Number),
        name: expect.any(String),
        reg_number: expect.any(String),
      },
      psb_event: { id: expect.any(Number), code: expect.any(String) },
      total_amount: expect.any(Number),
      total_payment: expect.any(Number),
      total_billing: expect.any(Number),
      payment_status: expect.any(Number),
    });
    expect(row).not.toHaveProperty('client_id');
    expect(new Set(rows.map((r) => r.psb_event_stype_id))).toEqual(new Set([1, 2]));
    // Unpaid, partly paid and paid bills.
    expect(rows.some((r) => r.total_payment === 0 && r.payment_status === 0)).toBe(true);
    expect(rows.some((r) => r.total_payment > 0 && r.payment_status === 0)).toBe(true);
    expect(rows.some((r) => r.total_billing === 0 && r.payment_status === 1)).toBe(true);
    for (const r of rows) expect(r.total_billing).toBe(r.total_amount - r.total_payment);
  });

  it('filters by department, event, payment status, entry year, event type and search text', async () => {
    const everything = await all('');
    const [first] = everything;
    if (!first) throw new Error('no bill');
    const byDept = await all(`deptId=${first.department_id}`);
    expect(byDept.map((r) => r.id)).toEqual(
      everything.filter((r) => r.department_id === first.department_id).map((r) => r.id),
    );
    const byEvent = await all(`psb_event_id=${first.psb_event_id}`);
    expect(byEvent.length).toBeGreaterThan(0);
    expect(byEvent.every((r) => r.psb_event.id === first.psb_event_id)).toBe(true);
    const paid = await all('payment_status=1');
    const unpaid = await all('payment_status=0');
    expect(paid.every((r) => r.payment_status === 1)).toBe(true);
    expect(unpaid.every((r) => r.payment_status === 0)).toBe(true);
    expect(paid.length + unpaid.length).toBe(everything.length);
    const transfer = await all('stype=2');
    expect(transfer.length).toBeGreaterThan(0);
    expect(transfer.every((r) => r.psb_event_stype_id === 2 && r.bill_number.startsWith('MUT-'))).toBe(true);
    const yoe = first.psb_event_prospective.yoe;
    const byYear = await all(`yoe=${yoe}`);
    expect(byYear.length).toBeGreaterThan(0);
    expect(byYear.every((r) => r.psb_event_prospective.yoe === yoe)).toBe(true);
    expect(await all(`yoe=${yoe - 20}`)).toEqual([]);
    // Empty filters filter nothing (the screen sends none for 'Semua').
    expect((await all('deptId=&psb_event_id=&payment_status=')).length).toBe(everything.length);

    const someone = everything[4] as ProspectiveBilling;
    const byName = await all(`q=${encodeURIComponent(someone.psb_event_prospective.name.toLowerCase())}`);
    expect(byName.map((r) => r.id)).toContain(someone.id);
    expect((await all(`q=${someone.psb_event_prospective.reg_number}`)).map((r) => r.id)).toEqual([
      someone.id,
    ]);
    expect((await all(`q=${someone.bill_number}`)).map((r) => r.id)).toEqual([someone.id]);
    expect(await all('q=%25_zz')).toEqual([]); // % and _ are literal
  });

  it('pages by 5 by default, ascending by id, or by a chosen column', async () => {
    const first = await list('');
    const second = await list('page=2');
    expect(first.data).toHaveLength(5);
    expect(first.per_page).toBe(5);
    expect(second.from).toBe(6);
    expect(first.last_page).toBe(Math.ceil(first.total / 5));
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const due = (await all('orderby=total_billing&sort=desc')).map((r) => r.total_billing);
    expect(due).toEqual([...due].sort((a, b) => b - a));
  });

  it('refuses bad filters with a readable 422; other branch, non-editor, no session', async () => {
    for (const query of ['payment_status=2', 'stype=3', 'deptId=x', 'yoe=20x6', 'limit=500', 'orderby=nik']) {
      const res = await call('GET', `/api/prospective-billing?${query}`, s.bandung);
      expect(res.status, query).toBe(422);
      expect(res.body.message).toMatch(/tidak valid|1 sampai 100/);
    }
    const bandungIds = new Set((await all('')).map((r) => r.id));
    const jakartaRows = await all('', s.jakarta);
    expect(jakartaRows.length).toBeGreaterThan(0);
    expect(jakartaRows.some((r) => bandungIds.has(r.id))).toBe(false);
    expect(jakartaRows.every((r) => /^(PSB|MUT)-JKT-/.test(r.bill_number))).toBe(true);
    // A Bandung department as a filter in Jakarta matches nothing.
    const [bandungRow] = await all('');
    expect(await all(`deptId=${bandungRow?.department_id}`, s.jakarta)).toEqual([]);
    expect((await call('GET', '/api/prospective-billing', s.guru)).status).toBe(403);
    expect((await call('GET', '/api/prospective-billing', '')).status).toBe(401);
  });
});

describe('GET /api/prospective-billing/{id}', () => {
  it('answers the header, the fee items with their event fee, and the payments', async () => {
    const [partly] = (await all('payment_status=0')).filter((r) => r.total_payment > 0);
    if (!partly) throw new Error('no partly paid bill');
    const res = await call<ProspectiveBillingDetail>(
      'GET',
      `/api/prospective-billing/${partly.id}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    const { prospective_billing_items: items, prospective_billing_payments: payments, ...header } = res.body;
    expect(header).toEqual(partly);
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) {
      expect(item.psb_event_prospective_fee.psb_event_fee).toEqual({
        id: expect.any(Number),
        code: expect.any(String),
        name: expect.any(String),
      });
      expect(item.total_amount).toBe(item.price * item.qty);
      expect([0, 1]).toContain(item.ftype);
    }
    expect(items.reduce((sum, i) => sum + i.total_billing, 0)).toBe(partly.total_billing);
    expect(payments.length).toBeGreaterThan(0);
    expect(payments[0]).toMatchObject({
      payment_number: expect.stringMatching(/^KWP-BDG-\d{4}-\d{5}$/),
      prospective_billing: { id: partly.id, bill_number: partly.bill_number },
      is_void: false,
      created_by: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(payments[0]?.prospective_billing_item_payments[0]?.psb_event_fee.name).toBeTruthy();
    expect(payments[0]).not.toHaveProperty('idempotency_key');
  });

  it('404 for another branch or a bad id, 403 to a non-editor', async () => {
    const [row] = await all('');
    expect((await call('GET', `/api/prospective-billing/${row?.id}`, s.jakarta)).status).toBe(404);
    expect((await call('GET', '/api/prospective-billing/0', s.bandung)).status).toBe(404);
    expect((await call('GET', '/api/prospective-billing/abc', s.bandung)).status).toBe(404);
    expect((await call('GET', '/api/prospective-billing/99999999', s.bandung)).status).toBe(404);
    expect((await call('GET', `/api/prospective-billing/${row?.id}`, s.guru)).status).toBe(403);
  });
});

// -------------------------------------------------------------------------------------------------------
describe('POST /api/prospective-billing-pay/{id}', () => {
  it('pays part, then the rest: totals, Lunas, number, payer, amount given and change; the receipt data', async () => {
    const bill = await openBill(eq(prospective_billings.total_payment, 0));
    const [first] = bill.prospective_billing_items.filter((i) => i.total_billing > 0);
    if (!first) throw new Error('no item');
    const half = Math.floor(first.total_billing / 2);
    const part = await pay(
      bill.id,
      {
        prospective_billing_items: [{ id: first.id, payment_amount: half }],
        total_amount_payment_paid: half + 5_000,
        ptype: 4,
        note: 'Transfer BRI',
        payer_name: '',
      },
      newKey(),
    );
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body).toMatchObject({
      prospective_billing_id: bill.id,
      psb_event_prospective_id: bill.psb_event_prospective_id,
      amount: half,
      total_amount_payment_paid: half + 5_000,
      change: 5_000,
      total_billing_after: bill.total_billing - half,
      ptype: 4,
      note: 'Transfer BRI',
      // Nama Pembayar left empty: the prospect's name.
      payer_name: bill.psb_event_prospective.name,
      payment_date: s.today,
      is_void: false,
      voided_at: null,
      voided_by: null,
      void_reason: null,
    });
    expect(part.body.payment_number).toMatch(
      new RegExp(`^KWP-BDG-${s.today.slice(2, 4)}${s.today.slice(5, 7)}-\\d{5}$`),
    );
    // What the Kuitansi Calon Siswa prints.
    expect(part.body.branch).toMatchObject({ name: 'Sekolah Nusantara Cabang Bandung' });
    expect(part.body.branch.address).toBeTruthy();
    expect(part.body.branch.phone).toBeTruthy();
    expect(part.body.psb_event_prospective).toEqual(bill.psb_event_prospective);
    expect(part.body.psb_event).toEqual(bill.psb_event);
    expect(part.body.psb_event_stype).toEqual(bill.psb_event_stype);
    expect(part.body.department).toEqual(bill.department);
    expect(part.body.created_by).toEqual({ id: s.user.id, name: s.user.name });
    expect(part.body.prospective_billing).toMatchObject({
      id: bill.id,
      bill_number: bill.bill_number,
      bill_date: bill.bill_date,
      payment_status: 0,
      total_amount: bill.total_amount,
      total_billing: bill.total_billing - half,
    });
    expect(part.body.prospective_billing_item_payments).toEqual([
      {
        id: expect.any(Number),
        prospective_billing_item_id: first.id,
        amount: half,
        psb_event_fee: {
          code: first.psb_event_prospective_fee.psb_event_fee.code,
          name: first.psb_event_prospective_fee.psb_event_fee.name,
        },
        prospective_billing_item: {
          id: first.id,
          total_amount: first.total_amount,
          total_billing: first.total_billing - half,
          payment_status: 0,
        },
      },
    ]);
    const after = await detailOf(bill.id);
    expect(after).toMatchObject({
      total_payment: half,
      total_billing: bill.total_billing - half,
      payment_status: 0,
    });
    await expectLedgerConsistent(bill.id);

    // The rest; Cash drops the note (the form hides it).
    const full = await pay(
      bill.id,
      payInFull(after, { note: 'diabaikan', payer_name: 'Ayah Calon' }),
      newKey(),
    );
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ note: null, payer_name: 'Ayah Calon', total_billing_after: 0 });
    expect(full.body.prospective_billing.payment_status).toBe(1);
    const paid = await detailOf(bill.id);
    expect(paid).toMatchObject({ payment_status: 1, total_billing: 0, total_payment: bill.total_billing });
    expect(paid.prospective_billing_payments.map((p) => p.id)).toEqual([part.body.id, full.body.id]);
    expect(paid.prospective_billing_items.every((i) => i.payment_status === 1)).toBe(true);
    await expectLedgerConsistent(bill.id);
    // The list and the prospect list say Lunas too.
    expect((await all(`q=${bill.bill_number}`))[0]?.payment_status).toBe(1);
    const prospect = await call<PsbEventProspective>(
      'GET',
      `/api/psb-event-prospective/${bill.psb_event_prospective_id}`,
      s.bandung,
    );
    expect(prospect.body.prospective_billing).toMatchObject({ id: bill.id, payment_status: 1 });

    const again = await pay(bill.id, payInFull(bill), newKey());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYMENT_MESSAGES.alreadyPaid);

    // A reprint shows the same Bayar, Kembali and Sisa; the bill's state is today's.
    const reprint = await call<ProspectiveBillingPaymentReceipt>(
      'GET',
      `/api/ref-prospective-billing-payment/${part.body.id}`,
      s.bandung,
    );
    expect(reprint.status).toBe(200);
    expect(reprint.body).toMatchObject({
      id: part.body.id,
      payment_number: part.body.payment_number,
      total_amount_payment_paid: half + 5_000,
      change: 5_000,
      total_billing_after: bill.total_billing - half,
      prospective_billing: { payment_status: 1, total_billing: 0 },
    });
  });

  it('each validation message, and refusals that change nothing', async () => {
    const bill = await openBill();
    const item = bill.prospective_billing_items.find((i) => i.total_billing > 0);
    if (!item) throw new Error('no item');
    const line = { id: item.id, payment_amount: item.total_billing };
    const base = { prospective_billing_items: [line], ptype: 1 };
    const before = await paymentsOf(bill.id);
    const expectRefused = async (body: unknown, status: number, message: string, key?: string) => {
      const res = await pay(bill.id, body, key);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
      return res;
    };
    const given = await expectRefused(
      { ...base, total_amount_payment_paid: item.total_billing - 1 },
      422,
      AMOUNT_GIVEN_TOO_SMALL,
    );
    expect(given.body.errors).toEqual({ total_amount_payment_paid: [AMOUNT_GIVEN_TOO_SMALL] });
    await expectRefused({ ...base, prospective_billing_items: [] }, 422, PAYMENT_MESSAGES.itemsRequired);
    await expectRefused({ ptype: 1 }, 422, PAYMENT_MESSAGES.itemsRequired);
    await expectRefused(
      { ...base, prospective_billing_items: [{ ...line, payment_amount: 0 }] },
      422,
      PAYMENT_MESSAGES.totalZero,
    );
    await expectRefused(
      { ...base, prospective_billing_items: [line, line] },
      422,
      PAYMENT_MESSAGES.duplicateItem,
    );
    await expectRefused({ ...base, ptype: 0 }, 422, PAYMENT_MESSAGES.ptypeRequired);
    await expectRefused(
      { ...base, prospective_billing_items: [{ ...line, payment_amount: 10.5 }] },
      422,
      'Jumlah bayar harus bilangan bulat',
    );
    await expectRefused(
      { ...base, prospective_billing_items: [{ ...line, payment_amount: -1 }] },
      422,
      'Jumlah bayar tidak boleh kurang dari 0',
    );
    await expectRefused({ ...base, payment_date: '2026-02-30' }, 422, PAYMENT_MESSAGES.dateInvalid);
    await expectRefused({ ...base, payment_date: '2000-01-01' }, 422, PAYMENT_MESSAGES.dateBeforeBill);
    await expectRefused({ ...base, payment_date: '2999-01-01' }, 422, PAYMENT_MESSAGES.dateInFuture);
    // An item of another bill: named by the prospect payload's own field.
    const other = await openBill();
    const stranger = await expectRefused(
      {
        ...base,
        prospective_billing_items: [{ id: other.prospective_billing_items[0]?.id, payment_amount: 1 }],
      },
      422,
      PAYMENT_MESSAGES.itemNotOnBill,
    );
    expect(Object.keys(stranger.body.errors ?? {})).toEqual(['prospective_billing_items']);
    // The student payload's field is not the prospect's.
    await expectRefused({ student_billing_items: [line], ptype: 1 }, 422, PAYMENT_MESSAGES.itemsRequired);
    const over = await pay(bill.id, {
      ...base,
      prospective_billing_items: [{ ...line, payment_amount: item.total_billing + 1 }],
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(PAYMENT_MESSAGES.exceedsDue);
    expect(over.body.message).toContain(item.psb_event_prospective_fee.psb_event_fee.name);
    await expectRefused(base, 422, PAYMENT_MESSAGES.keyInvalid, 'kunci dengan spasi');

    // Another branch's session, a non-editor, no session.
    expect((await pay(bill.id, base, newKey(), s.jakarta)).status).toBe(404);
    expect((await pay(bill.id, base, newKey(), s.guru)).status).toBe(403);
    expect((await pay(bill.id, base, newKey(), '')).status).toBe(401);
    expect((await pay(99_999_999, base, newKey())).status).toBe(404);

    expect(await paymentsOf(bill.id)).toEqual(before);
    expect(await detailOf(bill.id)).toEqual(bill);
  });

  it('the same key: the first payment again (200, Idempotent-Replayed); another body or bill: 422', async () => {
    const bill = await openBill();
    const body = payInFull(bill, { total_amount_payment_paid: bill.total_billing + 2_000 });
    const key = newKey();
    const first = await pay(bill.id, body, key);
    expect(first.status).toBe(201);
    const replay = await pay(bill.id, body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);

    const changed = await pay(bill.id, { ...body, payer_name: 'Orang Lain' }, key);
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe(PAYMENT_MESSAGES.keyReused);
    const otherBill = await openBill();
    expect((await pay(otherBill.id, payInFull(otherBill), key)).body.message).toBe(
      PAYMENT_MESSAGES.keyReused,
    );
    expect((await paymentsOf(bill.id)).length).toBe(bill.prospective_billing_payments.length + 1);
    expect((await paymentsOf(otherBill.id)).length).toBe(otherBill.prospective_billing_payments.length);

    // Without a key, the request itself is the key: an identical retry is the same payment.
    const plain = await openBill();
    const item = plain.prospective_billing_items.find((i) => i.total_billing > 1);
    const small = { prospective_billing_items: [{ id: item?.id, payment_amount: 1_000 }], ptype: 2 };
    const a = await pay(plain.id, small);
    const b = await pay(plain.id, small);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.id).toBe(a.body.id);
    await expectLedgerConsistent(plain.id);
  });

  it('50 concurrent identical requests make exactly one payment and one number', async () => {
    const bill = await openBill();
    const body = payInFull(bill, { total_amount_payment_paid: bill.total_billing + 1_000 });
    const key = newKey();
    const before = (await paymentsOf(bill.id)).length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(bill.id, body, key)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 201)).toHaveLength(1);
    expect(statuses.filter((st) => st === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.payment_number)).size).toBe(1);
    const payments = await paymentsOf(bill.id);
    expect(payments).toHaveLength(before + 1);
    expect(payments.find((p) => p.id === answers[0]?.body.id)?.total_amount_payment_paid).toBe(
      bill.total_billing + 1_000,
    );
    expect(await detailOf(bill.id)).toMatchObject({ payment_status: 1, total_billing: 0 });
    await expectLedgerConsistent(bill.id);
  }, 120_000);

  it('two different payments racing for the same item never pay beyond what is due', async () => {
    const bill = await openBill();
    const item = bill.prospective_billing_items.find((i) => i.total_billing > 1);
    if (!item) throw new Error('no item');
    const whole = {
      prospective_billing_items: [{ id: item.id, payment_amount: item.total_billing }],
      ptype: 1,
    };
    const most = {
      prospective_billing_items: [{ id: item.id, payment_amount: item.total_billing - 1 }],
      ptype: 2,
    };
    const [a, b] = await Promise.all([pay(bill.id, whole, newKey()), pay(bill.id, most, newKey())]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toContain(PAYMENT_MESSAGES.exceedsDue);
    const after = (await detailOf(bill.id)).prospective_billing_items.find((i) => i.id === item.id);
    expect(after?.total_payment).toBeLessThanOrEqual(item.total_payment + item.total_billing);
    await expectLedgerConsistent(bill.id);
  });

  it('payment numbers are unique and gap-free under concurrency', async () => {
    const bills: ProspectiveBillingDetail[] = [];
    for (let i = 0; i < 6; i++) bills.push(await openBill());
    const answers = await Promise.all(bills.map((bill) => pay(bill.id, payInFull(bill), newKey())));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const numbers = answers.map((a) => Number(a.body.payment_number.slice(-5))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(6);
    expect((numbers.at(-1) as number) - (numbers[0] as number)).toBe(5);
    const prefix = answers[0]?.body.payment_number.slice(0, -5);
    const [highest] = await s.ctx.database.db
      .select({ n: sql<string>`max(${prospective_billing_payments.payment_number})` })
      .from(prospective_billing_payments)
      .where(sql`${prospective_billing_payments.payment_number} like ${`${prefix}%`}`);
    expect(Number(highest?.n.slice(-5))).toBe(numbers.at(-1));
    for (const bill of bills) await expectLedgerConsistent(bill.id);
  });

  it('a delete of the prospect racing a payment: one of them wins, cleanly', async () => {
    // A fresh, unpaid bill: a pending prospect moved to Data Terkirim.
    const [pending] = (
      await call<Paged<PsbEventProspective>>(
        'GET',
        '/api/psb-event-prospective?registration_status=0&limit=100',
        s.bandung,
      )
    ).body.data;
    if (!pending) throw new Error('no pending prospect');
    const moved = await call<PsbEventProspective>(
      'POST',
      `/api/psb-event-prospective-xupdate/${pending.id}`,
      s.bandung,
      { field: 'registration_status', value: 1 },
    );
    const billId = moved.body.prospective_billing?.id as number;
    const bill = await detailOf(billId);
    expect(bill).toMatchObject({ bill_date: s.today, total_payment: 0, payment_status: 0 });
    const [paid, deleted] = await Promise.all([
      pay(billId, payInFull(bill), newKey()),
      call('DELETE', `/api/psb-event-prospective/${pending.id}`, s.bandung),
    ]);
    const outcome = [paid.status, deleted.status];
    // Paid first: the delete is refused (money attached). Deleted first: the bill is gone.
    expect([
      [201, 409],
      [404, 200],
    ]).toContainEqual(outcome);
    if (paid.status === 201) await expectLedgerConsistent(billId);
    else expect(await paymentsOf(billId)).toEqual([]);
  });
});

describe('voided prospect payments', () => {
  it('stay in the detail and the receipt, marked, and count in no total', async () => {
    const bill = await openBill();
    const paid = await pay(bill.id, payInFull(bill), newKey());
    expect(paid.status).toBe(201);
    // No screen voids prospect payments yet; the engine's kind does it as for student bills.
    const [row] = await s.ctx.database.db
      .select({ clientId: prospective_billings.client_id, branchId: prospective_billings.branch_id })
      .from(prospective_billings)
      .where(eq(prospective_billings.id, bill.id));
    await s.ctx.database.transaction(async (tx) => {
      await PROSPECT_BILLS.lockBill(tx, row as { clientId: number; branchId: number }, bill.id, newKey());
      await PROSPECT_BILLS.voidPayments(tx, bill.id, s.user.id, 'Salah input');
      await refreshTotals(tx, PROSPECT_BILLS, bill.id);
    });
    // Every standing payment of the bill is voided: the demo data's earlier one and the new one.
    const detail = await detailOf(bill.id);
    expect(detail).toMatchObject({ total_payment: 0, total_billing: bill.total_amount, payment_status: 0 });
    expect(detail.prospective_billing_payments.length).toBe(bill.prospective_billing_payments.length + 1);
    expect(detail.prospective_billing_payments.every((p) => p.is_void)).toBe(true);
    const voided = detail.prospective_billing_payments.find((p) => p.id === paid.body.id);
    expect(voided).toMatchObject({
      is_void: true,
      void_reason: 'Salah input',
      voided_by: { id: s.user.id, name: s.user.name },
    });
    expect(voided?.voided_at).toBeTruthy();
    const receipt = await call<ProspectiveBillingPaymentReceipt>(
      'GET',
      `/api/ref-prospective-billing-payment/${paid.body.id}`,
      s.bandung,
    );
    expect(receipt.body).toMatchObject({
      is_void: true,
      amount: bill.total_billing,
      void_reason: 'Salah input',
    });
    await expectLedgerConsistent(bill.id);
    // Payable in full again.
    expect((await pay(bill.id, payInFull(detail), newKey())).status).toBe(201);
    expect(await detailOf(bill.id)).toMatchObject({ total_payment: bill.total_amount, payment_status: 1 });
    await expectLedgerConsistent(bill.id);
  });
});

describe('GET /api/ref-prospective-billing-payment/{id}', () => {
  it('404 for another branch or a bad id, 403 to a non-editor', async () => {
    const [payment] = await s.ctx.database.db
      .select({ id: prospective_billing_payments.id })
      .from(prospective_billing_payments)
      .where(eq(prospective_billing_payments.branch_id, 1))
      .limit(1);
    const url = `/api/ref-prospective-billing-payment/${payment?.id}`;
    const own = await call<ProspectiveBillingPaymentReceipt>('GET', url, s.bandung);
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(payment?.id);
    expect((await call('GET', url, s.jakarta)).status).toBe(404);
    expect((await call('GET', url, s.guru)).status).toBe(403);
    expect((await call('GET', '/api/ref-prospective-billing-payment/x', s.bandung)).status).toBe(404);
  });
});
