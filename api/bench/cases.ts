/**
 * The measured requests, each through the real app (`app.inject`) beside its SQL baseline (baselines.ts); a write
 * takes a fresh target each run. To measure another call, add a case to `CASES`.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import {
  chargeByHand,
  dashboardByHand,
  detailByHand,
  historyByHand,
  listByHand,
  payByHand,
  payerByHand,
  printByHand,
  receiptByHand,
} from './baselines';
import type { BenchContext } from './context';

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

/**
 * The bill `b` is of its department's current year of study (the year holding the date of parameter `$n`,
 * today): what the cases measure, also when years of history lie behind it (BENCH_GROWTH=years).
 */
const currentYear = (n: number) =>
  `b.year_of_study_id IN (SELECT id FROM years_of_study WHERE $${n}::date BETWEEN start_date AND end_date)`;

/** Bench class-months of the active branch that have bills (of a month up to today). */
const classMonths = (ctx: BenchContext, runs: number) =>
  rows(
    ctx,
    `SELECT DISTINCT ON (b.class_id) b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id, b.mm
     FROM student_billings b JOIN classes c ON c.id = b.class_id
     WHERE b.branch_id = $1 AND c.name LIKE 'Bench %' AND b.mm <= to_char($2::date, 'YYYY-MM') AND ${currentYear(2)}
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
       AND b.bill_date <= $2::date AND ${currentYear(2)}
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

/** The current department-years of the active branch that hold bench bills (the reports' widest filter). */
const departmentYears = (ctx: BenchContext) =>
  rows(
    ctx,
    `SELECT DISTINCT b.department_id, b.year_of_study_id FROM student_billings b
     WHERE b.branch_id = $1 AND b.bill_number LIKE 'BEN-%' AND ${currentYear(2)} ORDER BY 1, 2`,
    [ctx.branchId, ctx.today],
  );

/** Standing bench payments of the active branch (of the current year's months before this one): what a receipt shows. */
const payments = (ctx: BenchContext, runs: number) =>
  rows(
    ctx,
    `SELECT p.id FROM student_billing_payments p JOIN student_billings b ON b.id = p.student_billing_id
     WHERE p.branch_id = $1 AND p.payment_number LIKE 'BEN-P-%' AND p.voided_at IS NULL AND ${currentYear(3)}
     ORDER BY p.id LIMIT $2`,
    [ctx.branchId, runs, ctx.today],
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
    baseline: listByHand,
  },
  {
    name: 'billing list: department + year + resume',
    targets: async (ctx, runs) =>
      (await classMonths(ctx, runs)).map((t) => ({
        department_id: t.department_id,
        year_of_study_id: t.year_of_study_id,
      })),
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/student-billing?${query({ ...t, with_resume: 'true', page: 1, limit: 50 })}`,
      headers: auth(ctx),
    }),
    baseline: listByHand,
  },
  {
    name: 'bill detail',
    targets: (ctx, runs) => payableBills(ctx, runs, 0),
    status: 200,
    request: (t, ctx) => ({ method: 'GET', url: `/api/student-billing/${t.id}`, headers: auth(ctx) }),
    baseline: detailByHand,
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
         WHERE b.branch_id = $1 AND b.bill_number LIKE 'BEN-%' AND b.payment_status = 1 AND ${currentYear(3)}
         ORDER BY b.student_id LIMIT $2`,
        [ctx.branchId, runs, ctx.today],
      ),
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/student-billing-payment?${query({ ...t, bill_date_before: ctx.today, page: 1 })}`,
      headers: auth(ctx),
    }),
    baseline: historyByHand,
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
  {
    // The host's dashboard: its four tiles in one call.
    name: 'dashboard summary',
    targets: async () => [{}],
    status: 200,
    request: (_t, ctx) => ({ method: 'GET', url: '/api/dashboard-fin-summary', headers: auth(ctx) }),
    baseline: dashboardByHand,
  },
  {
    // What the printed receipt (kuitansi) reads.
    name: 'receipt',
    targets: payments,
    status: 200,
    request: (t, ctx) => ({
      method: 'GET',
      url: `/api/ref-student-billing-payment/${t.id}`,
      headers: auth(ctx),
    }),
    baseline: receiptByHand,
  },
  {
    // A print counted (the original, then SALINAN): a write, but any payment can be printed again.
    name: 'receipt print (POST print)',
    targets: payments,
    status: 200,
    request: (t, ctx) => ({
      method: 'POST',
      url: `/api/student-billing-payment-print/${t.id}`,
      headers: auth(ctx),
      payload: {},
    }),
    baseline: printByHand,
  },
  {
    name: 'receipt payer name and city (POST xupdate)',
    targets: async (ctx, runs) =>
      (await payments(ctx, runs)).map((t) => ({ ...t, payer_name: 'Wali Bench', payer_city: 'Bandung' })),
    status: 200,
    request: (t, ctx) => ({
      method: 'POST',
      url: `/api/student-billing-payment-xupdate/${t.id}`,
      headers: auth(ctx),
      payload: { payer_name: t.payer_name, payer_city: t.payer_city },
    }),
    baseline: payerByHand,
  },
];
