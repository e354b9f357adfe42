/** What the fixed VA tests share (docs/online-payments.md, "Fixed VA"): students with bills, a VA, its callback. */
import type { FixedVa } from '@keuangan/shared/contract';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  fee_types,
  student_billing_payments,
  student_billings,
  student_credit_movements,
} from '../src/db/schema';
import { XENDIT_TOKEN } from '../src/gateway-simulator/simulator';
import { caller, classMaker, type Sessions } from './billing-fixtures';

export const CALLBACK = '/api/payment-gateway/xendit/fixed-va';

export const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
export const previousMonth = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);

export function fixedVaFixtures(s: () => Sessions) {
  const call = caller(() => s().ctx);
  /** One student with a confirmed bill in each of `months` (oldest first), each of the given item prices. */
  async function studentWithBills(months: string[], prices = [350_000, 150_000]) {
    const room = await classMaker(s())({ month: months[0] as string });
    const types = await s()
      .ctx.database.db.select({ id: fee_types.id })
      .from(fee_types)
      .where(eq(fee_types.branch_id, 1))
      .orderBy(asc(fee_types.id));
    for (const mm of months) {
      const filter = { ...room.place, mm };
      for (const [i, price] of prices.entries()) {
        const res = await call('POST', '/api/student-fee-component', s().bandung, {
          ...filter,
          fee_type_id: types[i % types.length]?.id,
          ftype: 1,
          name: `Biaya VA ${i + 1}`,
          price,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      expect((await call('POST', '/api/student-billing-batch', s().bandung, filter)).status).toBe(200);
      expect(
        (await call('POST', '/api/student-billing-update-form-status', s().bandung, filter)).status,
      ).toBe(200);
    }
    const studentId = room.students[0] as number;
    const bills = await s()
      .ctx.database.db.select()
      .from(student_billings)
      .where(eq(student_billings.student_id, studentId))
      .orderBy(asc(student_billings.bill_date), asc(student_billings.id));
    return { studentId, bills };
  }

  const openVa = (studentId: number, bank = 'bri') =>
    call<FixedVa>('POST', '/api/online-payments/fixed-va', s().bandung, { student_id: studentId, bank });

  const send = (body: string, token = XENDIT_TOKEN, webhookId?: string) =>
    s().ctx.app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: {
        'content-type': 'application/json',
        'x-callback-token': token,
        ...(webhookId ? { 'webhook-id': webhookId } : {}),
      },
      payload: body,
    });

  const paymentsOf = (studentId: number) =>
    s()
      .ctx.database.db.select()
      .from(student_billing_payments)
      .where(eq(student_billing_payments.student_id, studentId));
  const creditOf = (studentId: number) =>
    s()
      .ctx.database.db.select()
      .from(student_credit_movements)
      .where(eq(student_credit_movements.student_id, studentId));

  return { studentWithBills, openVa, send, paymentsOf, creditOf };
}
