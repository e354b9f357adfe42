/**
 * Cicilan (docs/money.md "Instalments"): plans of a branch, a plan applied to a bill item, what payments put on
 * each instalment (short, exact, over; a void restores), a plan changed after a payment (paid instalments stay),
 * a whole class-month split at charge time, and refusals that change nothing.
 */
import {
  type BillInstalmentsResponse,
  FILTER_ALL,
  INSTALMENT_MESSAGES,
  type InstalmentApplyResponse,
  type InstalmentPlanPage,
  type InstalmentPlanWriteResponse,
  PAYMENT_MESSAGES,
  receiptLineName,
  type StudentBillingBatchResponse,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bill_item_instalments, fee_types, student_billing_items, student_billings } from '../src/db/schema';
import { monthOf, todayIn } from '../src/lib/time';
import { apiSuite, expectLedgerConsistent, expectSumsMatchLedger } from './billing-fixtures';

const s = apiSuite();
const { call, newBill, newClass } = s;

/** 'YYYY-MM-DD' `days` after a date. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let keys = 0;
const newKey = () => `inst-${Date.now()}-${++keys}`;

async function createPlan(
  name: string,
  shares: { percent?: number | null; amount?: number | null; due_date: string }[],
  token = s.bandung,
) {
  return call<InstalmentPlanWriteResponse>('POST', '/api/instalment-plans', token, { name, shares });
}

const detail = async (billId: number) =>
  (await call<StudentBillingDetail>('GET', `/api/student-billing/${billId}`, s.bandung)).body;

const instalmentsOf = async (billId: number) =>
  (await call<BillInstalmentsResponse>('GET', `/api/student-billing/${billId}/instalments`, s.bandung)).body
    .data;

const pay = (billId: number, itemId: number, amount: number) =>
  call(
    'POST',
    `/api/student-billing-pay/${billId}`,
    s.bandung,
    {
      student_billing_items: [{ id: itemId, payment_amount: amount }],
      ptype: 1,
    },
    { 'Idempotency-Key': newKey() },
  );

/** `pay`, its answer read as the receipt it is on success. */
const payReceipt = (billId: number, itemId: number, amount: number) =>
  call<StudentBillingPaymentReceipt>(
    'POST',
    `/api/student-billing-pay/${billId}`,
    s.bandung,
    { student_billing_items: [{ id: itemId, payment_amount: amount }], ptype: 1 },
    { 'Idempotency-Key': newKey() },
  );

const apply = (itemId: number, planId: number, more: object = {}, token = s.bandung) =>
  call<InstalmentApplyResponse>('POST', `/api/student-billing-item/${itemId}/instalments`, token, {
    plan_id: planId,
    ...more,
  });

/**
 * A confirmed unpaid bill of Bandung of the test's own and its largest item (a price no percent divides evenly),
 * with three percent dates after the bill date.
 */
async function splitTarget() {
  const bill = await newBill({ items: [{ price: 1_250_001 }, { price: 150_000 }] });
  const [item] = await s.ctx.database.db
    .select()
    .from(student_billing_items)
    .where(eq(student_billing_items.student_billing_id, bill.id))
    .orderBy(sql`${student_billing_items.total_billing} desc`, asc(student_billing_items.id))
    .limit(1);
  if (!item) throw new Error('no item');
  const dates = [10, 40, 70].map((d) => addDays(bill.bill_date, d));
  return { bill, item, dates, net: item.total_billing };
}

async function standingRows(itemId: number) {
  return s.ctx.database.db
    .select()
    .from(bill_item_instalments)
    .where(eq(bill_item_instalments.student_billing_item_id, itemId))
    .orderBy(asc(bill_item_instalments.id));
}

describe('plans (Rencana Cicilan)', () => {
  it('creates, lists, changes and deactivates a plan; refuses bad shares with a message, writing nothing', async () => {
    const created = await createPlan('Uji 3x', [
      { percent: 40, due_date: '2026-07-10' },
      { percent: 30, due_date: '2026-08-10' },
      { percent: 30, due_date: '2026-09-10' },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.plan).toMatchObject({ name: 'Uji 3x', active: true, used_items: 0 });
    const id = created.body.plan.id;

    const bad = [
      [
        [
          { percent: 50, due_date: '2026-07-10' },
          { percent: 49, due_date: '2026-08-10' },
        ],
        INSTALMENT_MESSAGES.percentSum,
      ],
      [
        [
          { percent: 50, due_date: '2026-08-10' },
          { percent: 50, due_date: '2026-07-10' },
        ],
        INSTALMENT_MESSAGES.dueDatesOrder,
      ],
      [
        [
          { percent: 50, due_date: '2026-07-10' },
          { amount: 500_000, due_date: '2026-08-10' },
        ],
        INSTALMENT_MESSAGES.oneKind,
      ],
      [[{ percent: 100, due_date: '2026-07-10' }], INSTALMENT_MESSAGES.sharesRequired],
      [
        [
          { percent: 50, amount: 5, due_date: '2026-07-10' },
          { percent: 50, due_date: '2026-08-10' },
        ],
        INSTALMENT_MESSAGES.shareKind,
      ],
      [
        [
          { percent: 50, due_date: '2026-02-30' },
          { percent: 50, due_date: '2026-08-10' },
        ],
        INSTALMENT_MESSAGES.dueDateInvalid,
      ],
    ] as const;
    const before = (await call<InstalmentPlanPage>('GET', '/api/instalment-plans', s.bandung)).body.data
      .length;
    for (const [shares, message] of bad) {
      const res = await createPlan('Salah', shares as never);
      expect(res.status, message).toBe(422);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const list = await call<InstalmentPlanPage>('GET', '/api/instalment-plans', s.bandung);
    expect(list.body.data.length).toBe(before);
    // The demo plan, on three students' Uang Pangkal.
    expect(list.body.data.find((p) => p.name === 'Uang Pangkal 3x')?.used_items).toBe(3);

    const renamed = await call<InstalmentPlanWriteResponse>(
      'POST',
      `/api/instalment-plans/${id}`,
      s.bandung,
      {
        name: 'Uji 2x',
        shares: [
          { amount: 1_000_000, due_date: '2026-07-10' },
          { amount: 250_000, due_date: '2026-08-10' },
        ],
      },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.plan.shares).toEqual([
      { percent: null, amount: 1_000_000, due_date: '2026-07-10' },
      { percent: null, amount: 250_000, due_date: '2026-08-10' },
    ]);
    const off = await call<InstalmentPlanWriteResponse>(
      'POST',
      `/api/instalment-plans/${id}/active`,
      s.bandung,
      {
        active: false,
      },
    );
    expect(off.body.plan.active).toBe(false);
    expect(off.body.message).toBe(INSTALMENT_MESSAGES.deactivated);

    // Another branch's plan: 404, as any id of another branch.
    expect(
      (await call('POST', `/api/instalment-plans/${id}/active`, s.jakarta, { active: true })).status,
    ).toBe(404);
    const jakarta = await call<InstalmentPlanPage>('GET', '/api/instalment-plans', s.jakarta);
    expect(jakarta.body.data.some((p) => p.id === id)).toBe(false);
    expect((await call('GET', '/api/instalment-plans', s.guru)).status).toBe(403);
  });
});

describe('a plan on one item, and what payments put on its instalments', () => {
  it('splits 40/30/30 in whole rupiah; short, exact and over payments; a void restores', async () => {
    const { bill, item, dates, net } = await splitTarget();
    const plan = (
      await createPlan('Tiga kali', [
        { percent: 40, due_date: dates[0] as string },
        { percent: 30, due_date: dates[1] as string },
        { percent: 30, due_date: dates[2] as string },
      ])
    ).body.plan;

    const preview = await apply(item.id, plan.id, { dry_run: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const first = Math.floor((net * 40) / 100);
    const second = Math.floor((net * 30) / 100);
    expect(preview.body.added.map((i) => i.amount)).toEqual([first, second, net - first - second]);
    expect(preview.body.kept).toEqual([]);
    expect(await standingRows(item.id)).toEqual([]); // a preview writes nothing

    const applied = await apply(item.id, plan.id);
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe(INSTALMENT_MESSAGES.applied);
    await expectLedgerConsistent(s.ctx, bill.id);
    let seen = await detail(bill.id);
    expect(seen.student_billing_items.find((i) => i.id === item.id)?.due_date ?? dates[0]).toBe(dates[0]);

    // Short: part of the first.
    expect((await pay(bill.id, item.id, first - 1)).status).toBe(201);
    let rows = (await instalmentsOf(bill.id))[0];
    expect(rows?.instalments.map((i) => [i.paid, i.owing])).toEqual([
      [first - 1, 1],
      [0, second],
      [0, net - first - second],
    ]);
    await expectLedgerConsistent(s.ctx, bill.id);
    const [short] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.id, item.id));
    expect(short?.due_date).toBe(dates[0]);

    // Exact: the first paid off; the item (and the bill, when it owes nothing earlier) due on the second's date.
    expect((await pay(bill.id, item.id, 1)).status).toBe(201);
    rows = (await instalmentsOf(bill.id))[0];
    expect(rows?.instalments.map((i) => i.owing)).toEqual([0, second, net - first - second]);
    const [stored] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.id, item.id));
    expect(stored?.due_date).toBe(dates[1]);
    await expectLedgerConsistent(s.ctx, bill.id);

    // Over the item's rest: refused as for any item, nothing written.
    const over = await pay(bill.id, item.id, net - first + 1);
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(PAYMENT_MESSAGES.exceedsDue);
    rows = (await instalmentsOf(bill.id))[0];
    expect(rows?.instalments.map((i) => i.owing)).toEqual([0, second, net - first - second]);

    // Void (withdrawing the confirmation): every instalment owing again, the item due on the first's date.
    const voided = await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
      void_reason: 'Salah nominal',
    });
    expect(voided.status).toBe(200);
    rows = (await instalmentsOf(bill.id))[0];
    expect(rows?.instalments.map((i) => i.paid)).toEqual([0, 0, 0]);
    const [back] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.id, item.id));
    expect(back?.due_date).toBe(dates[0]);
    await expectLedgerConsistent(s.ctx, bill.id);
    seen = await detail(bill.id);
    expect(seen.form_status).toBe(0);
  });

  it('a plan changed after a payment keeps the paid instalments, closes the partly paid one and splits the rest', async () => {
    const { bill, item, dates, net } = await splitTarget();
    const three = (
      await createPlan('Tiga kali B', [
        { percent: 40, due_date: dates[0] as string },
        { percent: 30, due_date: dates[1] as string },
        { percent: 30, due_date: dates[2] as string },
      ])
    ).body.plan;
    const two = (
      await createPlan('Dua kali B', [
        { percent: 50, due_date: addDays(dates[1] as string, 5) },
        { percent: 50, due_date: addDays(dates[2] as string, 5) },
      ])
    ).body.plan;
    await apply(item.id, three.id);
    const first = Math.floor((net * 40) / 100);
    expect((await pay(bill.id, item.id, first + 7)).status).toBe(201);

    const preview = await apply(item.id, two.id, { dry_run: true });
    const owed = net - first - 7;
    expect(preview.body.kept.map((i) => [i.seq, i.amount, i.due_date])).toEqual([[1, first, dates[0]]]);
    expect(preview.body.replaced.map((i) => i.seq)).toEqual([2, 3]);
    expect(preview.body.added.map((i) => [i.seq, i.amount, i.due_date])).toEqual([
      [2, 7, dates[1]],
      [3, Math.floor(owed / 2), addDays(dates[1] as string, 5)],
      [4, owed - Math.floor(owed / 2), addDays(dates[2] as string, 5)],
    ]);
    const changed = await apply(item.id, two.id, { reason: 'Orang tua minta 2x' });
    expect(changed.status).toBe(200);
    const rows = (await instalmentsOf(bill.id)).find((r) => r.item_id === item.id);
    expect(rows?.instalments.map((i) => [i.seq, i.amount, i.paid, i.owing])).toEqual([
      [1, first, first, 0],
      [2, 7, 7, 0],
      [3, Math.floor(owed / 2), 0, Math.floor(owed / 2)],
      [4, owed - Math.floor(owed / 2), 0, owed - Math.floor(owed / 2)],
    ]);
    expect(rows?.instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(net);
    // The replaced ones are kept, with who and why.
    const replaced = await s.ctx.database.db
      .select()
      .from(bill_item_instalments)
      .where(
        and(
          eq(bill_item_instalments.student_billing_item_id, item.id),
          isNotNull(bill_item_instalments.replaced_at),
        ),
      );
    expect(replaced.map((r) => r.seq)).toEqual([2, 3]);
    expect(replaced.every((r) => r.replaced_reason === 'Orang tua minta 2x' && r.replaced_by !== null)).toBe(
      true,
    );
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('refuses, changing nothing: paid off, amounts not matching, a date before the bill, inactive plan, other branch', async () => {
    const { bill, item, dates, net } = await splitTarget();
    const fixed = (
      await createPlan('Tetap', [
        { amount: net - 1, due_date: dates[0] as string },
        { amount: 2, due_date: dates[1] as string },
      ])
    ).body.plan;
    const mismatch = await apply(item.id, fixed.id);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toBe(INSTALMENT_MESSAGES.amountsMismatch(net + 1, net));

    const early = (
      await createPlan('Terlalu awal', [
        { percent: 50, due_date: addDays(bill.bill_date, -1) },
        { percent: 50, due_date: dates[1] as string },
      ])
    ).body.plan;
    const before = await apply(item.id, early.id);
    expect(before.status).toBe(422);
    expect(before.body.message).toBe(INSTALMENT_MESSAGES.dueBeforeBill);

    const off = (
      await createPlan('Nonaktif', [
        { percent: 50, due_date: dates[0] as string },
        { percent: 50, due_date: dates[1] as string },
      ])
    ).body.plan;
    await call('POST', `/api/instalment-plans/${off.id}/active`, s.bandung, { active: false });
    const inactive = await apply(item.id, off.id);
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toBe(INSTALMENT_MESSAGES.planInactive);

    // Jakarta's plan on Bandung's item, Bandung's item from Jakarta: 404.
    const theirs = (
      await createPlan(
        'Jakarta',
        [
          { percent: 50, due_date: dates[0] as string },
          { percent: 50, due_date: dates[1] as string },
        ],
        s.jakarta,
      )
    ).body.plan;
    expect((await apply(item.id, theirs.id)).status).toBe(404);
    expect((await apply(item.id, theirs.id, {}, s.jakarta)).status).toBe(404);
    expect((await call('GET', `/api/student-billing/${bill.id}/instalments`, s.jakarta)).status).toBe(404);
    expect((await apply(item.id, 0 as never)).status).toBe(422);
    expect(await standingRows(item.id)).toEqual([]);

    // Paid off: nothing left to split.
    expect((await pay(bill.id, item.id, net)).status).toBe(201);
    const paidOff = await apply(item.id, off.id === 0 ? 0 : fixed.id);
    expect(paidOff.status).toBe(422);
    expect(paidOff.body.message).toBe(INSTALMENT_MESSAGES.itemPaidOff);
    expect(await standingRows(item.id)).toEqual([]);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('a split item keeps its price until its instalments are cancelled; cancelling gives back its own due date', async () => {
    const bill = await newBill({ confirmed: false });
    const [item] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_billing_id, bill.id))
      .orderBy(asc(student_billing_items.id))
      .limit(1);
    if (!item) throw new Error('no item');
    const plan = (
      await createPlan('Dua kali C', [
        { percent: 50, due_date: addDays(bill.bill_date, 20) },
        { percent: 50, due_date: addDays(bill.bill_date, 50) },
      ])
    ).body.plan;
    expect((await apply(item.id, plan.id)).status).toBe(200);
    const edit = await call('POST', `/api/student-billing-item-xupdate/${item.id}`, s.bandung, {
      field: 'discount',
      value: 1_000,
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(INSTALMENT_MESSAGES.itemHasInstalments);

    const cancel = await call(
      'DELETE',
      `/api/student-billing-item/${item.id}/instalments?reason=Lunas%20sekaligus`,
      s.bandung,
    );
    expect(cancel.status).toBe(200);
    const [after] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.id, item.id));
    expect(after?.due_date).toBe(item.due_date);
    expect((await standingRows(item.id)).every((r) => r.replaced_reason === 'Lunas sekaligus')).toBe(true);
    expect((await call('DELETE', `/api/student-billing-item/${item.id}/instalments`, s.bandung)).status).toBe(
      422,
    );
    const again = await call('POST', `/api/student-billing-item-xupdate/${item.id}`, s.bandung, {
      field: 'discount',
      value: 1_000,
    });
    expect(again.status).toBe(200);
    await expectLedgerConsistent(s.ctx, bill.id);
  });
});

describe('the demo data and the statement', () => {
  it("three students' Uang Pangkal split 40/30/30, one paid; the statement names the split item", async () => {
    const rows = await s.ctx.database.db
      .select()
      .from(bill_item_instalments)
      .orderBy(asc(bill_item_instalments.id));
    const items = [
      ...new Set(rows.filter((r) => r.replaced_at === null).map((r) => r.student_billing_item_id)),
    ];
    expect(items.length).toBeGreaterThanOrEqual(3);
    const [first] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.id, items[0] as number));
    if (!first) throw new Error('no demo item');
    await expectLedgerConsistent(s.ctx, first.student_billing_id);
    const split = (await instalmentsOf(first.student_billing_id))[0];
    expect(split?.plan_name).toBe('Uang Pangkal 3x');
    expect(split?.instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(first.total_amount);
    const statement = await call<{ lines: { description: string }[] }>(
      'GET',
      `/api/student-statement?student_id=${first.student_id}`,
      s.bandung,
    );
    expect(statement.status).toBe(200);
    expect(statement.body.lines.some((l) => l.description.endsWith(', dicicil 3x'))).toBe(true);
  });
});

describe('a whole class-month split at charge time', () => {
  it('charging with a plan for one component splits it for every student charged; a component elsewhere is refused', async () => {
    const db = s.ctx.database.db;
    // Two classes of the test's own in one level, nothing charged yet: two students here, one in the other.
    const { place } = await newClass({ students: 2 });
    const other = (await newClass()).place;
    const mm = monthOf(todayIn());
    const filter = { ...place, mm };
    const component = async (fee: string, price: number, classId = place.class_id) => {
      const [type] = await db
        .select()
        .from(fee_types)
        .where(and(eq(fee_types.branch_id, 1), eq(fee_types.name, fee)));
      const res = await call<StudentFeeComponent>('POST', '/api/student-fee-component', s.bandung, {
        ...filter,
        class_id: classId,
        fee_type_id: type?.id,
        ftype: 1,
        name: fee,
        price,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const pangkal = await component('Uang Pangkal', 7_500_001);
    await component('SPP', 250_000);
    const plan = (
      await createPlan('Uang Pangkal 3x', [
        { percent: 40, due_date: `${mm}-10` },
        { percent: 30, due_date: addDays(`${mm}-10`, 31) },
        { percent: 30, due_date: addDays(`${mm}-10`, 61) },
      ])
    ).body.plan;

    // A component of another class of the level: refused, nothing charged.
    expect(other.level_id).toBe(place.level_id);
    const elsewhere = await component('Uang Gedung', 1_000_000, other.class_id);
    const refused = await call('POST', '/api/student-billing-batch', s.bandung, {
      ...filter,
      instalment: { plan_id: plan.id, student_fee_component_id: elsewhere.id },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(INSTALMENT_MESSAGES.componentOutside);
    const none = await db
      .select()
      .from(student_billings)
      .where(and(eq(student_billings.class_id, place.class_id), eq(student_billings.mm, mm)));
    expect(none).toEqual([]);

    const charged = await call<StudentBillingBatchResponse>('POST', '/api/student-billing-batch', s.bandung, {
      ...filter,
      instalment: { plan_id: plan.id, student_fee_component_id: pangkal.id },
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(charged.body.created).toBe(2);
    const items = await db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_fee_component_id, pangkal.id));
    expect(items.length).toBe(charged.body.created);
    const rows = await db
      .select()
      .from(bill_item_instalments)
      .where(
        inArray(
          bill_item_instalments.student_billing_item_id,
          items.map((i) => i.id),
        ),
      );
    expect(rows.length).toBe(items.length * 3);
    const one = rows.filter((r) => r.student_billing_item_id === items[0]?.id).map((r) => r.amount);
    expect(one).toEqual([3_000_000, 2_250_000, 2_250_001]);
    for (const item of items) {
      expect(item.due_date).toBe(`${mm}-10`);
      await expectLedgerConsistent(s.ctx, item.student_billing_id);
    }
    expect(FILTER_ALL).toBe('all');
  });
});

// Last, after every write above: the sums the database keeps (docs/decisions.md "Sums kept by the database").
describe('the kept sums', () => {
  it('still equal the ledger after splitting, paying, voiding, replanning and cancelling', async () => {
    await expectSumsMatchLedger(s.ctx);
  });
});

describe('the receipt of a payment on a split item', () => {
  it('names the instalments each line paid, from the standing payments before it; a voided one counts for nothing', async () => {
    const { bill, item, dates, net } = await splitTarget();
    const plan = (
      await createPlan('Tiga kali kuitansi', [
        { percent: 40, due_date: dates[0] as string },
        { percent: 30, due_date: dates[1] as string },
        { percent: 30, due_date: dates[2] as string },
      ])
    ).body.plan;
    expect((await apply(item.id, plan.id)).status).toBe(200);
    const first = Math.floor((net * 40) / 100);
    const receipt = async (paymentId: number) =>
      (
        await call<StudentBillingPaymentReceipt>(
          'GET',
          `/api/ref-student-billing-payment/${paymentId}`,
          s.bandung,
        )
      ).body;

    // The first instalment paid, then voided by withdrawing the confirmation, and the bill confirmed again.
    const early = await payReceipt(bill.id, item.id, first);
    expect(early.status).toBe(201);
    const earlyId = early.body.id;
    expect(early.body.instalments).toEqual([
      { student_billing_item_id: item.id, first: 1, last: 1, count: 3 },
    ]);
    const form = (value: 0 | 1) =>
      call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, { field: 'form_status', value });
    expect((await form(0)).status).toBe(200);
    expect((await form(1)).status).toBe(200);

    // The voided payment paid nothing: the next one, the first and part of the second, spans 1-2.
    const spanning = await payReceipt(bill.id, item.id, first + 1);
    expect(spanning.status).toBe(201);
    const spanningId = spanning.body.id;
    const seen = await receipt(spanningId);
    expect(seen.instalments).toEqual([{ student_billing_item_id: item.id, first: 1, last: 2, count: 3 }]);
    const [line] = seen.student_billing_item_payments;
    if (!line) throw new Error('no line');
    expect(receiptLineName(seen, line, null)).toMatch(/\(cicilan 1-2 dari 3\)$/);
    expect(receiptLineName(seen, line, 'Oktober 2026')).toMatch(/\(Oktober 2026, cicilan 1-2 dari 3\)$/);

    // The rest of the second and the third: 2-3. A line of nothing, or on an item paid at once, is not listed.
    const other = (await detail(bill.id)).student_billing_items.find((i) => i.id !== item.id);
    if (!other) throw new Error('no second item');
    const last = await call<StudentBillingPaymentReceipt>(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      s.bandung,
      {
        student_billing_items: [
          { id: item.id, payment_amount: net - first - 1 },
          { id: other.id, payment_amount: 1_000 },
        ],
        ptype: 1,
      },
      { 'Idempotency-Key': newKey() },
    );
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    expect((await receipt(last.body.id)).instalments).toEqual([
      { student_billing_item_id: item.id, first: 2, last: 3, count: 3 },
    ]);
    // Read again later, each receipt still says what it paid then; the voided one as it was.
    expect((await receipt(spanningId)).instalments).toEqual(seen.instalments);
    expect((await receipt(earlyId)).instalments).toEqual([
      { student_billing_item_id: item.id, first: 1, last: 1, count: 3 },
    ]);
  });
});
