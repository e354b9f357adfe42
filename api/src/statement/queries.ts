/**
 * What a student's statement reads (docs/money.md#the-students-statement): the student, their bills with the
 * standing items, and their payments with the day each was voided, all up to the period's last day. A student's
 * history is a few hundred rows at most, so everything before the period is read too: it makes the opening
 * balance, and lines.ts splits and orders them.
 */
import { asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { dayOf } from '../cash-closing/queries';
import type { Db } from '../db/client';
import {
  bill_item_instalments,
  departments,
  discount_rules,
  fee_types,
  student_billing_items,
  student_billing_payments,
  student_billings,
  student_credit_movements,
  student_fee_components,
  students,
} from '../db/schema';
import { notFound } from '../lib/errors';
import { inBranch, sumOf, type ZonedScope } from '../lib/scope';

export interface StatementBillRow {
  id: number;
  bill_number: string;
  bill_date: string;
  mm: string;
  type: number;
  form_status: number;
}

export interface StatementItemRow {
  id: number;
  bill_id: number;
  name: string;
  total_amount: number;
  total_discount: number;
  total_bail: number;
  /** The discount rule that gave its discount, if one did (docs/money.md#discount-rules). */
  rule_name: string | null;
}

export interface StatementPaymentRow {
  id: number;
  payment_number: string;
  payment_date: string;
  amount: number;
  /** The day of the void in the branch's zone, null while the payment stands. */
  voided_on: string | null;
  void_reason: string | null;
}

/** The student of the statement in the scope's branch (404 otherwise), with the department's name. */
export async function loadStatementStudent(db: Db, scope: ZonedScope, studentId: number) {
  const [student] = await db
    .select({ id: students.id, name: students.name, nis: students.nis, department: departments.name })
    .from(students)
    .innerJoin(departments, eq(departments.id, students.department_id))
    .where(inBranch(scope, students, eq(students.id, studentId)));
  if (!student) throw notFound();
  return student;
}

/** The student's bills dated up to `to`, and their standing (not removed) items. */
export async function loadStatementBills(db: Db, scope: ZonedScope, studentId: number, to: string) {
  const bills: StatementBillRow[] = await db
    .select({
      id: student_billings.id,
      bill_number: student_billings.bill_number,
      bill_date: student_billings.bill_date,
      mm: student_billings.mm,
      type: student_billings.type,
      form_status: student_billings.form_status,
    })
    .from(student_billings)
    .where(
      inBranch(
        scope,
        student_billings,
        eq(student_billings.student_id, studentId),
        lte(student_billings.bill_date, to),
      ),
    )
    .orderBy(asc(student_billings.bill_date), asc(student_billings.id));
  const items: StatementItemRow[] = await db
    .select({
      id: student_billing_items.id,
      bill_id: student_billing_items.student_billing_id,
      // A split item says so ("…, dicicil 3x"); its instalments are on the bill (docs/money.md#instalments).
      name: sql<string>`${student_fee_components.name} || ' (' || ${fee_types.name} || ')' || coalesce((
        select ', dicicil ' || count(*) || 'x' from ${bill_item_instalments}
        where ${bill_item_instalments.student_billing_item_id} = ${student_billing_items.id}
          and ${bill_item_instalments.replaced_at} is null having count(*) > 0), '')`,
      total_amount: student_billing_items.total_amount,
      total_discount: student_billing_items.total_discount,
      total_bail: student_billing_items.total_bail,
      rule_name: discount_rules.name,
    })
    .from(student_billing_items)
    .innerJoin(student_billings, eq(student_billings.id, student_billing_items.student_billing_id))
    .leftJoin(discount_rules, eq(discount_rules.id, student_billing_items.discount_rule_id))
    .innerJoin(
      student_fee_components,
      eq(student_fee_components.id, student_billing_items.student_fee_component_id),
    )
    .innerJoin(fee_types, eq(fee_types.id, student_billing_items.fee_type_id))
    .where(
      inBranch(
        scope,
        student_billing_items,
        eq(student_billing_items.student_id, studentId),
        isNull(student_billing_items.removed_at),
        lte(student_billings.bill_date, to),
      ),
    )
    .orderBy(asc(student_billing_items.id));
  return { bills, items };
}

/**
 * The student's payments dated up to `to`, voided ones too: the statement shows the payment and, when the void
 * falls in the period, its void (a void after `to` is left out by lines.ts).
 */
export async function loadStatementPayments(
  db: Db,
  scope: ZonedScope,
  studentId: number,
  to: string,
): Promise<StatementPaymentRow[]> {
  const p = student_billing_payments;
  const voidedOn = dayOf(sql`${p.voided_at}`, scope.timeZone);
  return db
    .select({
      id: p.id,
      payment_number: p.payment_number,
      payment_date: p.payment_date,
      amount: p.amount,
      voided_on: sql<string | null>`to_char(${voidedOn}, 'YYYY-MM-DD')`,
      void_reason: p.void_reason,
    })
    .from(p)
    .where(inBranch(scope, p, eq(p.student_id, studentId), lte(p.payment_date, to)))
    .orderBy(asc(p.payment_date), asc(p.id));
}

/** The student's Saldo Titipan at the end of `to`: the movements written up to that day (branch's zone). */
export async function loadStatementCredit(db: Db, scope: ZonedScope, studentId: number, to: string) {
  const m = student_credit_movements;
  const [row] = await db
    .select({ credit: sumOf(m.amount) })
    .from(m)
    .where(
      inBranch(scope, m, eq(m.student_id, studentId), lte(dayOf(sql`${m.created_at}`, scope.timeZone), to)),
    );
  return row?.credit ?? 0;
}
