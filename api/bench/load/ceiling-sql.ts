/**
 * The writes of one payment without the API, for the ceiling (api/bench/METHOD.md "The ceiling"): the product's
 * statements with its triggers, and the bare writes without them; test/bench-ceiling.test.ts checks both write
 * what the product's payment writes.
 */
import { randomBytes } from 'node:crypto';
import { billTotals, itemTotals } from '@keuangan/shared/contract';

/** A client both drivers are: pg's Client and PGlite. */
export interface SqlClient {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface CeilingPayment {
  clientId: number;
  branchId: number;
  userId: number;
  billId: number;
  /** The day it is paid on (the branch's today). */
  date: string;
  /** The Idempotency-Key the cashier would send. */
  key: string;
}

interface Bill {
  id: number;
  student_id: number;
  student_name: string | null;
  department_id: number;
  year_of_study_id: number;
  yos_periode_id: number;
  level_id: number;
  class_id: number;
  mm: string;
  form_status: number;
  due_date: string;
}
interface Item {
  id: number;
  student_fee_component_id: number;
  price: number;
  discount: number;
  bail: number;
  qty: number;
  total_payment: number;
}

const num = <T extends object>(row: T): T =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
  ) as T;

/** The items' and the bill's totals after Rp 1 on the first item (the contract's functions, as the engine). */
function totalsAfter(items: Item[]) {
  const computed = items.map((item, i) => ({
    id: item.id,
    ...itemTotals({ ...item, total_payment: item.total_payment + (i === 0 ? 1 : 0) }),
  }));
  return { item: computed[0] as (typeof computed)[number], bill: billTotals(computed) };
}

const ITEM_COLUMNS = `i.id, i.student_fee_component_id, i.price::int8, i.discount::int8, i.bail::int8, i.qty,
  i.total_payment::int8`;
const AUDIT_AFTER = (p: CeilingPayment) =>
  JSON.stringify({ bills: [p.billId], amount: 1, ptype: 1, payment_date: p.date });

/** The product's statements for one payment (engine.ts `recordPayment`, one bill, Rp 1 in cash). */
export async function productPayment(db: SqlClient, p: CeilingPayment): Promise<void> {
  await db.query('BEGIN');
  try {
    await db.query(
      `select pg_advisory_xact_lock(hashtextextended($1, 0)), set_config('statement_timeout', '5000', true),
        set_config('keuangan.wait_until', (clock_timestamp() + current_setting('lock_timeout')::interval)::text, true),
        set_config('plan_cache_mode', 'force_generic_plan', true)`,
      [`pay:student:${p.branchId}:${p.key}`],
    );
    const { rows: bills } = await db.query<Bill>(
      `select b.id, b.student_id, s.name as student_name, b.department_id, b.year_of_study_id, b.yos_periode_id,
        b.level_id, b.class_id, b.mm, b.form_status, b.due_date::text, (select json_build_object('id', p.id,
          'request_fingerprint', p.request_fingerprint) from student_billing_payments p
          where p.client_id = $1 and p.branch_id = $2 and p.idempotency_key = $3) as earlier
       from student_billings b left join students s on s.id = b.student_id
       where b.client_id = $1 and b.branch_id = $2 and b.id = $4 for update of b`,
      [p.clientId, p.branchId, p.key, p.billId],
    );
    const bill = bills[0];
    if (!bill) throw new Error(`no bill ${p.billId}`);
    const { rows } = await db.query<Item>(
      `select ${ITEM_COLUMNS}, c.name, (select coalesce(sum(l.amount), 0) from student_billing_item_payments l
          join student_billing_payments y on y.id = l.student_billing_payment_id
          where l.student_billing_item_id = i.id and y.voided_at is null) as paid,
        (select coalesce(json_agg(json_build_object('seq', n.seq, 'amount', n.amount, 'due_date', n.due_date)
          order by n.seq), '[]'::json) from bill_item_instalments n
          where n.student_billing_item_id = i.id and n.replaced_at is null) as instalments
       from student_billing_items i join student_fee_components c on c.id = i.student_fee_component_id
       where i.student_billing_id = $1 and i.removed_at is null order by i.id for update of i`,
      [p.billId],
    );
    const items = rows.map(num);
    const totals = totalsAfter(items);
    const first = items[0] as Item;
    const { rows: inserted } = await db.query<{ id: number }>(
      `with p as (insert into student_billing_payments (client_id, branch_id, student_billing_id, student_id,
          payment_number, payment_date, amount, total_amount_payment_paid, ptype, payer_name, note, idempotency_key,
          request_fingerprint, created_by, cashier_name, total_billing_after)
        values ($1, $2, $3, (select student_id from student_billings where id = $3), $4, $5, 1, 1, 1, $6, null, $7,
          $8, $9, null, $10) returning id),
       l as (insert into student_billing_item_payments (client_id, branch_id, student_billing_payment_id,
          student_billing_item_id, amount, student_fee_component_id)
        select $1, $2, p.id, v.c0, v.c1, v.c2 from p, unnest($11::integer[], $12::bigint[], $13::integer[]) as v(c0, c1, c2))
       select id from p`,
      [
        p.clientId,
        p.branchId,
        p.billId,
        `PENDING-${randomBytes(12).toString('hex')}`,
        p.date,
        bill.student_name ?? '',
        p.key,
        randomBytes(32).toString('hex'),
        p.userId,
        totals.bill.total_billing,
        [first.id],
        [1],
        [first.student_fee_component_id],
      ],
    );
    const paymentId = Number(inserted[0]?.id);
    const t = totals.item;
    const b = totals.bill;
    await db.query(
      `with w0 as (update student_billing_items as i set amount = v.amount, total_amount = v.total_amount,
          total_discount = v.total_discount, total_bail = v.total_bail, total_payment = v.total_payment,
          total_billing = v.total_billing, payment_status = v.payment_status, due_date = coalesce(v.due_date, i.due_date),
          updated_at = now()
        from (values ($1::integer, $2::bigint, $3::bigint, $4::bigint, $5::bigint, $6::bigint, $7::bigint,
          $8::smallint, null::date)) as v(id, amount, total_amount, total_discount, total_bail, total_payment,
          total_billing, payment_status, due_date) where i.id = v.id),
       w1 as (update student_billings set total_amount = $9, total_discount = $10, total_bail = $11,
          total_payment = $12, total_billing = $13, payment_status = $14, due_date = $15, updated_at = now()
        where id = $16),
       w2 as (insert into audit_logs (client_id, branch_id, user_id, user_name, action, entity, entity_id, before, after,
          reason) values ($17, $18, $19, (select name from users where id = $19), 'payment.create',
          'student_billing_payment', $20, null, $21, null))
       insert into document_numberings (client_id, branch_id, kind, period, prefix, target, ids)
       values ($17, $18, 'student_payment', $22, 'KWT', 'student_billing_payments', $23::integer[])`,
      [
        t.id,
        t.amount,
        t.total_amount,
        t.total_discount,
        t.total_bail,
        t.total_payment,
        t.total_billing,
        t.payment_status,
        b.total_amount,
        b.total_discount,
        b.total_bail,
        b.total_payment,
        b.total_billing,
        b.payment_status,
        bill.due_date,
        p.billId,
        p.clientId,
        p.branchId,
        p.userId,
        paymentId,
        AUDIT_AFTER(p),
        p.date.slice(0, 7),
        [paymentId],
      ],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/** The same rows written directly, the kept sums and the number by these statements (triggers off). */
export async function barePayment(db: SqlClient, p: CeilingPayment): Promise<void> {
  await db.query('BEGIN');
  try {
    const { rows: bills } = await db.query<Bill>(
      `select b.id, b.student_id, s.name as student_name, b.department_id, b.year_of_study_id, b.yos_periode_id,
        b.level_id, b.class_id, b.mm, b.form_status, b.due_date::text
       from student_billings b left join students s on s.id = b.student_id where b.id = $1 for update of b`,
      [p.billId],
    );
    const bill = bills[0] as Bill;
    const { rows } = await db.query<Item>(
      `select ${ITEM_COLUMNS} from student_billing_items i
       where i.student_billing_id = $1 and i.removed_at is null order by i.id for update`,
      [p.billId],
    );
    const items = rows.map(num);
    const totals = totalsAfter(items);
    const t = totals.item;
    const b = totals.bill;
    // One statement for the writes: what the bare database does per payment, without round trips between.
    await db.query(
      `with i as (update student_billing_items set amount = $3, total_payment = $4, total_billing = $5,
          payment_status = $6, updated_at = now() where id = $2),
       b as (update student_billings set total_payment = $7, total_billing = $8, payment_status = $9,
          updated_at = now() where id = $1),
       s as (update student_billing_sums set total_payment = total_payment + 1, total_billing = total_billing - 1
          where client_id = $10 and branch_id = $11 and department_id = $12 and year_of_study_id = $13
            and yos_periode_id = $14 and level_id = $15 and class_id = $16 and mm = $17 and form_status = $18
            and due_date = $19),
       d as (insert into student_billing_payment_sums as d (client_id, branch_id, department_id, year_of_study_id,
          yos_periode_id, level_id, class_id, payment_date, ptype, payment_count, amount)
        values ($10, $11, $12, $13, $14, $15, $16, $20, 1, 1, 1)
        on conflict on constraint student_billing_payment_sums_pk do update
          set payment_count = d.payment_count + 1, amount = d.amount + 1),
       n as (insert into document_sequences as q (client_id, branch_id, kind, period, last_value)
        values ($10, $11, 'student_payment', $23, 1)
        on conflict (branch_id, kind, period) do update set last_value = q.last_value + 1
        returning last_value, (select code from branches where id = $11) as code),
       p as (insert into student_billing_payments (client_id, branch_id, student_billing_id, student_id,
          payment_number, payment_date, amount, total_amount_payment_paid, ptype, payer_name, idempotency_key,
          request_fingerprint, created_by, total_billing_after)
        select $10, $11, $1, $24, 'KWT-' || n.code || '-' || $25 || '-' || lpad(n.last_value::text,
          greatest(5, length(n.last_value::text)), '0'), $20, 1, 1, 1, $26, $27, $28, $21, $8 from n returning id),
       a as (insert into audit_logs (client_id, branch_id, user_id, user_name, action, entity, entity_id, after)
        select $10, $11, $21, (select name from users where id = $21), 'payment.create', 'student_billing_payment',
          p.id, $22 from p)
       insert into student_billing_item_payments (client_id, branch_id, student_billing_payment_id,
          student_billing_item_id, amount, student_fee_component_id)
       select $10, $11, p.id, $2, 1, $29 from p`,
      [
        p.billId,
        t.id,
        t.amount,
        t.total_payment,
        t.total_billing,
        t.payment_status,
        b.total_payment,
        b.total_billing,
        b.payment_status,
        p.clientId,
        p.branchId,
        bill.department_id,
        bill.year_of_study_id,
        bill.yos_periode_id,
        bill.level_id,
        bill.class_id,
        bill.mm,
        bill.form_status,
        bill.due_date,
        p.date,
        p.userId,
        AUDIT_AFTER(p),
        p.date.slice(0, 7),
        bill.student_id,
        `${p.date.slice(2, 4)}${p.date.slice(5, 7)}`,
        bill.student_name ?? '',
        p.key,
        randomBytes(32).toString('hex'),
        (items[0] as Item).student_fee_component_id,
      ],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/** The tables whose triggers the product adds (kept sums, numbering): off for the bare writes. */
const TRIGGERED = ['student_billings', 'student_billing_payments', 'student_billing_items'];

/** Runs `fn` with the product's own triggers off (foreign keys still checked), then turns them on again. */
export async function withoutProductTriggers<T>(db: SqlClient, fn: () => Promise<T>): Promise<T> {
  for (const table of TRIGGERED) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  try {
    return await fn();
  } finally {
    for (const table of TRIGGERED) await db.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  }
}
