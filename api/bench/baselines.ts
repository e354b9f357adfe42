/**
 * The baselines: each case's work hand-written in SQL on the bench's own pool, the fewest round trips we know for
 * the same work, so the app's factor is its whole overhead (api/bench/METHOD.md "The API bench", Baselines).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { BenchContext, Queryable } from './context';

type Target = Record<string, unknown>;

/**
 * Runs a statement parsed and planned each time. With BENCH_PREPARED=1 every statement is prepared once per
 * connection instead (named by a hash of its text), as the app prepares its hot statements (src/db/prepared.ts).
 */
async function run(q: Queryable, text: string, values: unknown[] = []) {
  if (process.env.BENCH_PREPARED !== '1') return (await q.query(text, values)).rows;
  const name = `hand-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return (await (q as unknown as Prepared).query({ name, text, values })).rows;
}

/** pg's query config form. */
interface Prepared {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The first row of a statement (see `run`); an error when there is none. */
async function first(q: Queryable, text: string, values: unknown[]) {
  const [row] = await run(q, text, values);
  if (!row) throw new Error(`no row: ${text.slice(0, 60)}`);
  return row;
}

/**
 * The names of a bill `b` (department, year, period, level, class) as subqueries, which PostgreSQL plans apart:
 * joined, planning their order costs more than running the statement (queries.ts `pointed`).
 */
const NAMES_OF_B = `
  (SELECT name FROM departments WHERE id = b.department_id) AS department_name,
  (SELECT name FROM years_of_study WHERE id = b.year_of_study_id) AS year_name,
  (SELECT start_date FROM yos_periodes WHERE id = b.yos_periode_id) AS start_date,
  (SELECT end_date FROM yos_periodes WHERE id = b.yos_periode_id) AS end_date,
  (SELECT name FROM periodes WHERE id = (SELECT periode_id FROM yos_periodes WHERE id = b.yos_periode_id)) AS periode_name,
  (SELECT name FROM levels WHERE id = b.level_id) AS level_name,
  (SELECT name FROM classes WHERE id = b.class_id) AS class_name`;

/**
 * When a component (table or alias `c`) falls due: its fixed date, or its due day of its month, a day past the
 * month's end its last day (docs/money.md "Due dates and arrears").
 */
const componentDue = (c: string) => `coalesce(${c}.due_date, (${c}.mm || '-01')::date + (least(${c}.due_day,
  extract(day from (${c}.mm || '-01')::date + interval '1 month' - interval '1 day')::int) - 1))`;

/** A bill with every name the screens show (student, department, year, period, level, class). */
const BILL_WITH_NAMES = `
  SELECT b.*, s.name AS student_name, s.nis, ${NAMES_OF_B},
         (SELECT count(*) FROM student_billings u WHERE u.student_id = b.student_id AND u.department_id = b.department_id
            AND u.form_status = 1 AND u.payment_status = 0 AND u.bill_date <= $1::date) AS unsettled_bill_count
  FROM student_billings b
  JOIN students s ON s.id = b.student_id`;

/** A payment's lines as JSON (component, fee type, the item's totals), for a payment `p`. */
const LINES_OF_P = `
  (SELECT json_agg(json_build_object('id', l.id, 'amount', l.amount, 'item_id', i.id,
          'component', fc.name, 'fee_type', ft.name, 'item_total_amount', i.total_amount,
          'item_total_billing', i.total_billing, 'item_payment_status', i.payment_status) ORDER BY l.id)
   FROM student_billing_item_payments l
   JOIN student_billing_items i ON i.id = l.student_billing_item_id
   JOIN student_fee_components fc ON fc.id = l.student_fee_component_id
   JOIN fee_types ft ON ft.id = fc.fee_type_id
   WHERE l.student_billing_payment_id = p.id) AS lines`;

/** Payments with their lines and who recorded them. */
const PAYMENTS_WITH_LINES = `
  SELECT p.*, u.name AS created_by_name, b.bill_number, b.bill_date, b.mm, b.type, ${LINES_OF_P}
  FROM student_billing_payments p
  JOIN student_billings b ON b.id = p.student_billing_id
  LEFT JOIN users u ON u.id = p.created_by`;

/** The list's filter (department and year, and the class-month when the target has one), its first parameter $n. */
function listFilter(t: Target, ctx: BenchContext, n: number) {
  const values: unknown[] = [ctx.branchId, t.department_id, t.year_of_study_id];
  const columns = ['branch_id', 'department_id', 'year_of_study_id'];
  for (const column of ['yos_periode_id', 'level_id', 'class_id', 'mm']) {
    if (t[column] === undefined) continue;
    values.push(t[column]);
    columns.push(column);
  }
  return { where: columns.map((c, i) => `b.${c} = $${n + i}`).join(' AND '), values };
}

/** A billing list page of 50 with its names, then the count and the five totals of the whole filter. */
export async function listByHand(t: Target, ctx: BenchContext) {
  const page = listFilter(t, ctx, 2);
  await run(ctx.sql, `${BILL_WITH_NAMES} WHERE ${page.where} ORDER BY b.id LIMIT 50`, [
    ctx.today,
    ...page.values,
  ]);
  const all = listFilter(t, ctx, 1);
  await run(
    ctx.sql,
    `SELECT count(*) AS total, sum(total_amount), sum(total_discount), sum(total_bail), sum(total_payment),
            sum(total_billing), count(*) FILTER (WHERE form_status = 0) AS unconfirmed
     FROM student_billings b WHERE ${all.where}`,
    all.values,
  );
}

/** One bill with its names, its items (component, fee type, whether paid) and its payments with their lines. */
export async function detailByHand(t: Target, ctx: BenchContext) {
  await first(ctx.sql, `${BILL_WITH_NAMES} WHERE b.id = $2 AND b.branch_id = $3`, [
    ctx.today,
    t.id,
    ctx.branchId,
  ]);
  await run(
    ctx.sql,
    `SELECT i.*, fc.name AS component_name, fc.mm AS component_mm, ft.name AS fee_type_name,
            EXISTS (SELECT 1 FROM student_billing_item_payments l WHERE l.student_billing_item_id = i.id) AS has_payments
     FROM student_billing_items i
     JOIN student_fee_components fc ON fc.id = i.student_fee_component_id
     JOIN fee_types ft ON ft.id = i.fee_type_id
     WHERE i.student_billing_id = $1 ORDER BY i.id`,
    [t.id],
  );
  await run(ctx.sql, `${PAYMENTS_WITH_LINES} WHERE p.student_billing_id = $1 ORDER BY p.id`, [t.id]);
}

/** The payment history's header (student, batch, department), then a page of payments with lines and the count. */
export async function historyByHand(t: Target, ctx: BenchContext) {
  await first(
    ctx.sql,
    `SELECT s.id, s.name, s.nis, ba.name AS batch_name, d.id AS department_id, d.name AS department_name
     FROM students s LEFT JOIN batches ba ON ba.id = s.batch_id JOIN departments d ON d.id = $2
     WHERE s.id = $1 AND s.branch_id = $3 AND d.branch_id = $3`,
    [t.student_id, t.department_id, ctx.branchId],
  );
  await run(
    ctx.sql,
    `SELECT *, count(*) OVER () AS total FROM (${PAYMENTS_WITH_LINES}
       WHERE p.student_id = $1 AND b.department_id = $2 AND p.branch_id = $3 AND b.bill_date <= $4::date) page
     ORDER BY id LIMIT 5`,
    [t.student_id, t.department_id, ctx.branchId, ctx.today],
  );
}

/** The next number of a branch's counter, bumped by `count`, with the branch's code (one statement). */
async function bumpCounter(q: Queryable, ctx: BenchContext, kind: string, period: string, count: string) {
  return first(
    q,
    `INSERT INTO document_sequences (client_id, branch_id, kind, period, last_value)
     SELECT client_id, id, $2, $3, ${count} FROM branches WHERE id = $1
     ON CONFLICT (branch_id, kind, period) DO UPDATE SET last_value = document_sequences.last_value + EXCLUDED.last_value
     RETURNING last_value, (SELECT code FROM branches WHERE id = $1) AS code`,
    [ctx.branchId, kind, period],
  );
}

const yymm = (period: string) => `${period.slice(2, 4)}${period.slice(5, 7)}`;

/** A payment of the target's first item in full, with everything the app's payment does (see the top). */
export async function payByHand(t: Target, ctx: BenchContext) {
  const key = randomUUID();
  const amount = Number(t.due);
  const paymentId = await ctx.sql.transaction(async (q) => {
    await run(q, 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `pay:hand:${ctx.branchId}:${key}`,
    ]);
    const bill = await first(
      q,
      `SELECT b.form_status, b.payment_status, b.bill_date, s.name AS student_name,
              (SELECT id FROM student_billing_payments p WHERE p.branch_id = b.branch_id AND p.idempotency_key = $2) AS earlier
       FROM student_billings b JOIN students s ON s.id = b.student_id
       WHERE b.id = $1 AND b.branch_id = $3 FOR UPDATE OF b`,
      [t.id, key, ctx.branchId],
    );
    if (bill.earlier !== null) return bill.earlier as number;
    if (bill.form_status !== 1 || bill.payment_status !== 0) throw new Error('bill cannot be paid');
    const items = await run(
      q,
      'SELECT id, student_fee_component_id, total_billing FROM student_billing_items WHERE student_billing_id = $1 ORDER BY id FOR UPDATE',
      [t.id],
    );
    const item = items.find((i) => i.id === t.item_id);
    if (!item || Number(item.total_billing) < amount) throw new Error('beyond what is due');
    const period = ctx.today.slice(0, 7);
    const counter = await bumpCounter(q, ctx, 'student_payment', period, '1');
    const number = `KWT-${counter.code}-${yymm(period)}-${String(counter.last_value).padStart(5, '0')}`;
    const paid = await first(
      q,
      `WITH p AS (
         INSERT INTO student_billing_payments (client_id, branch_id, student_billing_id, student_id, payment_number,
           payment_date, amount, total_amount_payment_paid, ptype, payer_name, idempotency_key, total_billing_after, created_by)
         SELECT client_id, branch_id, id, student_id, $2, $3::date, $4, $4, 1, $5, $6, total_billing - $4, $7
         FROM student_billings WHERE id = $1 RETURNING id, client_id, branch_id)
       INSERT INTO student_billing_item_payments (client_id, branch_id, student_billing_payment_id, student_billing_item_id,
         student_fee_component_id, amount)
       SELECT client_id, branch_id, id, $8, $9, $4 FROM p RETURNING student_billing_payment_id AS id`,
      [
        t.id,
        number,
        ctx.today,
        amount,
        bill.student_name,
        key,
        ctx.userId,
        item.id,
        item.student_fee_component_id,
      ],
    );
    await run(
      q,
      `WITH i AS (
         UPDATE student_billing_items SET total_payment = total_payment + $2, total_billing = total_billing - $2,
           payment_status = CASE WHEN total_billing - $2 = 0 THEN 1 ELSE 0 END, updated_at = now()
         WHERE id = $1 RETURNING student_billing_id)
       UPDATE student_billings SET total_payment = total_payment + $2, total_billing = total_billing - $2,
         payment_status = CASE WHEN total_billing - $2 = 0 THEN 1 ELSE 0 END, updated_at = now()
       WHERE id = (SELECT student_billing_id FROM i)`,
      [item.id, amount],
    );
    return paid.id as number;
  });
  await receiptByHand({ id: paymentId }, ctx);
}

/** A class-month charged, with everything the app's charge does (see the top). */
export async function chargeByHand(t: Target, ctx: BenchContext) {
  await ctx.sql.transaction(async (q) => {
    // The placement: the six ids of the branch, agreeing with one another, the month within the period.
    await first(
      q,
      `SELECT 1 FROM departments d
       JOIN years_of_study y ON y.id = $3 AND y.department_id = d.id AND y.branch_id = d.branch_id
       JOIN yos_periodes yp ON yp.id = $4 AND yp.year_of_study_id = y.id
       JOIN levels l ON l.id = $5 AND l.department_id = d.id
       JOIN classes c ON c.id = $6 AND c.level_id = l.id AND c.year_of_study_id = y.id
       WHERE d.id = $2 AND d.branch_id = $1
         AND ($7 || '-01')::date BETWEEN date_trunc('month', yp.start_date) AND yp.end_date`,
      [ctx.branchId, t.department_id, t.year_of_study_id, t.yos_periode_id, t.level_id, t.class_id, t.mm],
    );
    await run(q, 'SELECT id FROM classes WHERE id = $1 FOR UPDATE', [t.class_id]);
    // The class's active students without a main bill that month: numbered from the counter, in id order.
    const unbilled = `FROM class_students cs JOIN students s ON s.id = cs.student_id
      WHERE cs.class_id = $1 AND s.study_status = 1
        AND NOT EXISTS (SELECT 1 FROM student_billings x WHERE x.student_id = s.id AND x.mm = $2 AND x.type = 1)`;
    const counter = await first(
      q,
      `WITH c AS (SELECT count(*) AS n ${unbilled})
       INSERT INTO document_sequences (client_id, branch_id, kind, period, last_value)
       SELECT client_id, id, 'student_billing', $2, (SELECT n FROM c) FROM branches WHERE id = $3
       ON CONFLICT (branch_id, kind, period) DO UPDATE SET last_value = document_sequences.last_value + EXCLUDED.last_value
       RETURNING last_value, (SELECT n FROM c) AS added, (SELECT code FROM branches WHERE id = $3) AS code`,
      [t.class_id, t.mm, ctx.branchId],
    );
    const firstNumber = Number(counter.last_value) - Number(counter.added) + 1;
    await run(
      q,
      `INSERT INTO student_billings (client_id, branch_id, bill_number, student_id, department_id, year_of_study_id,
         yos_periode_id, level_id, class_id, mm, bill_date, due_date, type, form_status, total_amount, total_billing,
         created_by)
       SELECT s.client_id, s.branch_id,
              'INV-' || $8 || '-' || $9 || '-' || lpad(($10 + row_number() OVER (ORDER BY s.id) - 1)::text, 5, '0'),
              s.id, $3, $4, $5, $6, $1, $2, ($2 || '-01')::date, t.due, 1, 0, t.total, t.total, $7
       FROM (SELECT sum(price) AS total, min(${componentDue('student_fee_components')}) AS due
             FROM student_fee_components WHERE class_id = $1 AND mm = $2) t,
         LATERAL (SELECT s.* ${unbilled}) s`,
      [
        t.class_id,
        t.mm,
        t.department_id,
        t.year_of_study_id,
        t.yos_periode_id,
        t.level_id,
        ctx.userId,
        counter.code,
        yymm(String(t.mm)),
        firstNumber,
      ],
    );
    await run(
      q,
      `INSERT INTO student_billing_items (client_id, branch_id, department_id, student_id, student_billing_id,
         student_fee_component_id, fee_type_id, ftype, price, qty, due_date, amount, total_amount, total_billing)
       SELECT b.client_id, b.branch_id, b.department_id, b.student_id, b.id, fc.id, fc.fee_type_id, fc.ftype, fc.price, 1,
              greatest(${componentDue('fc')}, b.bill_date),
              fc.price, fc.price, fc.price
       FROM student_billings b JOIN student_fee_components fc ON fc.class_id = b.class_id AND fc.mm = b.mm
       WHERE b.class_id = $1 AND b.mm = $2 AND b.type = 1
         AND NOT EXISTS (SELECT 1 FROM student_billing_items i WHERE i.student_billing_id = b.id AND i.student_fee_component_id = fc.id)`,
      [t.class_id, t.mm],
    );
  });
}

/** The receipt: the payment, its lines, the bill's names and the branch in one statement. */
export async function receiptByHand(t: Target, ctx: BenchContext) {
  await first(
    ctx.sql,
    `SELECT p.*, u.name AS created_by_name, b.bill_number, b.bill_date, b.mm, b.type, b.form_status,
            b.payment_status AS bill_payment_status, b.total_billing AS bill_total_billing, s.name AS student_name,
            s.nis, ${NAMES_OF_B}, br.name AS branch_name, br.address, br.phone, br.website, br.city, ${LINES_OF_P}
     FROM student_billing_payments p
     JOIN student_billings b ON b.id = p.student_billing_id
     JOIN students s ON s.id = b.student_id
     JOIN branches br ON br.id = p.branch_id
     LEFT JOIN users u ON u.id = p.created_by
     WHERE p.id = $1 AND p.branch_id = $2`,
    [t.id, ctx.branchId],
  );
}

/** A receipt's print counted: one update of the payment in the branch, answering the count. */
export async function printByHand(t: Target, ctx: BenchContext) {
  await first(
    ctx.sql,
    `UPDATE student_billing_payments SET print_count = print_count + 1, first_printed_at = coalesce(first_printed_at, now())
     WHERE id = $1 AND branch_id = $2 RETURNING print_count`,
    [t.id, ctx.branchId],
  );
}

/**
 * A receipt's payer name and city saved (not on a voided payment), answering them with the defaults for an
 * empty one (the student's name, the branch's city): one statement.
 */
export async function payerByHand(t: Target, ctx: BenchContext) {
  await first(
    ctx.sql,
    `UPDATE student_billing_payments p SET payer_name = $3, payer_city = $4, updated_at = now()
     WHERE p.id = $1 AND p.branch_id = $2 AND p.voided_at IS NULL
     RETURNING coalesce(p.payer_name, (SELECT name FROM students WHERE id = p.student_id)) AS payer_name,
               coalesce(p.payer_city, (SELECT city FROM branches WHERE id = p.branch_id), '') AS payer_city`,
    [t.id, ctx.branchId, t.payer_name, t.payer_city],
  );
}

/** The dashboard's four figures for the branch: active students, this month's bills and payments (one statement). */
export async function dashboardByHand(_t: Target, ctx: BenchContext) {
  await first(
    ctx.sql,
    `WITH m AS (SELECT to_char($2::date, 'YYYY-MM') AS mm, date_trunc('month', $2::date)::date AS first,
                       (date_trunc('month', $2::date) + interval '1 month - 1 day')::date AS last)
     SELECT (SELECT count(*) FROM students WHERE branch_id = $1 AND study_status = 1) AS active_student_total,
            b.amount, b.billing,
            (SELECT coalesce(sum(amount), 0) FROM student_billing_payments, m
              WHERE branch_id = $1 AND payment_date BETWEEN m.first AND m.last AND voided_at IS NULL) AS payment
     FROM m, LATERAL (SELECT coalesce(sum(total_amount), 0) AS amount, coalesce(sum(total_billing), 0) AS billing
                      FROM student_billings WHERE branch_id = $1 AND mm = m.mm) b`,
    [ctx.branchId, ctx.today],
  );
}
