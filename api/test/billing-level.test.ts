/**
 * Charging a whole level (`POST /api/student-billing-batch` with `class_id: 'all'`): every class of the level
 * in the month, all or nothing, with the per-class breakdown; twice creates nothing; a component added later
 * reaches the still-unconfirmed bills; bad input and another branch change nothing.
 */
import {
  FILTER_ALL,
  periodMonths,
  type StudentBillingBatchResponse,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES } from '../src/billing/charging/charge';
import {
  class_students,
  classes,
  fee_types,
  student_billings,
  student_fee_components,
  students,
  yos_periodes,
} from '../src/db/schema';
import { monthOf, todayIn } from '../src/lib/time';
import { apiSuite, expectLedgerConsistent, inBranchOne } from './billing-fixtures';

const s = apiSuite();
const { call, pick } = s;

type Level = Awaited<ReturnType<typeof freeLevelMonth>>;

/** A level of Bandung with its classes (at least two) and a month of the period none of them has components in. */
async function freeLevelMonth() {
  const db = s.ctx.database.db;
  const bill = await pick(
    inBranchOne,
    eq(student_billings.type, 1),
    eq(student_billings.mm, monthOf(todayIn())),
  );
  const [period] = await db.select().from(yos_periodes).where(eq(yos_periodes.id, bill.yos_periode_id));
  const levelClasses = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.level_id, bill.level_id), eq(classes.year_of_study_id, bill.year_of_study_id)))
    .orderBy(asc(classes.id));
  expect(levelClasses.length).toBeGreaterThanOrEqual(2);
  const used = await db
    .selectDistinct({ mm: student_fee_components.mm })
    .from(student_fee_components)
    .where(
      inArray(
        student_fee_components.class_id,
        levelClasses.map((c) => c.id),
      ),
    );
  const mm = periodMonths(period?.start_date ?? '', period?.end_date ?? '').find(
    (m) => !used.some((u) => u.mm === m),
  );
  if (!mm) throw new Error('no free month');
  const filter = {
    department_id: bill.department_id,
    year_of_study_id: bill.year_of_study_id,
    yos_periode_id: bill.yos_periode_id,
    level_id: bill.level_id,
    mm,
  };
  return { filter, classes: levelClasses };
}

async function activeCount(classId: number): Promise<number> {
  const [row] = await s.ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(class_students)
    .innerJoin(students, eq(students.id, class_students.student_id))
    .where(and(eq(class_students.class_id, classId), eq(students.study_status, 1)));
  return row?.n ?? 0;
}

async function addComponent(
  filter: Level['filter'],
  classId: number,
  fee: string,
  price: number,
): Promise<StudentFeeComponent> {
  const [type] = await s.ctx.database.db
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
}

const billCount = async (mm: string, classIds: number[]) => {
  const [row] = await s.ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(student_billings)
    .where(and(eq(student_billings.mm, mm), inArray(student_billings.class_id, classIds)));
  return row?.n ?? 0;
};

describe("POST /api/student-billing-batch with Kelas 'Semua' (the whole level)", () => {
  it('charges every class of the level, answers per class; twice creates nothing; a later component reaches unconfirmed bills', async () => {
    const level = await freeLevelMonth();
    const ids = level.classes.map((c) => c.id);
    const body = { ...level.filter, class_id: FILTER_ALL };
    const none = await call('POST', '/api/student-billing-batch', s.bandung, body);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(CHARGE_MESSAGES.noComponents);

    // Components in every class but the last: that one is reported with no components and not charged.
    const [last, ...rest] = [...level.classes].reverse();
    const charged = rest.reverse();
    for (const cls of charged) {
      await addComponent(level.filter, cls.id, 'SPP', 250_000);
      await addComponent(level.filter, cls.id, 'Kegiatan', 50_000);
    }
    const counts = new Map<number, number>();
    for (const cls of level.classes) counts.set(cls.id, await activeCount(cls.id));
    const expected = charged.reduce((n, c) => n + (counts.get(c.id) ?? 0), 0);
    expect(expected).toBeGreaterThan(0);

    const first = await call<StudentBillingBatchResponse>(
      'POST',
      '/api/student-billing-batch',
      s.bandung,
      body,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Berhasil Membebankan Komponen Pada Siswa',
      students: expected,
      created: expected,
      updated: 0,
      skipped: 0,
      items_added: expected * 2,
    });
    expect(first.body.classes.map((c) => c.class_id).sort()).toEqual([...ids].sort());
    for (const row of first.body.classes) {
      const name = level.classes.find((c) => c.id === row.class_id)?.name;
      expect(row.class_name).toBe(name);
      if (row.class_id === last?.id) {
        expect(row).toMatchObject({ components: 0, students: 0, created: 0, items_added: 0 });
      } else {
        const n = counts.get(row.class_id) ?? 0;
        expect(row).toMatchObject({
          components: 2,
          students: n,
          created: n,
          updated: 0,
          skipped: 0,
          items_added: 2 * n,
        });
      }
    }
    expect(await billCount(level.filter.mm, ids)).toBe(expected);
    const bills = await s.ctx.database.db
      .select()
      .from(student_billings)
      .where(and(eq(student_billings.mm, level.filter.mm), inArray(student_billings.class_id, ids)));
    expect(bills.every((b) => b.type === 1 && b.form_status === 0 && b.total_amount === 300_000)).toBe(true);
    expect(new Set(bills.map((b) => b.bill_number)).size).toBe(bills.length);

    // Twice: nothing new, everyone skipped.
    const again = await call<StudentBillingBatchResponse>(
      'POST',
      '/api/student-billing-batch',
      s.bandung,
      body,
    );
    expect(again.body).toMatchObject({ created: 0, updated: 0, skipped: expected, items_added: 0 });
    expect(await billCount(level.filter.mm, ids)).toBe(expected);

    // A component added later to one class reaches its still-unconfirmed bills; one bill confirmed first keeps out.
    const target = charged[0];
    if (!target) throw new Error('no class');
    const [confirmed] = bills.filter((b) => b.class_id === target.id);
    if (!confirmed) throw new Error('no bill');
    const ok = await call('POST', `/api/student-billing-xupdate/${confirmed.id}`, s.bandung, {
      field: 'form_status',
      value: 1,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5)); // created_at after the bills' (ms resolution)
    await addComponent(level.filter, target.id, 'Buku', 120_000);
    const later = await call<StudentBillingBatchResponse>(
      'POST',
      '/api/student-billing-batch',
      s.bandung,
      body,
    );
    const n = counts.get(target.id) ?? 0;
    expect(later.body).toMatchObject({
      created: 0,
      updated: n - 1,
      items_added: n - 1,
      skipped: expected - (n - 1),
    });
    expect(later.body.classes.find((c) => c.class_id === target.id)).toMatchObject({
      components: 3,
      updated: n - 1,
      skipped: 1,
    });
    for (const b of bills) await expectLedgerConsistent(s.ctx, b.id);
  });

  it('bad input is 422 and another branch 404, a teacher 403: nothing is charged', async () => {
    const level = await freeLevelMonth();
    const ids = level.classes.map((c) => c.id);
    for (const cls of level.classes) await addComponent(level.filter, cls.id, 'SPP', 100_000);
    for (const bad of [
      { ...level.filter, class_id: 'semua' },
      { ...level.filter, class_id: 0 },
      { ...level.filter },
      { ...level.filter, class_id: FILTER_ALL, mm: '2020-13' },
      { ...level.filter, class_id: FILTER_ALL, level_id: FILTER_ALL },
    ]) {
      const res = await call('POST', '/api/student-billing-batch', s.bandung, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.message).toBeTruthy();
    }
    const missing = await call('POST', '/api/student-billing-batch', s.bandung, { ...level.filter });
    expect(missing.body.message).toContain('filter Kelas is required');
    // A level of another department: 422 with the cascade's message.
    const [other] = await s.ctx.database.db
      .select({ id: classes.level_id })
      .from(classes)
      .where(and(eq(classes.branch_id, 1), sql`${classes.department_id} <> ${level.filter.department_id}`))
      .limit(1);
    const mismatch = await call('POST', '/api/student-billing-batch', s.bandung, {
      ...level.filter,
      level_id: other?.id,
      class_id: FILTER_ALL,
    });
    expect(mismatch.status).toBe(422);

    const body = { ...level.filter, class_id: FILTER_ALL };
    expect((await call('POST', '/api/student-billing-batch', s.jakarta, body)).status).toBe(404);
    expect((await call('POST', '/api/student-billing-batch', s.guru, body)).status).toBe(403);
    expect(await billCount(level.filter.mm, ids)).toBe(0);

    // The single-class answer has the same shape: one row in `classes`.
    const cls = level.classes[0];
    if (!cls) throw new Error('no class');
    const one = await call<StudentBillingBatchResponse>('POST', '/api/student-billing-batch', s.bandung, {
      ...level.filter,
      class_id: cls.id,
    });
    expect(one.status).toBe(200);
    expect(one.body.classes).toEqual([
      expect.objectContaining({
        class_id: cls.id,
        class_name: cls.name,
        components: 1,
        created: one.body.created,
      }),
    ]);
  });
});
