/**
 * The statements of charging (charge.ts): the rows it reads and locks, and the bills and items it writes under
 * provisional numbers.
 */
import {
  BILL_TYPE_MAIN,
  billDueDate,
  billTotals,
  type FeeComponentFilter,
  FORM_STATUS_UNCONFIRMED,
  itemDueDate,
  itemTotals,
} from '@keuangan/shared/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { insertMany } from '../../db/insert-many';
import {
  class_students,
  classes,
  student_billing_items,
  student_billings,
  student_fee_components,
  students,
} from '../../db/schema';
import { itemOnBill } from '../../ledger/student-ledger-queries';
import { numberAtCommit, provisionalNumber } from '../../lib/numbering';
import { type BranchScope, inBranch } from '../../lib/scope';

export type Who = BranchScope & { userId: number };
export type Component = typeof student_fee_components.$inferSelect;

/**
 * A new item's columns: the component's price, no discount or bail, qty 1, nothing paid, and the component's due
 * date as of now, never before the bill's date (docs/decisions.md "Due dates kept on the item").
 */
function newItem(
  scope: BranchScope,
  studentId: number,
  departmentId: number,
  component: Component,
  billDate: string,
) {
  return {
    client_id: scope.clientId,
    branch_id: scope.branchId,
    department_id: departmentId,
    student_id: studentId,
    student_fee_component_id: component.id,
    fee_type_id: component.fee_type_id,
    ftype: component.ftype,
    price: component.price,
    discount: 0,
    bail: 0,
    qty: 1,
    due_date: itemDueDate(component, billDate),
    ...itemTotals({ price: component.price, discount: 0, bail: 0, qty: 1, total_payment: 0 }),
  };
}

/** Active students (study_status 1) of the class, by id. */
export async function activeMembers(tx: Tx, scope: BranchScope, classId: number) {
  return tx
    .select({ id: students.id, name: students.name })
    .from(class_students)
    .innerJoin(students, eq(students.id, class_students.student_id))
    .where(inBranch(scope, students, eq(class_students.class_id, classId), eq(students.study_status, 1)))
    .orderBy(asc(students.id));
}

/** `student:component` pairs already charged, for these students and components. */
export async function chargedPairs(
  tx: Tx,
  studentIds: number[],
  componentIds: number[],
): Promise<Set<string>> {
  if (studentIds.length === 0 || componentIds.length === 0) return new Set();
  const rows = await tx
    .select({ s: student_billing_items.student_id, c: student_billing_items.student_fee_component_id })
    .from(student_billing_items)
    .where(
      and(
        inArray(student_billing_items.student_id, studentIds),
        inArray(student_billing_items.student_fee_component_id, componentIds),
        itemOnBill,
      ),
    );
  return new Set(rows.map((r) => `${r.s}:${r.c}`));
}

export interface NewBill {
  studentId: number;
  components: Component[];
}

/** Numbers new bills of the month `mm`, in the order of `ids`, as the transaction commits. */
export function numberBills(tx: Tx, who: Who, mm: string, ids: number[]): Promise<void> {
  return numberAtCommit(tx, who, 'student_billing', mm, student_billings, ids);
}

/**
 * Inserts bills with their items and totals, under provisional numbers (`numberBills` numbers them at commit);
 * answers their ids in the same order.
 */
export async function insertBills(
  tx: Tx,
  who: Who,
  placement: FeeComponentFilter,
  bills: NewBill[],
  kind: { type: number; bill_date: string },
): Promise<number[]> {
  if (bills.length === 0) return [];
  const numbers = bills.map(() => provisionalNumber());
  const items = bills.map((b) =>
    b.components.map((c) => newItem(who, b.studentId, placement.department_id, c, kind.bill_date)),
  );
  const inserted = await insertMany(
    tx,
    student_billings,
    bills.map((b, i) => ({
      client_id: who.clientId,
      branch_id: who.branchId,
      bill_number: numbers[i] as string,
      student_id: b.studentId,
      ...placement,
      bill_date: kind.bill_date,
      type: kind.type,
      form_status: FORM_STATUS_UNCONFIRMED,
      ...billTotals(items[i] ?? []),
      due_date: billDueDate(items[i] ?? [], kind.bill_date),
      created_by: who.userId,
    })),
    ['id', 'bill_number'],
  );
  // Match by (provisional, unique) number, not by the order RETURNING happens to give.
  const idOf = new Map(inserted.map((r) => [r.bill_number, r.id]));
  const ids = numbers.map((n) => idOf.get(n) as number);
  await insertMany(
    tx,
    student_billing_items,
    items.flatMap((list, i) => list.map((item) => ({ ...item, student_billing_id: ids[i] as number }))),
    ['id'],
  );
  return ids;
}

/** The classes charged (one, or the level's of that year of study), locked in id order. */
export function lockTargetClasses(
  tx: Tx,
  who: BranchScope,
  request: { class_id: number | string; level_id: number; year_of_study_id: number },
  wholeLevel: boolean,
): Promise<{ id: number; name: string }[]> {
  return tx
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(
      wholeLevel
        ? inBranch(
            who,
            classes,
            eq(classes.level_id, request.level_id),
            eq(classes.year_of_study_id, request.year_of_study_id),
          )
        : eq(classes.id, request.class_id as number),
    )
    .orderBy(asc(classes.id))
    .for('update');
}

/** The class-month's fee components, by id. */
export function componentsOfClassMonth(tx: Tx, who: BranchScope, filter: FeeComponentFilter) {
  return tx
    .select()
    .from(student_fee_components)
    .where(
      inBranch(
        who,
        student_fee_components,
        eq(student_fee_components.class_id, filter.class_id),
        eq(student_fee_components.mm, filter.mm),
      ),
    )
    .orderBy(asc(student_fee_components.id));
}

/** The students' main bills of the month, locked in id order. */
export async function lockMainBills(tx: Tx, who: BranchScope, studentIds: number[], mm: string) {
  if (studentIds.length === 0) return [];
  return tx
    .select({
      id: student_billings.id,
      student_id: student_billings.student_id,
      form_status: student_billings.form_status,
      bill_date: student_billings.bill_date,
      created_at: student_billings.created_at,
    })
    .from(student_billings)
    .where(
      inBranch(
        who,
        student_billings,
        inArray(student_billings.student_id, studentIds),
        eq(student_billings.mm, mm),
        eq(student_billings.type, BILL_TYPE_MAIN),
      ),
    )
    .orderBy(asc(student_billings.id))
    .for('update');
}

/** Adds the components to the students' unconfirmed main bills, as new items. */
export async function insertAdditions(
  tx: Tx,
  who: BranchScope,
  departmentId: number,
  additions: { billId: number; billDate: string; studentId: number; components: Component[] }[],
): Promise<void> {
  await tx.insert(student_billing_items).values(
    additions.flatMap((a) =>
      a.components.map((c) => ({
        ...newItem(who, a.studentId, departmentId, c, a.billDate),
        student_billing_id: a.billId,
      })),
    ),
  );
}

/** The branch's fee components of these ids, by id. */
export function componentsByIds(tx: Tx, who: BranchScope, ids: number[]) {
  return tx
    .select()
    .from(student_fee_components)
    .where(inBranch(who, student_fee_components, inArray(student_fee_components.id, ids)))
    .orderBy(asc(student_fee_components.id));
}

/** The branch's students of these ids. */
export function studentsOfBranch(tx: Tx, who: BranchScope, ids: number[]) {
  return tx
    .select({ id: students.id })
    .from(students)
    .where(inBranch(who, students, inArray(students.id, ids)));
}
