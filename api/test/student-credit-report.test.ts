/**
 * Laporan Saldo Titipan (docs/money.md "Saldo Titipan", docs/screens.md#reports): the students with a
 * balance other than zero after money in and credit spent, only the branch's, narrowed by the filter, paged; its
 * branch total is Titipan Siswa's balance in the books; bad parameters are 4xx.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentCreditMovementReport,
  type StudentCreditReport,
} from '@keuangan/shared/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { class_students, classes, student_billings, students, years_of_study } from '../src/db/schema';
import { addStudentCredit } from '../src/ledger/student-credit';
import { apiSuite, confirmedUnpaid, inBranchOne } from './billing-fixtures';
import { expectBooksTrue } from './books-fixtures';

const s = apiSuite();
const { call } = s;
let keys = 0;
const newKey = () => `credit-report-${++keys}-${Date.now()}`;

const report = async (query = '', token = s.bandung) => {
  const res = await call<StudentCreditReport>('GET', `/api/student-credit/report?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

async function giveCredit(branchId: number, studentId: number, amount: number) {
  await s.ctx.database.transaction((tx) =>
    addStudentCredit(
      tx,
      { clientId: 1, branchId, userId: null },
      { student_id: studentId, amount, source: 'bank_excess', reference: `test:${newKey()}`, note: null },
    ),
  );
}

/** Titipan Siswa's balance (credit minus debit) in the branch's books. */
async function titipanSiswa(branchId: number): Promise<number> {
  const result = (await s.ctx.database.db.execute(
    sql`select coalesce(sum(l.credit - l.debit), 0)::text as amount from books_lines l
      join books_accounts a on a.id = l.account_id and a.role = 'student_credit' where l.branch_id = ${branchId}`,
  )) as unknown as { rows: { amount: string }[] };
  return Number(result.rows[0]?.amount ?? 0);
}

/** Students of the branch sitting in a class of the year that holds today, with that placement. */
async function placedStudents(branchId: number, n: number) {
  return s.ctx.database.db
    .select({
      id: students.id,
      nis: students.nis,
      name: students.name,
      department_id: students.department_id,
      year_of_study_id: classes.year_of_study_id,
      level_id: classes.level_id,
      class_id: classes.id,
      class_name: classes.name,
    })
    .from(students)
    .innerJoin(class_students, eq(class_students.student_id, students.id))
    .innerJoin(classes, eq(classes.id, class_students.class_id))
    .innerJoin(years_of_study, eq(years_of_study.id, classes.year_of_study_id))
    .where(
      and(
        eq(students.branch_id, branchId),
        sql`${years_of_study.start_date} <= ${s.today} and ${years_of_study.end_date} >= ${s.today}`,
      ),
    )
    .orderBy(asc(students.id))
    .limit(n);
}

describe('GET /api/student-credit/report', () => {
  it('lists the branch students with credit, its total equal to Titipan Siswa; other branches apart', async () => {
    const [a, b] = await placedStudents(1, 2);
    const [c] = await placedStudents(2, 1);
    if (!a || !b || !c) throw new Error('the demo data has no placed students');
    await giveCredit(1, a.id, 100_000);
    await giveCredit(1, a.id, 25_000);
    await giveCredit(1, b.id, 40_000);
    await giveCredit(2, c.id, 70_000);

    const bandung = await report();
    const rowA = bandung.data.find((r) => r.student_id === a.id);
    expect(rowA).toMatchObject({ nis: a.nis, name: a.name, class_name: a.class_name, balance: 125_000 });
    expect(rowA?.last_movement_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(bandung.data.find((r) => r.student_id === b.id)?.balance).toBe(40_000);
    expect(bandung.data.some((r) => r.student_id === c.id)).toBe(false);
    expect(bandung.total_balance).toBe(bandung.data.reduce((sum, r) => sum + r.balance, 0));
    expect(bandung.branch_balance).toBe(await titipanSiswa(1));
    expect(bandung.branch_balance).toBeGreaterThanOrEqual(165_000);

    const jakarta = await report('', s.jakarta);
    expect(jakarta.data.map((r) => r.student_id)).toContain(c.id);
    expect(jakarta.data.some((r) => r.student_id === a.id)).toBe(false);
    expect(jakarta.branch_balance).toBe(await titipanSiswa(2));
    await expectBooksTrue(s.ctx);
  });

  it('credit spent lowers the balance; a student at zero leaves the report', async () => {
    const [bill] = await s.ctx.database.db
      .select({ id: student_billings.id, student_id: student_billings.student_id })
      .from(student_billings)
      .where(and(inBranchOne, confirmedUnpaid, sql`${student_billings.bill_date} <= ${s.today}`))
      .orderBy(asc(student_billings.id))
      .limit(1);
    if (!bill) throw new Error('the demo data has no payable bill');
    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung))
      .body;
    await giveCredit(1, bill.student_id, detail.total_billing + 10_000);
    expect((await report()).data.find((r) => r.student_id === bill.student_id)?.balance).toBe(
      detail.total_billing + 10_000,
    );

    const spent = await call(
      'POST',
      '/api/student-credit-spend',
      s.bandung,
      { student_id: bill.student_id, student_billing_ids: [bill.id] },
      { [IDEMPOTENCY_KEY_HEADER]: newKey() },
    );
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    let after = await report();
    expect(after.data.find((r) => r.student_id === bill.student_id)?.balance).toBe(10_000);
    expect(after.branch_balance).toBe(await titipanSiswa(1));

    // Taken back to zero: the student is no longer listed.
    await giveCredit(1, bill.student_id, -10_000);
    after = await report();
    expect(after.data.some((r) => r.student_id === bill.student_id)).toBe(false);
    expect(after.branch_balance).toBe(await titipanSiswa(1));
    await expectBooksTrue(s.ctx);
  });

  it('narrows by department, year, level, class and name or NIS; pages with the filter total', async () => {
    const [a, b] = await placedStudents(1, 2);
    if (!a || !b) throw new Error('the demo data has no placed students');
    await giveCredit(1, a.id, 5_000);
    const all = await report();
    const balanceOf = (r: StudentCreditReport) => r.data.find((row) => row.student_id === a.id)?.balance;

    const inClass = await report(
      `department_id=${a.department_id}&year_of_study_id=${a.year_of_study_id}&level_id=${a.level_id}&class_id=${a.class_id}`,
    );
    expect(balanceOf(inClass)).toBe(balanceOf(all));
    expect(inClass.data.every((r) => r.class_name === a.class_name)).toBe(true);
    expect(inClass.total_balance).toBe(inClass.data.reduce((sum, r) => sum + r.balance, 0));
    expect(inClass.branch_balance).toBe(all.branch_balance);

    const [otherClass] = await s.ctx.database.db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.branch_id, 1), eq(classes.year_of_study_id, a.year_of_study_id)))
      .orderBy(sql`${classes.id} = ${a.class_id}`, asc(classes.id))
      .limit(1);
    const elsewhere = await report(`class_id=${otherClass?.id}`);
    expect(elsewhere.data.some((r) => r.student_id === a.id)).toBe(false);

    const byNis = await report(`q=${encodeURIComponent(a.nis ?? a.name)}`);
    expect(byNis.data.map((r) => r.student_id)).toEqual([a.id]);
    const none = await report('q=tidak-ada-siswa-seperti-ini');
    expect(none).toMatchObject({ data: [], total: 0, total_balance: 0 });
    expect(none.branch_balance).toBe(all.branch_balance);

    const first = await report('limit=1');
    expect(first).toMatchObject({ per_page: 1, total: all.total, total_balance: all.total_balance });
    expect(first.data).toHaveLength(1);
    // 'Semua' filters nothing.
    expect((await report('department_id=all&class_id=all')).total).toBe(all.total);
  });

  it('answers 4xx with a readable message for bad parameters and another branch’s ids', async () => {
    for (const query of ['department_id=x', 'class_id=-1', 'page=0', 'limit=500', `q=${'a'.repeat(101)}`]) {
      const res = await call<{ message: string }>('GET', `/api/student-credit/report?${query}`, s.bandung);
      expect(res.status, query).toBe(422);
      expect(res.body.message).toBeTruthy();
    }
    expect((await call('GET', '/api/student-credit/report', undefined)).status).toBe(401);
    const [c] = await placedStudents(2, 1);
    const foreign = await call('GET', `/api/student-credit/report-xlsx?class_id=${c?.class_id}`, s.bandung);
    expect(foreign.status).toBe(404);
  });
});

describe('GET /api/student-credit/report-xlsx', () => {
  it('holds every row of the filter and the total, the filter named on top', async () => {
    const [a] = await placedStudents(1, 1);
    if (!a) throw new Error('the demo data has no placed students');
    await giveCredit(1, a.id, 12_345);
    const expected = await report(`department_id=${a.department_id}`);
    const res = await call(
      'GET',
      `/api/student-credit/report-xlsx?department_id=${a.department_id}`,
      s.bandung,
    );
    expect(res.status, res.raw.toString().slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Saldo Titipan');
    if (!sheet) throw new Error('no sheet');
    const values: unknown[][] = [];
    sheet.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    expect(values.find((row) => row[0] === 'Departemen')?.[1]).not.toBe('Semua');
    const names = values.map((row) => row[1]);
    expect(names).toContain(a.name);
    const total = values.find((row) => row[1] === 'Total');
    expect(total?.[4]).toBe(expected.total_balance);
    expect(values.filter((row) => typeof row[4] === 'number')).toHaveLength(expected.total + 1);
  });
});

describe('GET /api/student-credit/report-movements', () => {
  const movements = async (query: string, token = s.bandung) => {
    const res = await call<StudentCreditMovementReport>(
      'GET',
      `/api/student-credit/report-movements?${query}`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it("lists the filter's movements in the range of days, newest first, with what came in and went out", async () => {
    const [, , a] = await placedStudents(1, 3);
    const [c] = await placedStudents(2, 1);
    if (!a || !c) throw new Error('the demo data has no placed students');
    await giveCredit(1, a.id, 30_000);
    await giveCredit(1, a.id, -8_000);
    await giveCredit(2, c.id, 1_000);
    const today = await movements(
      `q=${encodeURIComponent(a.nis ?? a.name)}&date_from=${s.today}&date_to=${s.today}`,
    );
    const mine = today.data.filter((row) => row.student_id === a.id);
    // Newest first (another test may have given the same student credit today, earlier).
    expect(mine.slice(0, 2).map((row) => row.amount)).toEqual([-8_000, 30_000]);
    expect(mine[0]).toMatchObject({
      nis: a.nis,
      name: a.name,
      class_name: a.class_name,
      source: 'bank_excess',
    });
    expect(today.total_in).toBe(today.data.filter((r) => r.amount > 0).reduce((sum, r) => sum + r.amount, 0));
    expect(today.total_out).toBe(
      today.data.filter((r) => r.amount < 0).reduce((sum, r) => sum + r.amount, 0),
    );
    expect(today.total).toBe(today.data.length);
    expect(today.data.some((row) => row.student_id === c.id)).toBe(false);

    // A range that ended before today holds none of them.
    const past = await movements(`q=${encodeURIComponent(a.nis ?? a.name)}&date_to=2000-01-31`);
    expect(past).toMatchObject({ data: [], total: 0, total_in: 0, total_out: 0 });
  });

  it('answers 422 for a day that is not one, or a range that ends before it starts', async () => {
    for (const query of [
      'date_from=2026-02-30',
      'date_to=kemarin',
      'date_from=2026-03-02&date_to=2026-03-01',
    ]) {
      const res = await call<{ message: string }>(
        'GET',
        `/api/student-credit/report-movements?${query}`,
        s.bandung,
      );
      expect(res.status, query).toBe(422);
      expect(res.body.message).toBeTruthy();
    }
  });
});
