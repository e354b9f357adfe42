/**
 * The kept sums of bills and payments (student_billing_sums, student_billing_payment_sums: migration 0018's
 * triggers, read by the dashboard, the list's resume and Laporan Billing Siswa) stay exactly equal to a
 * recomputation from the ledger after each kind of write: charging, a payment, a payment of several bills,
 * a void (withdrawing the confirmation), an item added and removed, a bill deleted; and the kept count of
 * students per branch and study status (student_counts). The random sequences of
 * billing-payments.test.ts check them too.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { class_students, fee_types, student_billing_sums, students } from '../src/db/schema';
import { apiSuite, expectSumsMatchLedger } from './billing-fixtures';

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
