/**
 * The reports' queries: every figure is an aggregate computed by the database (GROUP BY with FILTER), never
 * rows summed in Node. Definitions in rules.ts and api/README.md "Reports".
 */
import {
  labelOf,
  PAYMENT_TYPES,
  type Paged,
  type ProspectiveBillingReport,
  type ProspectiveBillingReportQuery,
  type ProspectiveBillingReportUnpaid,
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
  student_billing_payments,
  student_billings,
  students,
} from '../db/schema';
import { pagedResponse } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq, sumOf } from '../lib/scope';
import {
  agingColumns,
  agingMonths,
  rateColumns,
  reportBillsWhere,
  reportPaymentsWhere,
  type StudentReportFilter,
  studentRateColumns,
} from './rules';

const countOf = (condition?: SQL) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);

const moneyColumns = () => ({
  total_amount: sumOf(student_billings.total_amount),
  total_discount: sumOf(student_billings.total_discount),
  total_bail: sumOf(student_billings.total_bail),
  total_payment: sumOf(student_billings.total_payment),
  total_billing: sumOf(student_billings.total_billing),
});

/** Laporan Billing Siswa: totals, per class, per class and month, per day and per payment type. */
export async function studentBillingReport(
  db: Db,
  scope: BranchScope,
  filter: StudentReportFilter,
  today: string,
): Promise<StudentBillingReport> {
  const bills = reportBillsWhere(scope, filter);
  const payments = reportPaymentsWhere(scope, filter);
  const billColumns = () => ({
    ...moneyColumns(),
    ...agingColumns(today),
    ...studentRateColumns(),
    bill_count: countOf(),
    student_count: sql<number>`count(distinct ${student_billings.student_id})`.mapWith(Number),
  });
  const paymentJoin = eq(student_billings.id, student_billing_payments.student_billing_id);

  const [summaryRows, receivedRows, classRows, classMonths, days, types] = await Promise.all([
    db.select(billColumns()).from(student_billings).where(bills),
    db
      .select({ received: sumOf(student_billing_payments.amount), payment_count: countOf() })
      .from(student_billing_payments)
      .innerJoin(student_billings, paymentJoin)
      .where(payments),
    db
      .select({
        class_id: student_billings.class_id,
        class_name: classes.name,
        level_name: levels.name,
        ...billColumns(),
      })
      .from(student_billings)
      .innerJoin(classes, eq(classes.id, student_billings.class_id))
      .innerJoin(levels, eq(levels.id, student_billings.level_id))
      .where(bills)
      .groupBy(student_billings.class_id, classes.name, levels.name, levels.sequence)
      .orderBy(asc(levels.sequence), asc(classes.name), asc(student_billings.class_id)),
    db
      .select({
        class_id: student_billings.class_id,
        class_name: classes.name,
        mm: student_billings.mm,
        ...studentRateColumns(),
      })
      .from(student_billings)
      .innerJoin(classes, eq(classes.id, student_billings.class_id))
      .innerJoin(levels, eq(levels.id, student_billings.level_id))
      .where(bills)
      .groupBy(student_billings.class_id, classes.name, levels.sequence, student_billings.mm)
      .orderBy(
        asc(levels.sequence),
        asc(classes.name),
        asc(student_billings.class_id),
        asc(student_billings.mm),
      ),
    db
      .select({
        payment_date: student_billing_payments.payment_date,
        payment_count: countOf(),
        amount: sumOf(student_billing_payments.amount),
      })
      .from(student_billing_payments)
      .innerJoin(student_billings, paymentJoin)
      .where(payments)
      .groupBy(student_billing_payments.payment_date)
      .orderBy(asc(student_billing_payments.payment_date)),
    db
      .select({
        ptype: student_billing_payments.ptype,
        payment_count: countOf(),
        amount: sumOf(student_billing_payments.amount),
      })
      .from(student_billing_payments)
      .innerJoin(student_billings, paymentJoin)
      .where(payments)
      .groupBy(student_billing_payments.ptype)
      .orderBy(asc(student_billing_payments.ptype)),
  ]);
  const received = receivedRows[0] ?? { received: 0, payment_count: 0 };
  const summary = summaryRows[0];
  if (!summary) throw new Error('an aggregate without GROUP BY always answers one row');
  return {
    today,
    summary: { ...summary, ...received },
    classes: classRows,
    class_months: classMonths,
    days,
    payment_types: types.map((t) => ({ ...t, label: labelOf(PAYMENT_TYPES, t.ptype) })),
  };
}

/**
 * Arrears per student (and class): students owing on bills already due, most owed first (so `not_due` is
 * always 0 here). `page` null: every row (the download).
 */
export async function studentArrears(
  db: Db,
  scope: BranchScope,
  filter: StudentReportFilter,
  today: string,
  page: { page: number; limit: number } | null,
): Promise<Paged<StudentBillingReportStudent>> {
  const current = agingMonths(today).current;
  const owing = and(
    reportBillsWhere(scope, filter),
    gt(student_billings.total_billing, 0),
    sql`${student_billings.mm} <= ${current}`,
  ) as SQL;
  const aging = agingColumns(today);
  const grouped = db
    .select({
      student_id: student_billings.student_id,
      name: students.name,
      nis: students.nis,
      department_id: student_billings.department_id,
      class_id: student_billings.class_id,
      class_name: classes.name,
      ...aging,
      unpaid_bill_count: countOf(),
      oldest_mm: sql<string>`min(${student_billings.mm})`,
    })
    .from(student_billings)
    .innerJoin(students, eq(students.id, student_billings.student_id))
    .innerJoin(classes, eq(classes.id, student_billings.class_id))
    .where(owing)
    .groupBy(
      student_billings.student_id,
      students.name,
      students.nis,
      student_billings.department_id,
      student_billings.class_id,
      classes.name,
    )
    .orderBy(
      desc(aging.arrears),
      asc(students.name),
      asc(student_billings.student_id),
      asc(student_billings.class_id),
    )
    .$dynamic();
  const counting = db
    .select({ total: count() })
    .from(
      db
        .selectDistinct({ student_id: student_billings.student_id, class_id: student_billings.class_id })
        .from(student_billings)
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
