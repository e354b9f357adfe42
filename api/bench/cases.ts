/**
 * The measured requests. A case names a request of the real app (run with `app.inject`, so routing,
 * validation, auth and serialisation are measured, not the network) and, optionally, the same work written
 * by hand in SQL as the baseline. `targets` picks what the runs work on from the scale seed (a write takes a
 * fresh target each run: a bill is paid once, a class-month charged once). To measure another call, add a
 * case to `CASES`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';

export interface BenchContext {
  app: FastifyInstance;
  /** Plain SQL on the same database, for the targets and the hand-written baselines. */
  sql: SqlClient;
  token: string;
  userId: number;
  branchId: number;
  today: string;
}

/** What a query answers, on node-postgres and PGlite alike. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Plain SQL for the bench: queries, and a transaction on one connection. */
export interface SqlClient extends Queryable {
  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
}

export interface BenchCase {
  name: string;
  /** Rows the runs use (run i gets row i % length, or row i when `fresh`). */
  targets(ctx: BenchContext, runs: number): Promise<Record<string, unknown>[]>;
  /** Each run needs its own target (writes). */
  fresh?: boolean;
  request(target: Record<string, unknown>, ctx: BenchContext): InjectOptions;
  /** Expected status. */
  status: number;
  /** The same work by hand in SQL, on its own targets (taken after the app's). */
  baseline?(target: Record<string, unknown>, ctx: BenchContext): Promise<void>;
}

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

const rows = async (ctx: BenchContext, text: string, values: unknown[] = []) =>
  (await ctx.sql.query(text, values)).rows as Record<string, unknown>[];

/** Bench class-months of the active branch that have bills (of a month up to today). */
const classMonths = (ctx: BenchContext, runs: number) =>
  rows(
    ctx,
    `SELECT DISTINCT ON (b.class_id) b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id, b.mm
     FROM student_billings b JOIN classes c ON c.id = b.class_id
     WHERE b.branch_id = $1 AND c.name LIKE 'Bench %' AND b.mm <= to_char($2::date, 'YYYY-MM')
     ORDER BY b.class_id, b.mm DESC LIMIT $3`,
    [ctx.branchId, ctx.today, runs],
  );

/** Confirmed, unpaid bench bills dated up to today, with their first item: what a cashier pays. */
const payableBills = (ctx: BenchContext, count: number, offset: number) =>
  rows(
    ctx,
    `SELECT b.id, i.id AS item_id, i.total_billing AS due
     FROM student_billings b
     JOIN LATERAL (SELECT id, total_billing FROM student_billing_items WHERE student_billing_id = b.id ORDER BY id LIMIT 1) i ON true
     WHERE b.branch_id = $1 AND b.bill_number LIKE 'BEN-%' AND b.form_status = 1 AND b.payment_status = 0
       AND b.bill_date <= $2::date
     ORDER BY b.id LIMIT $3 OFFSET $4`,
    [ctx.branchId, ctx.today, count, offset],
  );

/** Bench classes whose charging month has no bills yet (the year's last month). */
const unchargedClasses = (ctx: BenchContext, count: number, offset: number) =>
  rows(
    ctx,
    `SELECT fc.department_id, fc.year_of_study_id, fc.yos_periode_id, fc.level_id, fc.class_id, fc.mm
     FROM student_fee_components fc JOIN classes c ON c.id = fc.class_id
     WHERE fc.branch_id = $1 AND c.name LIKE 'Bench %'
       AND fc.mm = (SELECT max(mm) FROM student_fee_components x WHERE x.class_id = fc.class_id)
       AND NOT EXISTS (SELECT 1 FROM student_billings b WHERE b.class_id = fc.class_id AND b.mm = fc.mm)
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY fc.class_id LIMIT $2 OFFSET $3`,
    [ctx.branchId, count, offset],
  );

const auth = (ctx: BenchContext) => ({ authorization: `Bearer ${ctx.token}` });

/** Hand-written payment: lock the bill, pay the item, write payment and line, refresh item and bill totals. */
async function payByHand(target: Record<string, unknown>, ctx: BenchContext) {
  await ctx.sql.transaction(async (client) => {
    await client.query('SELECT id FROM student_billings WHERE id = $1 AND branch_id = $2 FOR UPDATE', [
      target.id,
      ctx.branchId,
    ]);
    const [item] = (
      await client.query(
        'SELECT id, student_fee_component_id, total_billing FROM student_billing_items WHERE id = $1',
        [target.item_id],
      )
    ).rows;
    if (!item) throw new Error(`item ${target.item_id} not found`);
    const payment = await client.query(
      `INSERT INTO student_billing_payments (client_id, branch_id, student_billing_id, student_id, payment_number,
         payment_date, amount, total_amount_payment_paid, ptype, payer_name, idempotency_key, total_billing_after, created_by)
       SELECT client_id, branch_id, id, student_id, 'HAND-' || id, $2::date, $3, $3, 1, 'Orang Tua', $4, total_billing - $3, $5
       FROM student_billings WHERE id = $1 RETURNING id`,
      [target.id, ctx.today, item.total_billing, randomUUID(), ctx.userId],
    );
    await client.query(
      `INSERT INTO student_billing_item_payments (client_id, branch_id, student_billing_payment_id, student_billing_item_id,
         student_fee_component_id, amount) SELECT client_id, branch_id, $1, id, student_fee_component_id, $2
       FROM student_billing_items WHERE id = $3`,
      [payment.rows[0]?.id, item.total_billing, item.id],
    );
    await client.query(
      `UPDATE student_billing_items SET total_payment = total_payment + $2, total_billing = total_billing - $2,
         payment_status = CASE WHEN total_billing - $2 = 0 THEN 1 ELSE 0 END WHERE id = $1`,
      [item.id, item.total_billing],
    );
    await client.query(
      `UPDATE student_billings b SET total_payment = s.p, total_billing = s.b, payment_status = CASE WHEN s.b = 0 THEN 1 ELSE 0 END
       FROM (SELECT sum(total_payment) p, sum(total_billing) b FROM student_billing_items WHERE student_billing_id = $1) s
       WHERE b.id = $1`,
      [target.id],
    );
  });
}

/** Hand-written charge of a class-month: lock the class, one bill per active student, one item per component. */
async function chargeByHand(target: Record<string, unknown>, ctx: BenchContext) {
  await ctx.sql.transaction(async (client) => {
    await client.query('SELECT id FROM classes WHERE id = $1 FOR UPDATE', [target.class_id]);
    await client.query(
      `INSERT INTO student_billings (client_id, branch_id, bill_number, student_id, department_id, year_of_study_id,
         yos_periode_id, level_id, class_id, mm, bill_date, type, form_status, total_amount, total_billing, created_by)
       SELECT s.client_id, s.branch_id, 'HAND-' || s.id || '-' || $2, s.id, $3, $4, $5, $6, $1, $2, ($2 || '-01')::date, 1, 0,
              t.total, t.total, $7
       FROM class_students cs JOIN students s ON s.id = cs.student_id
       CROSS JOIN (SELECT sum(price) total FROM student_fee_components WHERE class_id = $1 AND mm = $2) t
       WHERE cs.class_id = $1 AND s.study_status = 1`,
      [
        target.class_id,
        target.mm,
        target.department_id,
        target.year_of_study_id,
        target.yos_periode_id,
        target.level_id,
        ctx.userId,
      ],
    );
    await client.query(
      `INSERT INTO student_billing_items (client_id, branch_id, department_id, student_id, student_billing_id,
         student_fee_component_id, fee_type_id, ftype, price, qty, amount, total_amount, total_billing)
       SELECT b.client_id, b.branch_id, b.department_id, b.student_id, b.id, fc.id, fc.fee_type_id, fc.ftype, fc.price, 1,
              fc.price, fc.price, fc.price
       FROM student_billings b JOIN student_fee_components fc ON fc.class_id = b.class_id AND fc.mm = b.mm
       WHERE b.class_id = $1 AND b.mm = $2 AND b.type = 1`,
      [target.class_id, target.mm],
    );
  });
}

/** The department-years of the active branch that hold bench bills (the reports' widest filter). */
const departmentYears = (ctx: BenchContext) =>
  rows(
    ctx,
    `SELECT DISTINCT b.department_id, b.year_of_study_id FROM student_billings b
     WHERE b.branch_id = $1 AND b.bill_number LIKE 'BEN-%' ORDER BY 1, 2`,
    [ctx.branchId],
  );

export const CASES: BenchCase[] = [
  {
    name: 'billing list: class-month + resume',
    targets: classMonths,
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/student-billing?${query({ ...t, with_resume: 'true', page: 1, limit: 50 })}`,
      headers: auth(ctx),
    }),
  },
  {
    name: 'billing list: department + year + resume',
    targets: async (ctx, runs) => (await classMonths(ctx, runs)).map((t) => ({ ...t })),
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/student-billing?${query({
        department_id: t.department_id,
        year_of_study_id: t.year_of_study_id,
        with_resume: 'true',
        page: 1,
        limit: 50,
      })}`,
      headers: auth(ctx),
    }),
  },
  {
    name: 'bill detail',
    targets: (ctx, runs) => payableBills(ctx, runs, 0),
    status: 200,
    request: (t, ctx) => ({ method: 'GET', url: `/api/student-billing/${t.id}`, headers: auth(ctx) }),
  },
  {
    name: 'payment (POST pay, Idempotency-Key)',
    fresh: true,
    targets: (ctx, runs) => payableBills(ctx, runs * 2, 0),
    status: 201,
    request: (t, ctx) => ({
      method: 'POST',
      url: `/api/student-billing-pay/${t.id}`,
      headers: { ...auth(ctx), 'idempotency-key': randomUUID() },
      payload: { student_billing_items: [{ id: t.item_id, payment_amount: Number(t.due) }], ptype: 1 },
    }),
    baseline: payByHand,
  },
  {
    name: 'charge a class-month of 40',
    fresh: true,
    targets: (ctx, runs) => unchargedClasses(ctx, runs * 2, 0),
    status: 200,
    request: (t, ctx) => ({
      method: 'POST',
      url: '/api/student-billing-batch',
      headers: auth(ctx),
      payload: t,
    }),
    baseline: chargeByHand,
  },
  {
    name: 'payment history page',
    targets: (ctx, runs) =>
      rows(
        ctx,
        `SELECT DISTINCT ON (b.student_id) b.student_id, b.department_id FROM student_billings b
         WHERE b.branch_id = $1 AND b.bill_number LIKE 'BEN-%' AND b.payment_status = 1 ORDER BY b.student_id LIMIT $2`,
        [ctx.branchId, runs],
      ),
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/student-billing-payment?${query({ ...t, bill_date_before: ctx.today, page: 1 })}`,
      headers: auth(ctx),
    }),
  },
  {
    // Laporan Billing Siswa over a whole department-year (every bill and payment of it, no month range).
    name: 'report: department + year',
    targets: departmentYears,
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/report-student-billing?${query(t)}`,
      headers: auth(ctx),
    }),
  },
  {
    name: 'report: students in arrears, page 1',
    targets: departmentYears,
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/report-student-billing-students?${query({ ...t, page: 1, limit: 10 })}`,
      headers: auth(ctx),
    }),
  },
];
