/**
 * The Laporan reports against a small ledger built here, in a department of its own (so the demo data cannot
 * move a figure): every number is computed by hand below. Months are relative to this month in Asia/Jakarta,
 * and each bill's due date is so many days before today (`DAYS_PAST_DUE`), so the aging buckets hold whenever
 * the suite runs; the buckets' day boundaries are tested in due-dates.test.ts.
 */
import type {
  Paged,
  ProspectiveBillingReport,
  ProspectiveBillingReportUnpaid,
  StudentBillingReport,
  StudentBillingReportStudent,
} from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  classes,
  departments,
  levels,
  periodes,
  prospective_billing_payments,
  prospective_billings,
  psb_event_prospectives,
  psb_events,
  student_billing_payments,
  student_billings,
  students,
  years_of_study,
  yos_periodes,
} from '../src/db/schema';
import { addMonths, monthOf, todayIn } from '../src/lib/time';
import { RUPIAH_FORMAT } from '../src/lib/xlsx';
import { apiSuite } from './billing-fixtures';

const s = apiSuite();
const { call } = s;
const today = todayIn();
const M0 = monthOf(today);
const M = (offset: number) => addMonths(M0, offset);
/** Days from the due date to today of a bill `offset` months from this month (negative: not due yet). */
const DAYS_PAST_DUE: Record<number, number> = { 1: -20, 0: 5, [-1]: 45, [-2]: 75, [-3]: 100, [-4]: 130 };
const daysBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** Ids of the ledger, filled in beforeAll. */
const ids = {
  department: 0,
  year: 0,
  period: 0,
  level1: 0,
  level2: 0,
  class1A: 0,
  class1B: 0,
  class2A: 0,
  students: [] as number[],
  events: [] as number[],
};

/**
 * A department of its own in the suite's first branch with a year of study from six months ago to five ahead: the
 * rows a test adds there are the only ones its reports read.
 */
async function departmentAndYear(name: string, sequence: number, yearName: string) {
  const { db } = s.ctx.database;
  const branchId = s.user.branches[0]?.id as number;
  const [branch] = await db.select().from(branches).where(eq(branches.id, branchId));
  const owner = { client_id: branch?.client_id as number, branch_id: branchId };
  const [department] = await db
    .insert(departments)
    .values({ ...owner, name, sequence })
    .returning();
  const dept = { ...owner, department_id: department?.id as number };
  const [year] = await db
    .insert(years_of_study)
    .values({ ...dept, name: yearName, start_date: `${M(-6)}-01`, end_date: `${M(5)}-28` })
    .returning();
  return { owner, dept, year: year as typeof years_of_study.$inferSelect };
}

async function buildLedger() {
  const { db } = s.ctx.database;
  const { owner, dept, year } = await departmentAndYear('Dept Laporan', 99, '2098/2099');
  ids.department = dept.department_id;
  ids.year = year.id;
  const [periode] = await db
    .insert(periodes)
    .values({ ...owner, name: 'Semester Laporan' })
    .returning();
  const [period] = await db
    .insert(yos_periodes)
    .values({
      ...owner,
      year_of_study_id: ids.year,
      periode_id: periode?.id as number,
      start_date: `${M(-6)}-01`,
      end_date: `${M(5)}-28`,
    })
    .returning();
  ids.period = period?.id as number;
  const [l1, l2] = await db
    .insert(levels)
    .values([
      { ...dept, name: 'Tingkat L1', sequence: 1 },
      { ...dept, name: 'Tingkat L2', sequence: 2 },
    ])
    .returning();
  ids.level1 = l1?.id as number;
  ids.level2 = l2?.id as number;
  const klass = (name: string, level_id: number) => ({ ...dept, level_id, year_of_study_id: ids.year, name });
  const [c1a, c1b, c2a] = await db
    .insert(classes)
    .values([klass('1A', ids.level1), klass('1B', ids.level1), klass('2A', ids.level2)])
    .returning();
  ids.class1A = c1a?.id as number;
  ids.class1B = c1b?.id as number;
  ids.class2A = c2a?.id as number;
  const pupils = await db
    .insert(students)
    .values(
      ['Laporan Satu', 'Laporan Dua', 'Laporan Tiga', 'Laporan Empat'].map((name, i) => ({
        ...dept,
        nis: `LAP-${i + 1}`,
        name,
        yoe: 2098,
      })),
    )
    .returning();
  ids.students = pupils.map((p) => p.id);
  const [S1, S2, S3, S4] = ids.students as [number, number, number, number];

  // amount, discount, bail, paid: billing = amount - discount - bail - paid (payment_status 1 when 0).
  const bill = (
    n: number,
    student_id: number,
    class_id: number,
    mm: string,
    [amount, discount, bail, paid]: [number, number, number, number],
    form_status = 1,
  ) => {
    const billing = amount - discount - bail - paid;
    // Due dates aged like the months used to be: this month 0-30 days, one back 31-60, two 61-90, older > 90.
    const offset =
      Number(mm.slice(0, 4)) * 12 + Number(mm.slice(5)) - (Number(M0.slice(0, 4)) * 12 + Number(M0.slice(5)));
    const due_date = daysBefore(today, DAYS_PAST_DUE[offset] as number);
    return {
      ...dept,
      bill_number: `LAP/${n}`,
      student_id,
      year_of_study_id: ids.year,
      yos_periode_id: ids.period,
      level_id: class_id === ids.class2A ? ids.level2 : ids.level1,
      class_id,
      mm,
      bill_date: `${mm}-01`,
      due_date,
      form_status,
      total_amount: amount,
      total_discount: discount,
      total_bail: bail,
      total_payment: paid,
      total_billing: billing,
      payment_status: billing === 0 ? 1 : 0,
    };
  };
  const bills = await db
    .insert(student_billings)
    .values([
      bill(1, S1, ids.class1A, M(0), [100_000, 0, 0, 40_000]),
      bill(2, S1, ids.class1A, M(-1), [100_000, 10_000, 0, 0]),
      bill(3, S1, ids.class1A, M(-2), [100_000, 0, 20_000, 80_000]),
      bill(4, S2, ids.class1A, M(-3), [150_000, 0, 0, 0]),
      bill(5, S2, ids.class1A, M(-4), [150_000, 0, 0, 50_000]),
      bill(6, S2, ids.class1A, M(1), [100_000, 0, 0, 0]),
      bill(7, S3, ids.class1B, M(-2), [200_000, 0, 0, 0]),
      bill(8, S3, ids.class1B, M(0), [200_000, 0, 0, 200_000]),
      bill(9, S4, ids.class2A, M(-1), [120_000, 0, 0, 20_000]),
      bill(10, S4, ids.class2A, M(0), [500_000, 0, 0, 0], 0), // a draft: never counted
    ])
    .returning();
  const billOf = (n: number) => bills.find((b) => b.bill_number === `LAP/${n}`) as (typeof bills)[number];
  const payment = (n: number, amount: number, date: string, ptype: number, voided = false) => ({
    ...owner,
    student_billing_id: billOf(n).id,
    student_id: billOf(n).student_id,
    payment_number: `LAP-PAY/${n}/${date}`,
    payment_date: date,
    amount,
    total_amount_payment_paid: amount,
    ptype,
    idempotency_key: `lap-${n}-${date}`,
    voided_at: voided ? new Date() : null,
    void_reason: voided ? 'uji' : null,
  });
  await db.insert(student_billing_payments).values([
    payment(1, 40_000, `${M(0)}-01`, 1),
    payment(3, 80_000, `${M(-2)}-05`, 4),
    payment(5, 50_000, `${M(-1)}-05`, 1),
    payment(7, 200_000, `${M(-1)}-10`, 1, true), // voided: counts nowhere
    payment(8, 200_000, `${M(0)}-01`, 4),
    payment(9, 20_000, `${M(-1)}-05`, 2),
  ]);

  // Prospects: two PSB events and one transfer event of the department.
  const event = (code: string, stype: number) => ({
    ...dept,
    psb_event_stype_id: stype,
    yoe: 2098,
    code,
    name: `Event ${code}`,
    start_date: `${M(-2)}-01`,
    end_date: `${M(2)}-01`,
  });
  const events = await db
    .insert(psb_events)
    .values([event('LAP-1', 1), event('LAP-2', 1), event('LAP-M', 2)])
    .returning();
  ids.events = events.map((e) => e.id);
  const [E1, E2, E3] = ids.events as [number, number, number];
  const prospect = (n: number, psb_event_id: number, stype: number, registration_status: number) => ({
    ...dept,
    psb_event_id,
    psb_event_stype_id: stype,
    yoe: 2098,
    reg_number: `LAP-000${n}`,
    name: `Peserta ${n}`,
    registration_status,
  });
  const prospects = await db
    .insert(psb_event_prospectives)
    .values([
      prospect(1, E1, 1, 4),
      prospect(2, E1, 1, 2),
      prospect(3, E1, 1, 1),
      prospect(4, E1, 1, 0), // no bill
      prospect(5, E2, 1, 0),
      prospect(6, E3, 2, 3),
    ])
    .returning();
  const pid = (n: number) => prospects[n - 1]?.id as number;
  const pbill = (
    n: number,
    psb_event_id: number,
    stype: number,
    [amount, discount, bail, paid]: [number, number, number, number],
  ) => {
    const billing = amount - discount - bail - paid;
    return {
      ...dept,
      bill_number: `LAP-PB/${n}`,
      psb_event_id,
      psb_event_stype_id: stype,
      psb_event_prospective_id: pid(n),
      bill_date: `${M(0)}-01`,
      total_amount: amount,
      total_discount: discount,
      total_bail: bail,
      total_payment: paid,
      total_billing: billing,
      payment_status: billing === 0 ? 1 : 0,
    };
  };
  const pbills = await db
    .insert(prospective_billings)
    .values([
      pbill(1, E1, 1, [500_000, 0, 0, 500_000]),
      pbill(2, E1, 1, [500_000, 50_000, 0, 200_000]),
      pbill(3, E1, 1, [500_000, 0, 0, 0]),
      pbill(5, E2, 1, [300_000, 0, 100_000, 0]),
      pbill(6, E3, 2, [700_000, 0, 0, 0]),
    ])
    .returning();
  // A voided payment on the unpaid bill of Peserta 3: the bill's totals already leave it out.
  await db.insert(prospective_billing_payments).values({
    ...owner,
    prospective_billing_id: pbills[2]?.id as number,
    psb_event_prospective_id: pid(3),
    payment_number: 'LAP-PB-PAY/1',
    payment_date: `${M(0)}-01`,
    amount: 100_000,
    total_amount_payment_paid: 100_000,
    ptype: 1,
    idempotency_key: 'lap-pb-1',
    voided_at: new Date(),
  });
}

beforeAll(async () => {
  await buildLedger();
}, 120_000);

const base = () => `department_id=${ids.department}&year_of_study_id=${ids.year}`;
const report = async (query: string, token = s.bandung) => {
  const res = await call<StudentBillingReport>('GET', `/api/report-student-billing?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const arrears = async (query: string, token = s.bandung) => {
  const res = await call<Paged<StudentBillingReportStudent>>(
    'GET',
    `/api/report-student-billing-students?${query}`,
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const workbook = async (url: string, token = s.bandung) => {
  const res = await call('GET', url, token);
  expect(res.status, res.raw.toString().slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.xlsx"$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.raw as unknown as ArrayBuffer);
  return book;
};
/** A sheet's rows as arrays of cell values (1-based columns dropped to 0-based). */
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const values = (sheet.getRow(r).values as unknown[]).slice(1);
    rows.push(Array.from(values, (value) => value ?? null));
  }
  return rows;
};

describe('GET /api/report-student-billing', () => {
  it('sums the five money columns of confirmed bills, ages what is owed and rates the collection', async () => {
    const r = await report(base());
    expect(r.today).toBe(today);
    expect(r.summary).toEqual({
      bill_count: 9,
      student_count: 4,
      total_amount: 1_220_000,
      total_discount: 10_000,
      total_bail: 20_000,
      total_payment: 390_000,
      total_billing: 800_000,
      days_0_30: 60_000,
      days_31_60: 190_000,
      days_61_90: 200_000,
      days_over_90: 250_000,
      arrears: 700_000,
      not_due: 100_000,
      billed: 1_190_000,
      paid: 390_000,
      rate_percent: 32.8,
      received: 390_000,
      payment_count: 5,
    });
  });

  it('answers per class, in level order', async () => {
    const r = await report(base());
    expect(r.classes).toEqual([
      {
        class_id: ids.class1A,
        class_name: '1A',
        level_name: 'Tingkat L1',
        bill_count: 6,
        student_count: 2,
        total_amount: 700_000,
        total_discount: 10_000,
        total_bail: 20_000,
        total_payment: 170_000,
        total_billing: 500_000,
        days_0_30: 60_000,
        days_31_60: 90_000,
        days_61_90: 0,
        days_over_90: 250_000,
        arrears: 400_000,
        not_due: 100_000,
        billed: 670_000,
        paid: 170_000,
        rate_percent: 25.4,
      },
      {
        class_id: ids.class1B,
        class_name: '1B',
        level_name: 'Tingkat L1',
        bill_count: 2,
        student_count: 1,
        total_amount: 400_000,
        total_discount: 0,
        total_bail: 0,
        total_payment: 200_000,
        total_billing: 200_000,
        days_0_30: 0,
        days_31_60: 0,
        days_61_90: 200_000,
        days_over_90: 0,
        arrears: 200_000,
        not_due: 0,
        billed: 400_000,
        paid: 200_000,
        rate_percent: 50,
      },
      {
        class_id: ids.class2A,
        class_name: '2A',
        level_name: 'Tingkat L2',
        bill_count: 1,
        student_count: 1,
        total_amount: 120_000,
        total_discount: 0,
        total_bail: 0,
        total_payment: 20_000,
        total_billing: 100_000,
        days_0_30: 0,
        days_31_60: 100_000,
        days_61_90: 0,
        days_over_90: 0,
        arrears: 100_000,
        not_due: 0,
        billed: 120_000,
        paid: 20_000,
        rate_percent: 16.7,
      },
    ]);
  });

  it('rates each class and month', async () => {
    const r = await report(base());
    const row = (
      class_id: number,
      class_name: string,
      mm: string,
      billed: number,
      paid: number,
      rate: number,
    ) => ({
      class_id,
      class_name,
      mm,
      billed,
      paid,
      rate_percent: rate,
    });
    expect(r.class_months).toEqual([
      row(ids.class1A, '1A', M(-4), 150_000, 50_000, 33.3),
      row(ids.class1A, '1A', M(-3), 150_000, 0, 0),
      row(ids.class1A, '1A', M(-2), 80_000, 80_000, 100),
      row(ids.class1A, '1A', M(-1), 90_000, 0, 0),
      row(ids.class1A, '1A', M(0), 100_000, 40_000, 40),
      row(ids.class1A, '1A', M(1), 100_000, 0, 0),
      row(ids.class1B, '1B', M(-2), 200_000, 0, 0),
      row(ids.class1B, '1B', M(0), 200_000, 200_000, 100),
      row(ids.class2A, '2A', M(-1), 120_000, 20_000, 16.7),
    ]);
  });

  it('collects standing payments per day and per payment type (the voided one counts nowhere)', async () => {
    const r = await report(base());
    expect(r.days).toEqual([
      { payment_date: `${M(-2)}-05`, payment_count: 1, amount: 80_000 },
      { payment_date: `${M(-1)}-05`, payment_count: 2, amount: 70_000 },
      { payment_date: `${M(0)}-01`, payment_count: 2, amount: 240_000 },
    ]);
    expect(r.payment_types).toEqual([
      { ptype: 1, label: 'Cash', payment_count: 2, amount: 90_000 },
      { ptype: 2, label: 'ATM/Debit', payment_count: 1, amount: 20_000 },
      { ptype: 4, label: 'Transfer', payment_count: 2, amount: 280_000 },
    ]);
  });

  it('bounds bill months and payment dates by the month range', async () => {
    const r = await report(`${base()}&mm_from=${M(-1)}&mm_to=${M(0)}`);
    expect(r.summary).toMatchObject({
      bill_count: 4,
      total_amount: 520_000,
      total_billing: 250_000,
      days_0_30: 60_000,
      days_31_60: 190_000,
      days_61_90: 0,
      days_over_90: 0,
      not_due: 0,
      // Paid in the range, whatever the bill's month (bill 5 of four months ago was paid last month).
      received: 310_000,
      payment_count: 4,
    });
    expect(r.days.map((d) => d.payment_date)).toEqual([`${M(-1)}-05`, `${M(0)}-01`]);
    const open = await report(`${base()}&mm_from=${M(1)}&mm_to=all`);
    expect(open.summary).toMatchObject({ bill_count: 1, not_due: 100_000, arrears: 0, received: 0 });
  });

  it('narrows to a level, a class and a period', async () => {
    const level = await report(`${base()}&level_id=${ids.level2}`);
    expect(level.classes.map((c) => c.class_name)).toEqual(['2A']);
    expect(level.summary).toMatchObject({ total_amount: 120_000, arrears: 100_000, received: 20_000 });
    const klass = await report(`${base()}&level_id=all&class_id=${ids.class1B}`);
    expect(klass.summary).toMatchObject({ bill_count: 2, total_billing: 200_000, days_61_90: 200_000 });
    expect(klass.payment_types).toEqual([{ ptype: 4, label: 'Transfer', payment_count: 1, amount: 200_000 }]);
    const period = await report(`${base()}&yos_periode_id=${ids.period}`);
    expect(period.summary.bill_count).toBe(9);
  });

  it('is empty for another branch, refused to non-editors and to a bad filter', async () => {
    const other = await report(base(), s.jakarta);
    expect(other.summary).toMatchObject({ bill_count: 0, total_amount: 0, arrears: 0, received: 0 });
    expect(other.summary.rate_percent).toBeNull();
    expect(other.classes).toEqual([]);
    expect(other.days).toEqual([]);
    expect((await call('GET', `/api/report-student-billing?${base()}`, s.guru)).status).toBe(403);
    expect((await call('GET', `/api/report-student-billing?${base()}`, '')).status).toBe(401);
    const backwards = await call(
      'GET',
      `/api/report-student-billing?${base()}&mm_from=${M(0)}&mm_to=${M(-1)}`,
      s.bandung,
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.message).toBe('Bulan awal tidak boleh setelah bulan akhir');
    for (const bad of [
      '',
      `department_id=${ids.department}`,
      `${base()}&mm_from=2026-13`,
      `${base()}&class_id=x`,
    ]) {
      const res = await call('GET', `/api/report-student-billing?${bad}`, s.bandung);
      expect(res.status, bad).toBe(422);
      expect(res.body.message.length, bad).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/report-student-billing-students', () => {
  it('lists students owing on bills already due, most owed first, paged', async () => {
    const [S1, S2, S3, S4] = ids.students as [number, number, number, number];
    const page = await arrears(`${base()}&limit=2&page=1`);
    expect(page.total).toBe(4);
    expect(page.last_page).toBe(2);
    expect(page.data).toEqual([
      {
        student_id: S2,
        name: 'Laporan Dua',
        nis: 'LAP-2',
        department_id: ids.department,
        class_id: ids.class1A,
        class_name: '1A',
        days_0_30: 0,
        days_31_60: 0,
        days_61_90: 0,
        days_over_90: 250_000,
        arrears: 250_000,
        not_due: 0,
        unpaid_bill_count: 2,
        oldest_mm: M(-4),
        oldest_due_date: daysBefore(today, 130),
        overdue_days: 130,
      },
      {
        student_id: S3,
        name: 'Laporan Tiga',
        nis: 'LAP-3',
        department_id: ids.department,
        class_id: ids.class1B,
        class_name: '1B',
        days_0_30: 0,
        days_31_60: 0,
        days_61_90: 200_000,
        days_over_90: 0,
        arrears: 200_000,
        not_due: 0,
        unpaid_bill_count: 1,
        oldest_mm: M(-2),
        oldest_due_date: daysBefore(today, 75),
        overdue_days: 75,
      },
    ]);
    const second = await arrears(`${base()}&limit=2&page=2`);
    expect(
      second.data.map((r) => [r.student_id, r.arrears, r.days_0_30, r.days_31_60, r.unpaid_bill_count]),
    ).toEqual([
      [S1, 150_000, 60_000, 90_000, 2],
      [S4, 100_000, 0, 100_000, 1],
    ]);
    expect(second.from).toBe(3);
    const ranged = await arrears(`${base()}&mm_from=${M(-1)}`);
    expect(ranged.data.map((r) => [r.student_id, r.arrears])).toEqual([
      [S1, 150_000],
      [S4, 100_000],
    ]);
    expect((await arrears(base(), s.jakarta)).total).toBe(0);
    expect((await call('GET', `/api/report-student-billing-students?${base()}`, s.guru)).status).toBe(403);
    expect(
      (await call('GET', `/api/report-student-billing-students?${base()}&limit=500`, s.bandung)).status,
    ).toBe(422);
  });
});

describe('GET /api/report-student-billing-xlsx', () => {
  it('writes one sheet per table, the filter on top, rupiah as formatted numbers', async () => {
    const book = await workbook(`/api/report-student-billing-xlsx?${base()}&level_id=${ids.level1}`);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Ringkasan',
      'Tunggakan per Kelas',
      'Tunggakan per Siswa',
      'Penerimaan per Hari',
      'Penerimaan per Jenis',
      'Tingkat Penagihan',
    ]);
    const classSheet = book.getWorksheet('Tunggakan per Kelas') as ExcelJS.Worksheet;
    const rows = rowsOf(classSheet);
    expect(rows[0]?.[0]).toBe('Laporan Billing Siswa');
    expect(rows.slice(1, 10)).toEqual([
      ['Departemen', 'Dept Laporan'],
      ['Tahun Ajaran', '2098/2099'],
      ['Periode KBM', 'Semua'],
      ['Tingkat', 'Tingkat L1'],
      ['Kelas', 'Semua'],
      ['Dari Bulan', 'Semua'],
      ['Sampai Bulan', 'Semua'],
      ['Keterlambatan', 'Semua'],
      ['Tanggal Laporan', today],
    ]);
    expect(rows[11]?.slice(0, 5)).toEqual(['No', 'Tingkat', 'Kelas', 'Jumlah Siswa', 'Jumlah Billing']);
    // 1A: No, level, class, students, bills, the five money columns, the aging, not due, rate.
    expect(rows[12]).toEqual([
      1,
      'Tingkat L1',
      '1A',
      2,
      6,
      700_000,
      10_000,
      20_000,
      170_000,
      500_000,
      60_000,
      90_000,
      0,
      250_000,
      400_000,
      100_000,
      0.254,
    ]);
    expect(rows[13]?.slice(2, 3)).toEqual(['1B']);
    expect(rows).toHaveLength(14);
    expect(classSheet.getCell(13, 6).numFmt).toBe(RUPIAH_FORMAT);
    expect(classSheet.getCell(13, 17).numFmt).toBe('0.0%');

    const studentSheet = rowsOf(book.getWorksheet('Tunggakan per Siswa') as ExcelJS.Worksheet);
    expect(studentSheet[11]?.slice(5)).toEqual([
      'Bulan Tertua',
      'Jatuh Tempo Tertua',
      'Hari Terlambat',
      'Tunggakan 0-30 Hari',
      'Tunggakan 31-60 Hari',
      'Tunggakan 61-90 Hari',
      'Tunggakan > 90 Hari',
      'Total Tunggakan',
    ]);
    const studentRows = studentSheet.slice(12);
    expect(
      studentRows.map((r) => [r[2], r[3], (r[6] as Date).toISOString().slice(0, 10), r[7], r[11], r[12]]),
    ).toEqual([
      ['Laporan Dua', '1A', daysBefore(today, 130), 130, 250_000, 250_000],
      ['Laporan Tiga', '1B', daysBefore(today, 75), 75, 0, 200_000],
      ['Laporan Satu', '1A', daysBefore(today, 45), 45, 0, 150_000],
    ]);
    const dayRows = rowsOf(book.getWorksheet('Penerimaan per Hari') as ExcelJS.Worksheet).slice(12);
    expect(dayRows.map((r) => [(r[1] as Date).toISOString().slice(0, 10), r[2], r[3]])).toEqual([
      [`${M(-2)}-05`, 1, 80_000],
      [`${M(-1)}-05`, 1, 50_000],
      [`${M(0)}-01`, 2, 240_000],
    ]);
    const summary = rowsOf(book.getWorksheet('Ringkasan') as ExcelJS.Worksheet).slice(12);
    expect(summary.find((r) => r[0] === 'Total Tunggakan')?.[1]).toBe(600_000);
    expect(summary.find((r) => r[0] === 'Tunggakan > 90 Hari')?.[1]).toBe(250_000);
    expect(summary.find((r) => r[0] === 'Diterima pada Rentang Bulan')?.[1]).toBe(370_000);
  });

  it('names only what the branch may see: another branch gets 404, a non-editor 403', async () => {
    expect((await call('GET', `/api/report-student-billing-xlsx?${base()}`, s.jakarta)).status).toBe(404);
    expect((await call('GET', `/api/report-student-billing-xlsx?${base()}`, s.guru)).status).toBe(403);
    expect((await call('GET', '/api/report-student-billing-xlsx?department_id=1', s.bandung)).status).toBe(
      422,
    );
  });
});

describe('GET /api/report-prospective-billing', () => {
  const query = (extra = '') => `stype=1&department_id=${ids.department}${extra}`;

  it('counts prospects and money per event, and the totals', async () => {
    const [E1, E2] = ids.events as [number, number];
    const res = await call<ProspectiveBillingReport>(
      'GET',
      `/api/report-prospective-billing?${query()}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    const event = { department_name: 'Dept Laporan', yoe: 2098 };
    expect(res.body.events).toEqual([
      {
        psb_event_id: E1,
        code: 'LAP-1',
        name: 'Event LAP-1',
        ...event,
        billed_count: 3,
        paid_count: 1,
        partly_paid_count: 1,
        unpaid_count: 1,
        billed: 1_450_000,
        received: 700_000,
        outstanding: 750_000,
      },
      {
        psb_event_id: E2,
        code: 'LAP-2',
        name: 'Event LAP-2',
        ...event,
        billed_count: 1,
        paid_count: 0,
        partly_paid_count: 0,
        unpaid_count: 1,
        billed: 200_000,
        received: 0,
        outstanding: 200_000,
      },
    ]);
    expect(res.body.totals).toEqual({
      billed_count: 4,
      paid_count: 1,
      partly_paid_count: 1,
      unpaid_count: 2,
      billed: 1_650_000,
      received: 700_000,
      outstanding: 950_000,
    });
    const transfer = await call<ProspectiveBillingReport>(
      'GET',
      `/api/report-prospective-billing?stype=2&department_id=${ids.department}&yoe=2098`,
      s.bandung,
    );
    expect(transfer.body.events.map((e) => [e.code, e.billed_count, e.unpaid_count, e.outstanding])).toEqual([
      ['LAP-M', 1, 1, 700_000],
    ]);
    const one = await call<ProspectiveBillingReport>(
      'GET',
      `/api/report-prospective-billing?${query(`&psb_event_id=${E2}`)}`,
      s.bandung,
    );
    expect(one.body.totals.billed).toBe(200_000);
    const other = await call<ProspectiveBillingReport>(
      'GET',
      `/api/report-prospective-billing?${query()}`,
      s.jakarta,
    );
    expect(other.body.events).toEqual([]);
    expect(other.body.totals.billed_count).toBe(0);
    expect((await call('GET', `/api/report-prospective-billing?${query()}`, s.guru)).status).toBe(403);
    for (const bad of ['', 'stype=3', `${query()}&yoe=98`, `${query()}&psb_event_id=-1`]) {
      expect((await call('GET', `/api/report-prospective-billing?${bad}`, s.bandung)).status, bad).toBe(422);
    }
  });

  it('lists the prospects still owing, with their registration status', async () => {
    const res = await call<Paged<ProspectiveBillingReportUnpaid>>(
      'GET',
      `/api/report-prospective-billing-unpaid?${query()}&limit=2`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(
      res.body.data.map((r) => [r.reg_number, r.registration_status, r.billed, r.received, r.outstanding]),
    ).toEqual([
      ['LAP-0002', 2, 450_000, 200_000, 250_000],
      ['LAP-0003', 1, 500_000, 0, 500_000],
    ]);
    expect(res.body.data[0]).toMatchObject({
      name: 'Peserta 2',
      psb_event_code: 'LAP-1',
      bill_number: 'LAP-PB/2',
    });
    const next = await call<Paged<ProspectiveBillingReportUnpaid>>(
      'GET',
      `/api/report-prospective-billing-unpaid?${query()}&limit=2&page=2`,
      s.bandung,
    );
    expect(next.body.data.map((r) => [r.reg_number, r.psb_event_code, r.outstanding])).toEqual([
      ['LAP-0005', 'LAP-2', 200_000],
    ]);
    expect((await call('GET', `/api/report-prospective-billing-unpaid?${query()}`, s.guru)).status).toBe(403);
  });

  it('downloads both tables with the filter on top', async () => {
    const book = await workbook(`/api/report-prospective-billing-xlsx?${query('&yoe=2098')}`);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Ringkasan per Event', 'Belum Lunas']);
    const events = rowsOf(book.getWorksheet('Ringkasan per Event') as ExcelJS.Worksheet);
    expect(events[0]?.[0]).toBe('Laporan Billing Peserta PSB');
    expect(events.slice(1, 6)).toEqual([
      ['Jenis', 'PSB'],
      ['Departemen', 'Dept Laporan'],
      ['Tahun Masuk', '2098'],
      ['Event', 'Semua'],
      ['Tanggal Laporan', today],
    ]);
    expect(events[7]?.[0]).toBe('Kode Event');
    expect(events.slice(8)).toEqual([
      ['LAP-1', 'Event LAP-1', 'Dept Laporan', 2098, 3, 1, 1, 1, 1_450_000, 700_000, 750_000],
      ['LAP-2', 'Event LAP-2', 'Dept Laporan', 2098, 1, 0, 0, 1, 200_000, 0, 200_000],
      [null, 'Total', null, null, 4, 1, 1, 2, 1_650_000, 700_000, 950_000],
    ]);
    const unpaidSheet = book.getWorksheet('Belum Lunas') as ExcelJS.Worksheet;
    const unpaid = rowsOf(unpaidSheet).slice(8);
    expect(unpaid.map((r) => [r[1], r[4], r[8]])).toEqual([
      ['LAP-0002', 'Data Terverifikasi', 250_000],
      ['LAP-0003', 'Data Terkirim', 500_000],
      ['LAP-0005', 'Pending', 200_000],
    ]);
    expect(unpaidSheet.getCell(9, 9).numFmt).toBe(RUPIAH_FORMAT);
    const transfer = await workbook(
      `/api/report-prospective-billing-xlsx?stype=2&department_id=${ids.department}`,
    );
    expect(rowsOf(transfer.worksheets[0] as ExcelJS.Worksheet)[0]?.[0]).toBe(
      'Laporan Billing Peserta Mutasi',
    );
    expect((await call('GET', `/api/report-prospective-billing-xlsx?${query()}`, s.jakarta)).status).toBe(
      404,
    );
  });
});

describe('the distinct students of Laporan Billing Siswa', () => {
  it('count a student once per class and once in all, over periods and classes, with and without a month range', async () => {
    const { db } = s.ctx.database;
    const { owner, dept, year } = await departmentAndYear('Dept Siswa Laporan', 98, '2097/2098');
    const [g1, g2] = await db
      .insert(periodes)
      .values([
        { ...owner, name: 'Semester Siswa 1' },
        { ...owner, name: 'Semester Siswa 2' },
      ])
      .returning();
    const inYear = { ...owner, year_of_study_id: year.id };
    const [p1, p2] = await db
      .insert(yos_periodes)
      .values([
        { ...inYear, periode_id: g1?.id as number, start_date: `${M(-6)}-01`, end_date: `${M(-1)}-28` },
        { ...inYear, periode_id: g2?.id as number, start_date: `${M(0)}-01`, end_date: `${M(5)}-28` },
      ])
      .returning();
    const [level] = await db
      .insert(levels)
      .values({ ...dept, name: 'Tingkat S', sequence: 1 })
      .returning();
    const placed = { ...dept, level_id: level?.id as number, year_of_study_id: year.id };
    const [A, B] = await db
      .insert(classes)
      .values([
        { ...placed, name: 'S-A' },
        { ...placed, name: 'S-B' },
      ])
      .returning();
    const [S1, S2] = await db
      .insert(students)
      .values(
        ['Siswa Satu', 'Siswa Dua'].map((name, i) => ({ ...dept, nis: `SIS-${i + 1}`, name, yoe: 2097 })),
      )
      .returning();
    let n = 0;
    const bill = (student: typeof S1, klass: typeof A, period: typeof p1, mm: string, form_status = 1) => ({
      ...placed,
      bill_number: `SIS/${++n}`,
      student_id: student?.id as number,
      yos_periode_id: period?.id as number,
      class_id: klass?.id as number,
      mm,
      type: 2,
      bill_date: `${mm}-01`,
      due_date: `${mm}-10`,
      form_status,
      total_amount: 10_000,
      total_billing: 10_000,
    });
    // S1: class A in both periods (two months in the first), then class B in the second; S2: class B in the
    // first period, one confirmed bill and one draft.
    const [, , , , s2Bill] = await db
      .insert(student_billings)
      .values([
        bill(S1, A, p1, M(-2)),
        bill(S1, A, p1, M(-1)),
        bill(S1, A, p2, M(0)),
        bill(S1, B, p2, M(1)),
        bill(S2, B, p1, M(-1)),
        bill(S2, B, p1, M(-2), 0),
      ])
      .returning();
    const counts = async (extra = '') => {
      const r = await report(`department_id=${dept.department_id}&year_of_study_id=${year.id}${extra}`);
      return [r.summary.student_count, ...r.classes.map((c) => [c.class_name, c.student_count])];
    };
    expect(await counts()).toEqual([2, ['S-A', 1], ['S-B', 2]]);
    expect(await counts(`&yos_periode_id=${p2?.id}`)).toEqual([1, ['S-A', 1], ['S-B', 1]]);
    expect(await counts(`&yos_periode_id=${p1?.id}`)).toEqual([2, ['S-A', 1], ['S-B', 1]]);
    expect(await counts(`&level_id=all&class_id=${B?.id}`)).toEqual([2, ['S-B', 2]]);
    // A month range counts on the bills: the same rule.
    expect(await counts(`&mm_from=${M(-2)}&mm_to=${M(-1)}`)).toEqual([2, ['S-A', 1], ['S-B', 1]]);
    expect(await counts(`&mm_from=${M(0)}`)).toEqual([1, ['S-A', 1], ['S-B', 1]]);
    // S2's only confirmed bill withdrawn: S2 counts nowhere (its class stays, with S1).
    await db
      .update(student_billings)
      .set({ form_status: 0 })
      .where(eq(student_billings.id, s2Bill?.id as number));
    expect(await counts()).toEqual([1, ['S-A', 1], ['S-B', 1]]);
    expect(await counts(`&yos_periode_id=${p1?.id}`)).toEqual([1, ['S-A', 1]]);
  });
});
