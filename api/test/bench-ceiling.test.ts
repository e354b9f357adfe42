// The load bench's ceiling means something only if its statements write what a product payment writes
// (api/bench/METHOD.md "The ceiling"): three payments, one each way, must change the same rows by the same amounts.
import { IDEMPOTENCY_KEY_HEADER } from '@keuangan/shared/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  barePayment,
  type CeilingPayment,
  productPayment,
  type SqlClient,
  withoutProductTriggers,
} from '../bench/load/ceiling-sql';
import { apiSuite, confirmedUnpaid, expectSumsMatchLedger, inBranchOne } from './billing-fixtures';

const s = apiSuite();
let raw: SqlClient;
let closeRaw = async () => {};

beforeAll(async () => {
  if (s.ctx.databaseUrl) {
    const client = new pg.Client({ connectionString: s.ctx.databaseUrl });
    await client.connect();
    raw = client;
    closeRaw = () => client.end();
  } else {
    raw = (s.ctx.database.db as unknown as { $client: SqlClient }).$client;
  }
});
afterAll(() => closeRaw());

type Row = Record<string, unknown>;
const one = async (text: string, params: unknown[]): Promise<Row> =>
  (await raw.query<Row>(text, params)).rows[0] ?? {};

/** What a payment on `billId` changes, read from the tables: sums and counters as numbers, the newest payment whole. */
async function snapshot(billId: number, date: string) {
  const bill = await one(`select b.*, b.due_date::text as due from student_billings b where b.id = $1`, [
    billId,
  ]);
  const numbers = {
    ...(await one(
      `select sum(total_payment)::int8 as items_paid, sum(total_billing)::int8 as items_due,
        string_agg(payment_status::text, ',' order by id) as items_status
       from student_billing_items where student_billing_id = $1`,
      [billId],
    )),
    bill_paid: bill.total_payment,
    bill_due: bill.total_billing,
    bill_status: bill.payment_status,
    ...(await one(
      `select total_payment as month_paid, total_billing as month_due, bill_count from student_billing_sums
       where branch_id = $1 and class_id = $2 and mm = $3 and form_status = $4 and due_date = $5`,
      [bill.branch_id, bill.class_id, bill.mm, bill.form_status, bill.due],
    )),
    ...(await one(
      `select coalesce(sum(payment_count), 0)::int8 as day_count, coalesce(sum(amount), 0)::int8 as day_amount
       from student_billing_payment_sums where branch_id = $1 and class_id = $2 and payment_date = $3 and ptype = 1`,
      [bill.branch_id, bill.class_id, date],
    )),
    ...(await one(
      `select last_value as counter from document_sequences where branch_id = $1 and kind = 'student_payment'
       and period = $2`,
      [bill.branch_id, date.slice(0, 7)],
    )),
    ...(await one(`select count(*)::int8 as audits from audit_logs where action = 'payment.create'`, [])),
  };
  const payment = await one(
    `select p.id, p.client_id, p.branch_id, p.student_billing_id, p.student_id, p.payment_number,
      p.payment_date::text, p.amount, p.total_amount_payment_paid, p.ptype, p.payer_name, p.payer_city, p.note,
      p.total_billing_after, p.print_count, p.created_by, p.cashier_name, p.voided_at,
      (select json_agg(json_build_object('item', l.student_billing_item_id, 'component', l.student_fee_component_id,
        'amount', l.amount, 'branch', l.branch_id)) from student_billing_item_payments l
        where l.student_billing_payment_id = p.id) as lines,
      (select json_build_object('user_id', a.user_id, 'user_name', a.user_name, 'entity', a.entity,
        'after', a.after, 'branch', a.branch_id) from audit_logs a
        where a.action = 'payment.create' and a.entity_id = p.id) as audit
     from student_billing_payments p where p.student_billing_id = $1 order by p.id desc limit 1`,
    [billId],
  );
  return { numbers: Object.fromEntries(Object.entries(numbers).map(([k, v]) => [k, String(v)])), payment };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The change from `before` to `after`: numbers as differences, the new payment without its id and number. */
function change(before: Snapshot, after: Snapshot) {
  const numbers = Object.fromEntries(
    Object.entries(after.numbers).map(([k, v]) => {
      const was = before.numbers[k] as string;
      return [k, /^-?\d+$/.test(v) && /^-?\d+$/.test(was) ? Number(v) - Number(was) : `${was} -> ${v}`];
    }),
  );
  const { id, payment_number, total_billing_after, ...payment } = after.payment;
  // Sisa Tagihan: what the bill owes after this payment.
  expect(String(total_billing_after)).toBe(after.numbers.bill_due);
  // Numbered as the counter says: the branch's next number of the month.
  expect(payment_number).toBe(
    `KWT-BDG-${String(after.payment.payment_date).slice(2, 4)}${String(after.payment.payment_date).slice(5, 7)}-` +
      after.numbers.counter?.padStart(5, '0'),
  );
  expect(id).not.toBe(before.payment.id);
  return { numbers, payment };
}

describe('the load bench ceiling', () => {
  it('writes the same rows as the product payment, with its statements and as bare writes', async () => {
    const bill = await s.pick(inBranchOne, confirmedUnpaid);
    const [item] = (
      await raw.query<{ id: number }>(
        'select id from student_billing_items where student_billing_id = $1 and removed_at is null order by id',
        [bill.id],
      )
    ).rows;
    const date = s.today;
    const target: Omit<CeilingPayment, 'key'> = {
      clientId: bill.client_id,
      branchId: bill.branch_id,
      userId: s.user.id,
      billId: bill.id,
      date,
    };

    const start = await snapshot(bill.id, date);
    const paid = await s.call(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      s.bandung,
      { student_billing_items: [{ id: Number(item?.id), payment_amount: 1 }], ptype: 1 },
      { [IDEMPOTENCY_KEY_HEADER]: `ceiling-product-${Date.now()}` },
    );
    expect(paid.status).toBe(201);
    const afterProduct = await snapshot(bill.id, date);
    await productPayment(raw, { ...target, key: `ceiling-sql-${Date.now()}` });
    const afterSql = await snapshot(bill.id, date);
    await withoutProductTriggers(raw, () =>
      barePayment(raw, { ...target, key: `ceiling-bare-${Date.now()}` }),
    );
    const afterBare = await snapshot(bill.id, date);

    const byProduct = change(start, afterProduct);
    // The first payment of a bill moves it from Belum Lunas to partly paid only in totals: status stays 0.
    expect(byProduct.numbers).toMatchObject({ items_paid: 1, items_due: -1, bill_paid: 1, bill_due: -1 });
    expect(byProduct.numbers).toMatchObject({ month_paid: 1, month_due: -1, day_count: 1, day_amount: 1 });
    expect(byProduct.numbers).toMatchObject({ counter: 1, audits: 1 });
    expect(change(afterProduct, afterSql)).toEqual(byProduct);
    expect(change(afterSql, afterBare)).toEqual(byProduct);
    await expectSumsMatchLedger(s.ctx);
  });
});
