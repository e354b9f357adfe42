/**
 * The reports' queries: every figure is an aggregate computed by the database (GROUP BY with FILTER), never
 * rows summed in Node. Definitions in definition-queries.ts and api/ROUTES.md "Reports".
 */
import {
  labelOf,
  PAYMENT_TYPES,
  type Paged,
  type ProspectiveBillingReport,
  type ProspectiveBillingReportQuery,
  type ProspectiveBillingReportUnpaid,
  type REPORT_STUDENT_ORDERS,
  type StudentBillingReport,
  type StudentBillingReportStudent,
} from '@keuangan/shared/contract';
import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  classes,
  departments,
  levels,
  prospective_billings,
  psb_event_prospectives,
  psb_events,
  student_billing_payment_sums,
  student_billing_students,
  student_billing_sums,
  student_billings,
  students,
} from '../db/schema';
import { pagedResponse } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq, sumOf } from '../lib/scope';
import {
  agingColumns,
  type BillTotalsTable,
  daysPastDue,
  hasMonthRange,
  rateColumns,
  reportBillsWhere,
  reportPaymentSumsWhere,
  reportStudentsWhere,
  type StudentReportFilter,
  studentRateColumns,
} from './definition-queries';

const countOf = (condition?: SQL) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);

const moneyColumns = (t: BillTotalsTable = student_billings) => ({
  total_amount: sumOf(t.total_amount),
  total_discount: sumOf(t.total_discount),
  total_bail: sumOf(t.total_bail),
  total_payment: sumOf(t.total_payment),
  total_billing: sumOf(t.total_billing),
});

/**
 * Laporan Billing Siswa (api/ROUTES.md "Reports"): the money is read from the kept sums of migration 0018, a few
 * rows per class-month and class-day, grouped with GROUPING SETS; the rows are only sorted into tables here.
 */
export async function studentBillingReport(
  db: Db,
  scope: BranchScope,
  filter: StudentReportFilter,
  today: string,
): Promise<StudentBillingReport> {
  const sums = student_billing_sums;
  const pay = student_billing_payment_sums;
  const classKey = sql`${sums.class_id}, ${classes.name}, ${levels.name}, ${levels.sequence}`;
  const [billRows, monthRows, studentCounts, paymentRows] = await Promise.all([
    db
      .select({
        // 0: a class, 1: all bills.
        set: sql<number>`grouping(${sums.class_id})`.mapWith(Number),
        class_id: sums.class_id,
        class_name: classes.name,
        level_name: levels.name,
        ...moneyColumns(sums),
        ...agingColumns(today, sums),
        ...studentRateColumns(sums),
        bill_count: sumOf(sums.bill_count),
      })
      .from(sums)
      .innerJoin(classes, eq(classes.id, sums.class_id))
      .innerJoin(levels, eq(levels.id, sums.level_id))
      .where(reportBillsWhere(scope, filter, sums))
      .groupBy(sql`grouping sets ((${classKey}), ())`)
      .orderBy(sql`${levels.sequence} nulls first`, asc(classes.name), asc(sums.class_id)),
    // Per class and month only the rate (most of the answer's rows): its own narrow statement.
    db
      .select({
        class_id: sums.class_id,
        class_name: classes.name,
        mm: sums.mm,
        ...studentRateColumns(sums),
      })
      .from(sums)
      .innerJoin(classes, eq(classes.id, sums.class_id))
      .innerJoin(levels, eq(levels.id, sums.level_id))
      .where(reportBillsWhere(scope, filter, sums))
      .groupBy(sums.class_id, classes.name, levels.sequence, sums.mm)
      .orderBy(asc(levels.sequence), asc(classes.name), asc(sums.class_id), asc(sums.mm)),
    distinctStudents(db, scope, filter),
    db
      .select({
        // 1: a day, 2: a payment type, 3: all payments.
        set: sql<number>`grouping(${pay.payment_date}, ${pay.ptype})`.mapWith(Number),
        payment_date: pay.payment_date,
        ptype: pay.ptype,
        payment_count: sumOf(pay.payment_count),
        amount: sumOf(pay.amount),
      })
      .from(pay)
      .where(reportPaymentSumsWhere(scope, filter))
      .groupBy(sql`grouping sets ((${pay.payment_date}), (${pay.ptype}), ())`)
      .orderBy(asc(pay.payment_date), asc(pay.ptype)),
  ]);
  const perClass = new Map(
    studentCounts.filter((r) => r.set === 0).map((r) => [r.class_id, r.student_count]),
  );
  const studentsOf = (classId: number | null) =>
    (classId === null ? studentCounts.find((r) => r.set === 1)?.student_count : perClass.get(classId)) ?? 0;
  const {
    set: _s,
    class_id: _c,
    class_name: _n,
    level_name: _l,
    ...totals
  } = billRows.find((r) => r.set === 1) ?? {
    set: 1,
    class_id: 0,
    class_name: '',
    level_name: '',
    ...EMPTY_BILL_TOTALS,
  };
  const summary = { ...totals, student_count: studentsOf(null) };
  const allPayments = paymentRows.find((r) => r.set === 3);
  return {
    today,
    summary: {
      ...summary,
      received: allPayments?.amount ?? 0,
      payment_count: allPayments?.payment_count ?? 0,
    },
    classes: billRows
      .filter((r) => r.set === 0)
      .map(({ set: _set, ...row }) => ({ ...row, student_count: studentsOf(row.class_id) })),
    class_months: monthRows,
    days: paymentRows
      .filter((r) => r.set === 1)
      .map((r) => ({ payment_date: r.payment_date, payment_count: r.payment_count, amount: r.amount })),
    payment_types: paymentRows
      .filter((r) => r.set === 2)
      .map((r) => ({
        ptype: r.ptype,
        label: labelOf(PAYMENT_TYPES, r.ptype),
        payment_count: r.payment_count,
        amount: r.amount,
      })),
  };
}

/**
 * Distinct students per class (set 0) and in all (set 1), GROUP BY ROLLUP: they cannot be added up from sums.
 * Without a month range from the kept rows per student, class and period (migration 0022: one row where the
 * bills have one per month); with one from the bills, which carry their month.
 */
function distinctStudents(db: Db, scope: BranchScope, filter: StudentReportFilter) {
  const t = hasMonthRange(filter) ? student_billings : student_billing_students;
  return db
    .select({
      set: sql<number>`grouping(${t.class_id})`.mapWith(Number),
      class_id: t.class_id,
      student_count: sql<number>`count(distinct ${t.student_id})`.mapWith(Number),
    })
    .from(t)
    .where(hasMonthRange(filter) ? reportBillsWhere(scope, filter) : reportStudentsWhere(scope, filter))
    .groupBy(sql`rollup (${t.class_id})`);
}

/** The totals of no bill (GROUPING SETS gives no grand-total row when nothing matches). */
const EMPTY_BILL_TOTALS = {
  total_amount: 0,
  total_discount: 0,
  total_bail: 0,
  total_payment: 0,
  total_billing: 0,
  days_0_30: 0,
  days_31_60: 0,
  days_61_90: 0,
  days_over_90: 0,
  arrears: 0,
  not_due: 0,
  billed: 0,
  paid: 0,
  rate_percent: null,
  bill_count: 0,
};

/**
 * Arrears per student and class, most owed or longest late first; `page` null: every row (the download). Read from
 * `student_billings_owing_idx` alone and summed in its order (no hash to spill at scale); names joined last.
 */
export async function studentArrears(
  db: Db,
  scope: BranchScope,
  filter: StudentReportFilter,
  today: string,
  page: { page: number; limit: number } | null,
  orderby: (typeof REPORT_STUDENT_ORDERS)[number] = 'arrears',
): Promise<Paged<StudentBillingReportStudent>> {
  const sb = student_billings;
  const owing = and(
    reportBillsWhere(scope, filter),
    gt(sb.total_billing, 0),
    sql`${daysPastDue(today)} >= ${filter.overdue_min ?? 0}`,
  ) as SQL;
  const aging = agingColumns(today);
  const owed = db
    .select({
      student_id: sb.student_id,
      department_id: sb.department_id,
      class_id: sb.class_id,
      ...aliased(aging),
      unpaid_bill_count: countOf().as('unpaid_bill_count'),
      oldest_mm: sql<string>`min(${sb.mm})`.as('oldest_mm'),
      oldest_due_date: sql<string>`min(${sb.due_date})`.as('oldest_due_date'),
    })
    .from(sb)
    .where(owing)
    .groupBy(sb.class_id, sb.student_id, sb.department_id)
    .as('owed');
  const overdueDays = sql<number>`(${today}::date - ${owed.oldest_due_date})`.mapWith(Number);
  const grouped = db
    .select({
      student_id: owed.student_id,
      name: students.name,
      nis: students.nis,
      department_id: owed.department_id,
      class_id: owed.class_id,
      class_name: classes.name,
      days_0_30: owed.days_0_30,
      days_31_60: owed.days_31_60,
      days_61_90: owed.days_61_90,
      days_over_90: owed.days_over_90,
      arrears: owed.arrears,
      not_due: owed.not_due,
      unpaid_bill_count: owed.unpaid_bill_count,
      oldest_mm: owed.oldest_mm,
      oldest_due_date: owed.oldest_due_date,
      overdue_days: overdueDays,
    })
    .from(owed)
    // The branch's students (a bill's student always is): the scan reads the branch's, not every branch's.
    .innerJoin(students, inBranch(scope, students, eq(students.id, owed.student_id)))
    .innerJoin(classes, eq(classes.id, owed.class_id))
    .orderBy(
      ...(orderby === 'overdue_days' ? [desc(overdueDays), desc(owed.arrears)] : [desc(owed.arrears)]),
      asc(students.name),
      asc(owed.student_id),
      asc(owed.class_id),
    )
    .$dynamic();
  const counting = db
    .select({ total: count() })
    .from(
      db
        .selectDistinct({ class_id: sb.class_id, student_id: sb.student_id })
        .from(sb)
        .where(owing)
        .as('owing'),
    );
  if (!page) {
    const rows = await grouped;
    return pagedResponse(rows, rows.length, 1, Math.max(1, rows.length));
  }
  const [rows, [counted]] = await Promise.all([
    grouped.limit(page.limit).offset((page.page - 1) * page.limit),
    counting,
  ]);
  return pagedResponse(rows, counted?.total ?? 0, page.page, page.limit);
}

/** Aggregate columns named for a subquery (each keeps its mapping to a number). */
function aliased<T extends Record<string, SQL<number>>>(columns: T): { [K in keyof T]: SQL.Aliased<number> } {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, column.as(key)])) as {
    [K in keyof T]: SQL.Aliased<number>;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Prospects

function prospectBillsWhere(scope: BranchScope, f: ProspectiveBillingReportQuery): SQL {
  return inBranch(
    scope,
    prospective_billings,
    eq(prospective_billings.psb_event_stype_id, f.stype),
    optionalEq(prospective_billings.department_id, f.department_id),
    optionalEq(prospective_billings.psb_event_id, f.psb_event_id),
    optionalEq(psb_events.yoe, f.yoe),
  );
}

const prospectColumns = () => {
  const pb = prospective_billings;
  const paid = sql`${pb.payment_status} = 1`;
  const partly = sql`${pb.payment_status} = 0 and ${pb.total_payment} > 0`;
  const unpaid = sql`${pb.payment_status} = 0 and ${pb.total_payment} = 0`;
  const { billed, paid: received } = rateColumns(
    sql`(${pb.total_amount} - ${pb.total_discount} - ${pb.total_bail})`,
    sql`${pb.total_payment}`,
  );
  return {
    billed_count: countOf(),
    paid_count: countOf(paid),
    partly_paid_count: countOf(partly),
    unpaid_count: countOf(unpaid),
    billed,
    received,
    outstanding: sumOf(pb.total_billing),
  };
};

/** Laporan Billing Peserta PSB / Mutasi: per event (with at least one billed prospect) and the totals. */
export async function prospectiveBillingReport(
  db: Db,
  scope: BranchScope,
  filter: ProspectiveBillingReportQuery,
): Promise<ProspectiveBillingReport> {
  const where = prospectBillsWhere(scope, filter);
  const eventJoin = eq(psb_events.id, prospective_billings.psb_event_id);
  const [events, [totals]] = await Promise.all([
    db
      .select({
        psb_event_id: psb_events.id,
        code: psb_events.code,
        name: psb_events.name,
        department_name: departments.name,
        yoe: psb_events.yoe,
        ...prospectColumns(),
      })
      .from(prospective_billings)
      .innerJoin(psb_events, eventJoin)
      .innerJoin(departments, eq(departments.id, psb_events.department_id))
      .where(where)
      .groupBy(psb_events.id, psb_events.code, psb_events.name, departments.name, psb_events.yoe)
      .orderBy(desc(psb_events.yoe), asc(psb_events.code), asc(psb_events.id)),
    db.select(prospectColumns()).from(prospective_billings).innerJoin(psb_events, eventJoin).where(where),
  ]);
  if (!totals) throw new Error('an aggregate without GROUP BY always answers one row');
  return { events, totals };
}

/** Prospects who still owe something on their bill, by event and registration number. */
export async function unpaidProspects(
  db: Db,
  scope: BranchScope,
  filter: ProspectiveBillingReportQuery,
  page: { page: number; limit: number } | null,
): Promise<Paged<ProspectiveBillingReportUnpaid>> {
  const pb = prospective_billings;
  const where = and(prospectBillsWhere(scope, filter), gt(pb.total_billing, 0)) as SQL;
  const eventJoin = eq(psb_events.id, pb.psb_event_id);
  const rows = db
    .select({
      psb_event_prospective_id: psb_event_prospectives.id,
      reg_number: psb_event_prospectives.reg_number,
      name: psb_event_prospectives.name,
      registration_status: psb_event_prospectives.registration_status,
      psb_event_code: psb_events.code,
      psb_event_name: psb_events.name,
      prospective_billing_id: pb.id,
      bill_number: pb.bill_number,
      billed: sql<number>`(${pb.total_amount} - ${pb.total_discount} - ${pb.total_bail})`.mapWith(Number),
      received: pb.total_payment,
      outstanding: pb.total_billing,
    })
    .from(pb)
    .innerJoin(psb_events, eventJoin)
    .innerJoin(psb_event_prospectives, eq(psb_event_prospectives.id, pb.psb_event_prospective_id))
    .where(where)
    .orderBy(asc(psb_events.code), asc(psb_event_prospectives.reg_number), asc(pb.id))
    .$dynamic();
  if (!page) {
    const all = await rows;
    return pagedResponse(all, all.length, 1, Math.max(1, all.length));
  }
  const [data, [counted]] = await Promise.all([
    rows.limit(page.limit).offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(pb).innerJoin(psb_events, eventJoin).where(where),
  ]);
  return pagedResponse(data, counted?.total ?? 0, page.page, page.limit);
}
