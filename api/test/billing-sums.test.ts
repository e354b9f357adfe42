// The kept sums (docs/data.md#fees-and-student-bills, "Kept sums": migrations 0018 and 0022) equal a recomputation
// from the ledger after each kind of write; billing-payments.test.ts checks them on random sequences too.
import {
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  class_students,
  classes,
  fee_types,
  student_billing_students,
  student_billing_sums,
  student_billings,
  students,
} from '../src/db/schema';
import { apiSuite, confirmedUnpaid, expectSumsMatchLedger, inBranchOne } from './billing-fixtures';

const s = apiSuite();
const { call, newBill } = s;

const detailOf = async (id: number) =>
  (await call<StudentBillingDetail>('GET', `/api/student-billing/${id}`, s.bandung)).body;
let keys = 0;
const payFull = (bill: StudentBillingDetail) =>
  call(
    'POST',
    `/api/student-billing-pay/${bill.id}`,
    s.bandung,
    {
      student_billing_items: bill.student_billing_items
        .filter((i) => i.total_billing > 0)
        .map((i) => ({ id: i.id, payment_amount: i.total_billing })),
      ptype: 4,
    },
    { [IDEMPOTENCY_KEY_HEADER]: `sums-${++keys}-${Date.now()}` },
  );
const setStatus = (id: number, value: 0 | 1) =>
  call('POST', `/api/student-billing-xupdate/${id}`, s.bandung, { field: 'form_status', value });

describe('the kept sums of bills and payments', () => {
  it('match the ledger after the demo data, and the check fails on a sum one rupiah off', async () => {
    await expectSumsMatchLedger(s.ctx);
    const [row] = await s.ctx.database.db.select().from(student_billing_sums).limit(1);
    if (!row) throw new Error('no sums');
    const one = and(eq(student_billing_sums.class_id, row.class_id), eq(student_billing_sums.mm, row.mm));
    await s.ctx.database.db
      .update(student_billing_sums)
      .set({ total_billing: sql`${student_billing_sums.total_billing} + 1` })
      .where(one);
    await expect(expectSumsMatchLedger(s.ctx)).rejects.toThrow();
    await s.ctx.database.db
      .update(student_billing_sums)
      .set({ total_billing: sql`${student_billing_sums.total_billing} - 1` })
      .where(one);
    await expectSumsMatchLedger(s.ctx);
  });

  it('follow a payment, a partial one, and its void when the confirmation is withdrawn', async () => {
    const bill = await detailOf((await newBill()).id);
    expect((await payFull(bill)).status).toBe(201);
    await expectSumsMatchLedger(s.ctx);
    const other = await detailOf((await newBill()).id);
    const item = other.student_billing_items.find((i) => i.total_billing > 1);
    if (!item) throw new Error('no payable item');
    const part = await call('POST', `/api/student-billing-pay/${other.id}`, s.bandung, {
      student_billing_items: [{ id: item.id, payment_amount: 1_250 }],
      ptype: 1,
    });
    expect(part.status).toBe(201);
    await expectSumsMatchLedger(s.ctx);
    expect((await setStatus(bill.id, 0)).status).toBe(200); // voids the payment
    await expectSumsMatchLedger(s.ctx);
    expect((await setStatus(bill.id, 1)).status).toBe(200);
    await expectSumsMatchLedger(s.ctx);
  });

  it('follow charging, an item removed, an extra bill made and deleted', async () => {
    const bill = await detailOf((await newBill()).id);
    expect((await setStatus(bill.id, 0)).status).toBe(200);
    const [type] = await s.ctx.database.db
      .insert(fee_types)
      .values({ client_id: bill.client_id, branch_id: bill.branch_id, name: 'Biaya Uji Ringkasan' })
      .returning({ id: fee_types.id });
    const placement = {
      department_id: bill.department_id,
      year_of_study_id: bill.year_of_study_id,
      yos_periode_id: bill.yos_periode_id,
      level_id: bill.level_id,
      class_id: bill.class_id,
      mm: bill.mm,
    };
    const component = await call<StudentFeeComponent>('POST', '/api/student-fee-component', s.bandung, {
      ...placement,
      fee_type_id: type?.id,
      ftype: 1,
      name: 'Komponen Ringkasan',
      price: 45_000,
    });
    expect(component.status, JSON.stringify(component.body)).toBe(201);
    // Charging the class-month again brings the new component to its unconfirmed bills.
    const charged = await call<{ items_added: number }>(
      'POST',
      '/api/student-billing-batch',
      s.bandung,
      placement,
    );
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(charged.body.items_added).toBeGreaterThanOrEqual(1);
    await expectSumsMatchLedger(s.ctx);
    const withItem = await detailOf(bill.id);
    const extraItem = withItem.student_billing_items.find(
      (i) => i.student_fee_component_id === component.body.id,
    );
    expect((await call('DELETE', `/api/student-billing-item/${extraItem?.id}`, s.bandung)).status).toBe(200);
    await expectSumsMatchLedger(s.ctx);

    const extra = await call<{ ids: number[] }>('POST', '/api/student-billing-extra', s.bandung, {
      ...placement,
      bill_date: `${bill.mm}-02`,
      student_fee_components: [component.body.id],
      students: [bill.student_id],
    });
    expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    await expectSumsMatchLedger(s.ctx);
    expect((await call('DELETE', `/api/student-billing/${extra.body.ids[0]}`, s.bandung)).status).toBe(200);
    await expectSumsMatchLedger(s.ctx);
  });

  it("count each student's confirmed bills per class and period, whichever statement writes the bills", async () => {
    const { db } = s.ctx.database;
    // A kept row one bill off fails the check.
    const [row] = await db.select().from(student_billing_students).limit(1);
    if (!row) throw new Error('no kept students');
    const one = and(
      eq(student_billing_students.student_id, row.student_id),
      eq(student_billing_students.class_id, row.class_id),
      eq(student_billing_students.yos_periode_id, row.yos_periode_id),
    );
    const bump = (by: number) =>
      db
        .update(student_billing_students)
        .set({ bill_count: sql`${student_billing_students.bill_count} + ${by}` })
        .where(one);
    await bump(1);
    await expect(expectSumsMatchLedger(s.ctx)).rejects.toThrow();
    await bump(-1);
    await expectSumsMatchLedger(s.ctx);

    // A class-month's confirmed bills copied, in one statement, to a new class (new kept rows), and to the same
    // class (rows counted up); the whole class-month withdrawn and confirmed again in one statement each; the
    // copies deleted in one. The new class's rows go when its last confirmed bill does.
    const bill = await s.pick(inBranchOne, confirmedUnpaid);
    const [copy] = await db
      .insert(classes)
      .values({
        client_id: bill.client_id,
        branch_id: bill.branch_id,
        department_id: bill.department_id,
        level_id: bill.level_id,
        year_of_study_id: bill.year_of_study_id,
        name: 'Kelas Salinan Ringkasan',
      })
      .returning();
    const copyId = copy?.id as number;
    const classMonth = (classId: number) =>
      and(eq(student_billings.class_id, classId), eq(student_billings.mm, bill.mm));
    const keptOf = async (classId: number) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(student_billing_students)
          .where(eq(student_billing_students.class_id, classId))
      )[0]?.n;
    await db.execute(sql`INSERT INTO student_billings (client_id, branch_id, bill_number, student_id, department_id,
        year_of_study_id, yos_periode_id, level_id, class_id, mm, bill_date, due_date, type, form_status,
        total_amount, total_billing)
      SELECT client_id, branch_id, 'SUMS/' || c.class_id || '/' || id, student_id, department_id, year_of_study_id,
        yos_periode_id, level_id, c.class_id, mm, bill_date, due_date, 2, 1, 1000, 1000
      FROM student_billings CROSS JOIN (VALUES (${bill.class_id}::int), (${copyId}::int)) c (class_id)
      WHERE ${classMonth(bill.class_id)} AND form_status = 1`);
    await expectSumsMatchLedger(s.ctx);
    const students = await keptOf(copyId);
    expect(students).toBeGreaterThan(1);
    for (const value of [0, 1] as const) {
      const both = sql`${student_billings.class_id} in (${bill.class_id}, ${copyId}) and ${student_billings.mm} = ${bill.mm}`;
      await db.update(student_billings).set({ form_status: value }).where(both);
      await expectSumsMatchLedger(s.ctx);
      expect(await keptOf(copyId)).toBe(value === 0 ? 0 : students);
    }
    await db.delete(student_billings).where(sql`${student_billings.bill_number} LIKE 'SUMS/%'`);
    await expectSumsMatchLedger(s.ctx);
    expect(await keptOf(copyId)).toBe(0);
  });

  it("follow students' study status (the dashboard's active students), whichever statement changes it", async () => {
    const { db } = s.ctx.database;
    const { place } = await s.newClass({ students: 3 });
    const some = sql`${students.id} in (select ${class_students.student_id} from ${class_students} where ${class_students.class_id} = ${place.class_id})`;
    await db.update(students).set({ study_status: 2 }).where(some);
    await expectSumsMatchLedger(s.ctx);
    await db.update(students).set({ study_status: 1 }).where(some);
    await expectSumsMatchLedger(s.ctx);
  });
});
