/**
 * A bill's item writes, one function each, each its own transaction with its audit record (api/ROUTES.md
 * "Billing"): adding a component, editing one field, removing an item (kept as removed when a payment named it).
 */
import {
  DEDUCTIONS_EXCEED_PRICE,
  DEFAULT_ITEM_REMOVAL_REASON,
  deductionsFit,
  type StudentBillingItemCreateSchema,
  type StudentBillingItemXUpdateSchema,
} from '@keuangan/shared/contract';
import type * as v from 'valibot';
import type { AuthContext } from '../../auth/session';
import type { Database, Tx } from '../../db/client';
import { student_fee_components } from '../../db/schema';
import { assertNoInstalments } from '../../instalments/rules';
import { refreshTotals } from '../../ledger/engine';
import { assertItemsEditable, BILLING_MESSAGES } from '../../ledger/student-bills';
import { findItemBillId, lockStudentBill, STUDENT_BILLS } from '../../ledger/student-bills-queries';
import { auditWho, recordAudit } from '../../lib/audit-record';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import { type BranchScope, findInBranch } from '../../lib/scope';
import {
  countItemsOnBill,
  deleteItem,
  insertBillItem,
  isComponentCharged,
  isInClass,
  loadPaymentLinesOf,
  lockItemOnBill,
  markItemRemoved,
  setItemField,
} from './queries';

/** Adds a fee component of the student's class to the unconfirmed bill. */
export function addItem(
  database: Database,
  auth: AuthContext,
  body: v.InferOutput<typeof StudentBillingItemCreateSchema>,
): Promise<void> {
  const billId = body.student_billing_id;
  return database.transaction(async (tx) => {
    const bill = await lockStudentBill(tx, auth, billId);
    assertItemsEditable(bill);
    const component = await findInBranch(tx, auth, student_fee_components, body.student_fee_component_id);
    const member = await isInClass(tx, component.class_id, bill.student_id);
    if (!member || component.department_id !== bill.department_id) {
      throw fieldError('student_fee_component_id', BILLING_MESSAGES.componentNotForStudent);
    }
    if (await isComponentCharged(tx, bill.student_id, component.id)) {
      throw new ApiError(409, BILLING_MESSAGES.componentCharged);
    }
    await insertBillItem(
      tx,
      auth,
      {
        id: billId,
        department_id: bill.department_id,
        student_id: bill.student_id,
        bill_date: bill.bill_date,
      },
      component,
      body.price ?? component.price,
      body.qty ?? 1,
    );
    await recordAudit(tx, auditWho(auth), {
      action: 'billing_item.add',
      entity: 'student_billing',
      entityId: billId,
      after: { component: component.name, price: body.price ?? component.price, qty: body.qty ?? 1 },
    });
    await refreshTotals(tx, STUDENT_BILLS, billId);
  });
}

/** The item of the branch (still on its bill) and its bill, both locked, refused unless the bill is unconfirmed. */
async function lockEditableItem(tx: Tx, auth: BranchScope, id: number) {
  const billId = await findItemBillId(tx, auth, id);
  if (billId === undefined) throw notFound();
  const bill = await lockStudentBill(tx, auth, billId);
  assertItemsEditable(bill);
  const item = await lockItemOnBill(tx, id);
  if (!item) throw notFound();
  // A split item keeps its price and quantity: its instalments add up to them (docs/money.md "Instalments").
  await assertNoInstalments(tx, id);
  return item;
}

/** Changes one field of the item (price, discount, bail, qty); answers its bill's id. */
export function updateItem(
  database: Database,
  auth: AuthContext,
  id: number,
  body: v.InferOutput<typeof StudentBillingItemXUpdateSchema>,
): Promise<number> {
  return database.transaction(async (tx) => {
    const item = await lockEditableItem(tx, auth, id);
    const next = {
      price: item.price,
      discount: item.discount,
      bail: item.bail,
      qty: item.qty,
      [body.field]: body.value,
    };
    if (!deductionsFit(next)) throw fieldError(body.field, DEDUCTIONS_EXCEED_PRICE);
    await setItemField(tx, id, body.field, body.value);
    await recordAudit(tx, auditWho(auth), {
      action: 'billing_item.update',
      entity: 'student_billing_item',
      entityId: id,
      before: { [body.field]: item[body.field] },
      after: { [body.field]: body.value },
    });
    await refreshTotals(tx, STUDENT_BILLS, item.student_billing_id);
    return item.student_billing_id;
  });
}

/**
 * Removes the item; answers its bill's id. An item no payment ever named is deleted; one a payment named (voided,
 * since the bill is unconfirmed) is kept, marked removed with who, when and why (api/ROUTES.md "Removing an item").
 */
export function removeItem(
  database: Database,
  auth: AuthContext,
  id: number,
  reason: string | null | undefined,
): Promise<number> {
  return database.transaction(async (tx) => {
    const item = await lockEditableItem(tx, auth, id);
    const siblings = await countItemsOnBill(tx, item.student_billing_id);
    if (siblings <= 1) throw new ApiError(409, BILLING_MESSAGES.lastItem);
    const lines = await loadPaymentLinesOf(tx, id);
    if (lines.some((line) => !line.is_void)) throw new ApiError(409, BILLING_MESSAGES.itemHasPayments);
    if (lines.length === 0) {
      await deleteItem(tx, id);
    } else {
      await markItemRemoved(tx, id, auth.userId, reason ?? DEFAULT_ITEM_REMOVAL_REASON);
    }
    await recordAudit(tx, auditWho(auth), {
      action: 'billing_item.remove',
      entity: 'student_billing_item',
      entityId: id,
      before: {
        bill: item.student_billing_id,
        price: item.price,
        discount: item.discount,
        qty: item.qty,
      },
      reason: reason ?? DEFAULT_ITEM_REMOVAL_REASON,
    });
    await refreshTotals(tx, STUDENT_BILLS, item.student_billing_id);
    return item.student_billing_id;
  });
}
