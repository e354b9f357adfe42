/**
 * Due dates and arrears (docs/money.md "Due dates and arrears"): a component's due day or date, the due date a
 * bill item keeps from charge time (a due day past the month's end falls on its last day), a bill's Jatuh Tempo
 * (the earliest of what it still owes), Terlambat by the branch's today (its time zone), the overdue filter and
 * sort of the billing list, and the arrears report's aging buckets at their day boundaries.
 */
import {
  agingBucketOf,
  billDueDate,
  componentDueDate,
  dueDateInMonth,
  IDEMPOTENCY_KEY_HEADER,
  itemDueDate,
  overdueDays,
  periodMonths,
  type StudentBillingDetail,
  type StudentBillingListResponse,
  type StudentBillingReport,
  type StudentBillingReportStudentPage,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  branches,
  fee_types,
  student_billing_items,
  student_billings,
  student_fee_components,
  yos_periodes,
} from '../src/db/schema';
import { monthOf, todayIn } from '../src/lib/time';
import { apiSuite, expectLedgerConsistent } from './billing-fixtures';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;

afterEach(() => vi.useRealTimers());
// Before the suite closes its app (after-hooks run last registered first).
afterAll(async () => {
  await setZone('Asia/Jakarta');
});

/** 'YYYY-MM-DD' `days` after a date (negative: before). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant of a local wall time: `date` at `hh:mm` in a zone `offset` hours ahead of UTC. */
function at(date: string, hh: number, mm: number, offset: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, hh - offset, mm));
}

/** Bandung (branch 1) keeps its calendar in `zone` from now on. */
const setZone = (zone: 'Asia/Jakarta' | 'Asia/Jayapura') =>
  s.ctx.database.db.update(branches).set({ time_zone: zone }).where(eq(branches.id, 1));

/** Moves a bill's due date (and its items') to `date`, as if it had been charged so. */
async function setDue(billIds: number[], date: string) {
  const { db } = s.ctx.database;
  await db
    .update(student_billing_items)
    .set({ due_date: date })
    .where(inArray(student_billing_items.student_billing_id, billIds));
  await db.update(student_billings).set({ due_date: date }).where(inArray(student_billings.id, billIds));
}

const listQuery = (bill: { department_id: number; year_of_study_id: number }, more = '') =>
  `/api/student-billing?department_id=${bill.department_id}&year_of_study_id=${bill.year_of_study_id}${more}`;

describe('the rules (contract)', () => {
  it('a due day past the month end falls on its last day', () => {
    expect(dueDateInMonth('2026-01', 31)).toBe('2026-01-31');
    expect(dueDateInMonth('2026-02', 31)).toBe('2026-02-28');
    expect(dueDateInMonth('2028-02', 30)).toBe('2028-02-29');
    expect(dueDateInMonth('2026-04', 31)).toBe('2026-04-30');
    expect(dueDateInMonth('2026-12', 10)).toBe('2026-12-10');
    expect(componentDueDate({ mm: '2026-02', due_day: 29, due_date: null })).toBe('2026-02-28');
    expect(componentDueDate({ mm: '2026-02', due_day: null, due_date: '2026-03-05' })).toBe('2026-03-05');
    expect(componentDueDate({ mm: '2026-02' })).toBe('2026-02-10');
  });

  it('an item is never due before its bill date; a bill is due on the earliest of what it still owes', () => {
    expect(itemDueDate({ mm: '2026-03', due_day: 10 }, '2026-03-01')).toBe('2026-03-10');
    expect(itemDueDate({ mm: '2026-03', due_day: 10 }, '2026-03-20')).toBe('2026-03-20');
    const items = [
      { due_date: '2026-03-10', total_billing: 0 },
      { due_date: '2026-03-15', total_billing: 5_000 },
      { due_date: '2026-03-20', total_billing: 5_000 },
    ];
    expect(billDueDate(items, '2026-03-01')).toBe('2026-03-15');
    expect(
      billDueDate(
        items.map((i) => ({ ...i, total_billing: 0 })),
        '2026-03-01',
      ),
    ).toBe('2026-03-10');
    expect(billDueDate([], '2026-03-01')).toBe('2026-03-01');
  });

  it('late from the day after the due date, only while confirmed and owing; the buckets by days past due', () => {
    const bill = { due_date: '2026-03-10', form_status: 1, total_billing: 1 };
    expect(overdueDays(bill, '2026-03-10')).toBe(0);
    expect(overdueDays(bill, '2026-03-11')).toBe(1);
    expect(overdueDays(bill, '2026-04-10')).toBe(31);
    expect(overdueDays({ ...bill, total_billing: 0 }, '2026-04-10')).toBe(0);
    expect(overdueDays({ ...bill, form_status: 0 }, '2026-04-10')).toBe(0);
    expect([-1, 0, 30, 31, 60, 61, 90, 91, 400].map(agingBucketOf)).toEqual([
      null,
      'days_0_30',
      'days_0_30',
      'days_31_60',
      'days_31_60',
      'days_61_90',
      'days_61_90',
      'days_over_90',
      'days_over_90',
    ]);
  });
});

describe('a fee component falls due on a day of its month or on a date', () => {
  /** A Bandung class-month of this semester without components, with the fewest days, and its placement. */
  async function freeShortMonth() {
    const { db } = s.ctx.database;
    const thisMonth = monthOf(todayIn());
    const [seeded] = await db
      .select()
      .from(student_fee_components)
      .where(and(inBranchOneComponent, eq(student_fee_components.mm, thisMonth)))
      .limit(1);
    if (!seeded) throw new Error('the demo data has no component this month');
    const [period] = await db.select().from(yos_periodes).where(eq(yos_periodes.id, seeded.yos_periode_id));
    const used = await db
      .selectDistinct({ mm: student_fee_components.mm })
      .from(student_fee_components)
      .where(eq(student_fee_components.class_id, seeded.class_id));
    const free = periodMonths(period?.start_date as string, period?.end_date as string).filter(
      (m) => !used.some((u) => u.mm === m),
    );
    const days = (m: string) => Number(dueDateInMonth(m, 31).slice(8));
    const mm = free.sort((a, b) => days(a) - days(b))[0];
    if (!mm) throw new Error('no free month in the semester');
    const [feeType] = await db
      .select()
      .from(fee_types)
      .where(and(eq(fee_types.branch_id, 1), eq(fee_types.name, 'Uang Gedung')));
    return {
      placement: {
        department_id: seeded.department_id,
        year_of_study_id: seeded.year_of_study_id,
        yos_periode_id: seeded.yos_periode_id,
        level_id: seeded.level_id,
        class_id: seeded.class_id,
        mm,
      },
      feeTypeId: feeType?.id as number,
      lastDay: dueDateInMonth(mm, 31),
    };
  }
  const inBranchOneComponent = eq(student_fee_components.branch_id, 1);

  it('refuses a day outside 1-31, a date that is none, and no due at all, with Indonesian messages', async () => {
    const { placement, feeTypeId } = await freeShortMonth();
    const body = { ...placement, fee_type_id: feeTypeId, ftype: 1, name: 'Uang Gedung', price: 100_000 };
    for (const [due, field, message] of [
      [{ due_day: 0 }, 'due_day', 'Jatuh Tempo harus tanggal 1 sampai 31'],
      [{ due_day: 32 }, 'due_day', 'Jatuh Tempo harus tanggal 1 sampai 31'],
      [{ due_day: 1.5 }, 'due_day', 'Jatuh Tempo harus tanggal 1 sampai 31'],
      [{ due_day: '10' }, 'due_day', 'Jatuh Tempo harus tanggal 1 sampai 31'],
      [{ due_day: null, due_date: '2026-02-30' }, 'due_date', 'Tanggal Jatuh Tempo tidak valid'],
      [{ due_day: null, due_date: null }, 'due_day', 'Jatuh Tempo tidak boleh kosong'],
    ] as const) {
      const res = await call('POST', '/api/student-fee-component', s.bandung, { ...body, ...due });
      expect(res.status, JSON.stringify(due)).toBe(422);
      expect(res.body.errors?.[field], JSON.stringify(due)).toEqual([message]);
    }
    const inline = await call('POST', '/api/student-fee-component-xupdate/1', s.bandung, {
      field: 'due_day',
      value: 40,
    });
    expect(inline.status).toBe(422);
  });

  it('charges a due day of 31 on the last day of a shorter month; a fixed date wins over the day', async () => {
    const { placement, feeTypeId, lastDay } = await freeShortMonth();
    const created = await call<StudentFeeComponent>('POST', '/api/student-fee-component', s.bandung, {
      ...placement,
      fee_type_id: feeTypeId,
      ftype: 1,
      name: 'Uang Gedung',
      price: 150_000,
      due_day: 31,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ due_day: 31, due_date: null });
    const charged = await call('POST', '/api/student-billing-batch', s.bandung, placement);
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    const items = await s.ctx.database.db
      .select({ due_date: student_billing_items.due_date, bill: student_billing_items.student_billing_id })
      .from(student_billing_items)
      .where(eq(student_billing_items.student_fee_component_id, created.body.id));
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.due_date))).toEqual(new Set([lastDay]));
    const bill = (
      await call<StudentBillingDetail>('GET', `/api/student-billing/${items[0]?.bill}`, s.bandung)
    ).body;
    expect(bill.due_date).toBe(lastDay);
    expect(bill.student_billing_items[0]?.due_date).toBe(lastDay);
    // A draft is never late, whatever its date.
    expect(bill.overdue_days).toBe(0);

    // Charged, the component is frozen: existing bills keep their date.
    const edit = await call('POST', `/api/student-fee-component-xupdate/${created.body.id}`, s.bandung, {
      field: 'due_day',
      value: 5,
    });
    expect(edit.status).toBe(409);

    const fixed = await call<StudentFeeComponent>('POST', '/api/student-fee-component', s.bandung, {
      ...placement,
      fee_type_id: (
        await s.ctx.database.db
          .select()
          .from(fee_types)
          .where(and(eq(fee_types.branch_id, 1), eq(fee_types.name, 'Seragam')))
      )[0]?.id,
      ftype: 1,
      name: 'Seragam',
      price: 80_000,
      due_day: 12,
      due_date: `${placement.mm}-03`,
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.body).toMatchObject({ due_day: null, due_date: `${placement.mm}-03` });
    const inline = await call<StudentFeeComponent>(
      'POST',
      `/api/student-fee-component-xupdate/${fixed.body.id}`,
      s.bandung,
      { field: 'due_day', value: 20 },
    );
    expect(inline.body).toMatchObject({ due_day: 20, due_date: null });
  });
});

describe("a bill is Terlambat once past its due date, by the branch's today", () => {
  // Tomorrow in Jakarta: every instant below is later than now.
  const day = addDays(todayIn('Asia/Jakarta'), 1);
  const nextDay = addDays(day, 1);
  const WIB = 7;
  const WIT = 9;

  /** At the fake instant `now`: signs in (Bandung) and reads the bill and the list's overdue filter. */
  async function seenAt(now: Date, bill: typeof student_billings.$inferSelect) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const { token } = await login(s.ctx.app, 'keuangan');
    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, token)).body;
    const late = (
      await call<StudentBillingListResponse>(
        'GET',
        listQuery(bill, `&overdue_min=1&q=${bill.bill_number}`),
        token,
      )
    ).body;
    vi.useRealTimers();
    return { overdue: detail.overdue_days, listed: late.data.map((b) => b.id).includes(bill.id) };
  }

  it('a bill due today is not late yet; the next day it is, one day', async () => {
    const bill = await newBill();
    await setDue([bill.id], day);
    expect(await seenAt(at(day, 23, 30, WIB), bill)).toEqual({ overdue: 0, listed: false });
    expect(await seenAt(at(nextDay, 0, 30, WIB), bill)).toEqual({ overdue: 1, listed: true });
  });

  it('at 00:30 WIT a WIT branch is a day further than a WIB one at the same instant', async () => {
    const bill = await newBill();
    await setDue([bill.id], day);
    const now = at(nextDay, 0, 30, WIT); // 22:30 WIB of `day`
    expect(todayIn('Asia/Jakarta', now)).toBe(day);
    await setZone('Asia/Jayapura');
    try {
      expect(await seenAt(now, bill)).toEqual({ overdue: 1, listed: true });
    } finally {
      await setZone('Asia/Jakarta');
    }
    expect(await seenAt(now, bill)).toEqual({ overdue: 0, listed: false });
  });

  it("paying the earliest item moves the bill's due date to the next one still owed", async () => {
    const bill = await newBill({
      items: [
        { price: 350_000, due_day: 10 },
        { price: 150_000, due_day: 20 },
      ],
    });
    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung))
      .body;
    const dates = [...new Set(detail.student_billing_items.map((i) => i.due_date))].sort();
    expect(dates.length, 'the main bill has items due on different days').toBeGreaterThan(1);
    expect(detail.due_date).toBe(dates[0]);
    const first = detail.student_billing_items.filter((i) => i.due_date === dates[0]);
    const res = await call(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      s.bandung,
      {
        student_billing_items: first.map((i) => ({ id: i.id, payment_amount: i.total_billing })),
        ptype: 1,
      },
      { [IDEMPOTENCY_KEY_HEADER]: `due-${bill.id}` },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung))
      .body;
    expect(after.due_date).toBe(dates[1]);
    await expectLedgerConsistent(s.ctx, bill.id);
  });
});

describe('the billing list filters and sorts by days late', () => {
  it('overdue_min keeps bills at least that late; orderby=overdue_days sorts them', async () => {
    const bill = await newBill();
    const today = todayIn();
    const { db } = s.ctx.database;
    const all = await db
      .select()
      .from(student_billings)
      .where(
        and(
          eq(student_billings.branch_id, 1),
          eq(student_billings.department_id, bill.department_id),
          eq(student_billings.year_of_study_id, bill.year_of_study_id),
        ),
      );
    for (const min of [1, 31]) {
      const expected = all.filter((b) => overdueDays(b, today) >= min).length;
      expect(expected, `demo bills at least ${min} days late`).toBeGreaterThan(0);
      const page = (
        await call<StudentBillingListResponse>(
          'GET',
          listQuery(bill, `&overdue_min=${min}&orderby=overdue_days&sort=desc&limit=100`),
          s.bandung,
        )
      ).body;
      expect(page.total).toBe(expected);
      const days = page.data.map((b) => b.overdue_days);
      expect(days.every((d) => d >= min)).toBe(true);
      expect(days).toEqual([...days].sort((a, b) => b - a));
      for (const row of page.data) expect(row.overdue_days).toBe(overdueDays(row, today));
    }
    const byDue = (
      await call<StudentBillingListResponse>('GET', listQuery(bill, '&orderby=due_date&limit=100'), s.bandung)
    ).body.data.map((b) => b.due_date);
    expect(byDue).toEqual([...byDue].sort());
    const bad = await call('GET', listQuery(bill, '&overdue_min=x'), s.bandung);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Keterlambatan tidak valid');
  });
});

describe('the arrears report ages what is owed by days past the due date', () => {
  it('puts 0 and 30 in 0-30, 31 and 60 in 31-60, 61 and 90 in 61-90, 91 over 90, and -1 not due', async () => {
    const { db } = s.ctx.database;
    const today = todayIn();
    const thisMonth = monthOf(today);
    // A Jakarta class of this month (its own branch: the other tests here work in Bandung).
    const [klass] = await db
      .select({ class_id: student_billings.class_id })
      .from(student_billings)
      .where(
        and(
          eq(student_billings.branch_id, 2),
          eq(student_billings.mm, thisMonth),
          eq(student_billings.form_status, 1),
          sql`${student_billings.total_billing} > 0`,
        ),
      )
      .groupBy(student_billings.class_id)
      .having(sql`count(*) >= 8`)
      .limit(1);
    const bills = await db
      .select()
      .from(student_billings)
      .where(
        and(eq(student_billings.class_id, klass?.class_id as number), eq(student_billings.mm, thisMonth)),
      )
      .orderBy(student_billings.id);
    const owing = bills.filter((b) => b.form_status === 1 && b.total_billing > 0);
    const days = [-1, 0, 30, 31, 60, 61, 90, 91];
    expect(owing.length).toBeGreaterThanOrEqual(days.length);
    // The rest are due later: not due.
    await setDue(
      bills.map((b) => b.id),
      addDays(today, 5),
    );
    for (const [i, d] of days.entries()) await setDue([owing[i]?.id as number], addDays(today, -d));
    const owed = (d: number) => owing[days.indexOf(d)]?.total_billing ?? 0;
    const first = bills[0] as (typeof bills)[number];
    const filter = `department_id=${first.department_id}&year_of_study_id=${first.year_of_study_id}&class_id=${first.class_id}&mm_from=${thisMonth}&mm_to=${thisMonth}`;
    const report = (
      await call<StudentBillingReport>('GET', `/api/report-student-billing?${filter}`, s.jakarta)
    ).body;
    const totalOwed = owing.reduce((sum, b) => sum + b.total_billing, 0);
    expect(report.summary).toMatchObject({
      days_0_30: owed(0) + owed(30),
      days_31_60: owed(31) + owed(60),
      days_61_90: owed(61) + owed(90),
      days_over_90: owed(91),
      arrears: owed(0) + owed(30) + owed(31) + owed(60) + owed(61) + owed(90) + owed(91),
      not_due: totalOwed - (owed(0) + owed(30) + owed(31) + owed(60) + owed(61) + owed(90) + owed(91)),
      total_billing: totalOwed,
    });

    // Arrears per student: only bills at least 61 days late, the longest late first.
    const late = (
      await call<StudentBillingReportStudentPage>(
        'GET',
        `/api/report-student-billing-students?${filter}&overdue_min=61&orderby=overdue_days`,
        s.jakarta,
      )
    ).body;
    expect(late.data.map((r) => [r.student_id, r.overdue_days, r.oldest_due_date])).toEqual([
      [owing[7]?.student_id, 91, addDays(today, -91)],
      [owing[6]?.student_id, 90, addDays(today, -90)],
      [owing[5]?.student_id, 61, addDays(today, -61)],
    ]);
    const bad = await call('GET', `/api/report-student-billing-students?${filter}&orderby=name`, s.jakarta);
    expect(bad.status).toBe(422);
  });
});
