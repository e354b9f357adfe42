/**
 * Writing the items of an unconfirmed bill (adding, editing, removing). The use cases (writes.ts here;
 * charging/writes.ts counts a bill's items before confirming it) call these in the order they must run.
 */
import { itemDueDate } from '@keuangan/shared/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  class_students,
  student_billing_item_payments,
  student_billing_items,
  student_billing_payments,
  type student_fee_components,
} from '../../db/schema';
import { itemOnBill } from '../../ledger/student-ledger-queries';
import type { BranchScope } from '../../lib/scope';

/** How many items are still on the bill. */
export async function countItemsOnBill(tx: Tx, billId: number): Promise<number> {
  const [items] = await tx
    .select({ n: count() })
    .from(student_billing_items)
    .where(and(eq(student_billing_items.student_billing_id, billId), itemOnBill));
  return items?.n ?? 0;
}

/** Whether the student is in the class. */
export async function isInClass(tx: Tx, classId: number, studentId: number): Promise<boolean> {
  const [member] = await tx
    .select({ id: class_students.id })
    .from(class_students)
    .where(and(eq(class_students.class_id, classId), eq(class_students.student_id, studentId)));
  return member !== undefined;
}

/** Whether the student has the fee component on a bill already (an item still on its bill). */
export async function isComponentCharged(tx: Tx, studentId: number, componentId: number): Promise<boolean> {
  const [charged] = await tx
    .select({ id: student_billing_items.id })
    .from(student_billing_items)
    .where(
      and(
        eq(student_billing_items.student_id, studentId),
        eq(student_billing_items.student_fee_component_id, componentId),
        itemOnBill,
      ),
    );
  return charged !== undefined;
}

/** Adds an item of the fee component to the bill of the branch, at this price and quantity. */
export async function insertBillItem(
  tx: Tx,
  scope: BranchScope,
  bill: { id: number; department_id: number; student_id: number; bill_date: string },
  component: typeof student_fee_components.$inferSelect,
  price: number,
  qty: number,
): Promise<void> {
  // Its due date as of now, kept (docs/decisions.md "Due dates kept on the item"); the bill's follows in refreshTotals.
  await tx.insert(student_billing_items).values({
    client_id: scope.clientId,
    branch_id: scope.branchId,
    department_id: bill.department_id,
    student_id: bill.student_id,
    student_billing_id: bill.id,
    student_fee_component_id: component.id,
    fee_type_id: component.fee_type_id,
    ftype: component.ftype,
    price,
    qty,
    due_date: itemDueDate(component, bill.bill_date),
  });
}

/** The item still on its bill, locked for update, if there is one (lock its bill first). */
export async function lockItemOnBill(tx: Tx, itemId: number) {
  const [item] = await tx
    .select()
    .from(student_billing_items)
    .where(and(eq(student_billing_items.id, itemId), itemOnBill))
    .for('update');
  return item;
}

/**
 * Sets one of the item's price, discount, bail or quantity. A discount set by hand is a hand discount: it no
 * longer names the rule that gave one (docs/money.md#discount-rules).
 */
export async function setItemField(
  tx: Tx,
  itemId: number,
  field: 'price' | 'discount' | 'bail' | 'qty',
  value: number,
): Promise<void> {
  await tx
    .update(student_billing_items)
    .set({
      [field]: value,
      ...(field === 'discount' ? { discount_rule_id: null } : {}),
      updated_at: new Date(),
    })
    .where(eq(student_billing_items.id, itemId));
}

/** The payment lines (voided payments' included) on the item, each saying whether its payment is void. */
export function loadPaymentLinesOf(db: Db, itemId: number) {
  return db
    .select({
      id: student_billing_item_payments.id,
      is_void: sql<boolean>`${student_billing_payments.voided_at} is not null`,
    })
    .from(student_billing_item_payments)
    .innerJoin(
      student_billing_payments,
      eq(student_billing_payments.id, student_billing_item_payments.student_billing_payment_id),
    )
    .where(eq(student_billing_item_payments.student_billing_item_id, itemId));
}

/** Deletes the item (one no payment ever named). */
export async function deleteItem(tx: Tx, itemId: number): Promise<void> {
  await tx.delete(student_billing_items).where(eq(student_billing_items.id, itemId));
}

/** Marks the item removed, with who removed it and why (one a voided payment named: kept for its receipts). */
export async function markItemRemoved(tx: Tx, itemId: number, userId: number, reason: string): Promise<void> {
  await tx
    .update(student_billing_items)
    .set({
      removed_at: new Date(),
      removed_by: userId,
      removed_reason: reason,
      updated_at: new Date(),
    })
    .where(eq(student_billing_items.id, itemId));
}
