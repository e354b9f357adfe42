/**
 * The bill writes, one function each, each its own transaction with its audit record (api/ROUTES.md "Billing"):
 * charging, extra bills, confirming (all the list shows, or one) and deleting an unconfirmed bill.
 */
import {
  DEFAULT_VOID_REASON,
  FORM_STATUS_CONFIRMED,
  type StudentBillingBatch,
  type StudentBillingXUpdateSchema,
} from '@keuangan/shared/contract';
import type * as v from 'valibot';
import type { AuthContext } from '../../auth/session';
import { assertStudentPaymentsVoidable } from '../../cash-closing/rules';
import type { Database } from '../../db/client';
import { refreshTotals } from '../../ledger/engine';
import { bookBills, bookVoids } from '../../ledger/journal';
import { assertDeletable, BILLING_MESSAGES } from '../../ledger/student-bills';
import { lockStudentBill, STUDENT_BILLS, type StudentBillRow } from '../../ledger/student-bills-queries';
import { reverseCreditOfPayments } from '../../ledger/student-credit';
import { auditWho, recordAudit } from '../../lib/audit-record';
import { ApiError } from '../../lib/errors';
import { countItemsOnBill } from '../items/queries';
import {
  type ConfirmFilter,
  confirmFilteredBills,
  deleteBillAndItems,
  setBillFormStatus,
} from './bill-queries';
import { chargeBatch, createExtraBills, type ExtraBills } from './charge';

/** Charges a class-month (or a level's classes); answers the counts. */
export function chargeBills(database: Database, auth: AuthContext, filter: StudentBillingBatch) {
  return database.transaction((tx) => chargeBatch(tx, auth, filter));
}

/** Creates the extra bills; answers their ids. */
export function addExtraBills(database: Database, auth: AuthContext, body: ExtraBills) {
  return database.transaction((tx) => createExtraBills(tx, auth, body));
}

/** Confirms the unconfirmed bills the filter reaches; answers how many. */
export function confirmBills(database: Database, auth: AuthContext, body: ConfirmFilter): Promise<number> {
  return database.transaction(async (tx) => {
    const rows = await confirmFilteredBills(tx, auth, body);
    await bookBills(tx, rows, auth); // docs/books.md
    if (rows.length > 0) {
      await recordAudit(tx, auditWho(auth), {
        action: 'billing.confirm_all',
        entity: 'student_billing',
        after: { count: rows.length, ids: rows.map((row) => row.id) },
      });
    }
    return rows.length;
  });
}

/** Confirms one bill, or withdraws its confirmation, voiding its payments. */
export function setFormStatus(
  database: Database,
  auth: AuthContext,
  id: number,
  body: v.InferOutput<typeof StudentBillingXUpdateSchema>,
): Promise<void> {
  return database.transaction(async (tx) => {
    // Withdrawing voids payments whole, a payment of several bills too: lock all its bills in id order first
    // (as a payment does), so the two queue instead of deadlocking.
    const paidWith = body.value === FORM_STATUS_CONFIRMED ? [] : await STUDENT_BILLS.billsPaidWith(tx, id);
    const locked = new Map<number, StudentBillRow>();
    for (const other of [id, ...paidWith].sort((a, b) => a - b)) {
      locked.set(other, await lockStudentBill(tx, auth, other));
    }
    const bill = locked.get(id) as StudentBillRow;
    if (bill.form_status === body.value) return; // already so: nothing to do
    if (body.value === FORM_STATUS_CONFIRMED) {
      if (!(await countItemsOnBill(tx, id))) throw new ApiError(422, BILLING_MESSAGES.noItems);
    } else {
      // Withdrawing the confirmation voids the payments (kept, with who, when and why) and reopens the items.
      // A payment of several bills paid before the locks were taken is voided too: its bills are locked now.
      for (const other of await STUDENT_BILLS.billsPaidWith(tx, id)) {
        if (!locked.has(other)) locked.set(other, await lockStudentBill(tx, auth, other));
      }
      const reason = body.void_reason ?? DEFAULT_VOID_REASON;
      const voided = await STUDENT_BILLS.voidPayments(tx, id, auth.userId, reason);
      await bookVoids(tx, auth, voided); // reversing entries (docs/books.md)
      // Credit a voided payment brought (a transfer's excess) goes with it (docs/money.md "Saldo Titipan").
      await reverseCreditOfPayments(
        tx,
        auth,
        voided.map((payment) => payment.id),
        reason,
      );
      // A payment of a closed cash day stays until a manager reopens that day (cash-closing/rules.ts).
      await assertStudentPaymentsVoidable(
        tx,
        auth,
        voided.map((payment) => payment.id),
      );
      for (const payment of voided) {
        await recordAudit(tx, auditWho(auth), {
          action: 'payment.void',
          entity: 'student_billing_payment',
          entityId: payment.id,
          before: { payment_number: payment.payment_number, amount: payment.amount },
          reason,
        });
      }
    }
    await setBillFormStatus(tx, id, body.value);
    await recordAudit(tx, auditWho(auth), {
      action: body.value === FORM_STATUS_CONFIRMED ? 'billing.confirm' : 'billing.unconfirm',
      entity: 'student_billing',
      entityId: id,
      before: { form_status: bill.form_status },
      after: { form_status: body.value },
      reason: body.value === FORM_STATUS_CONFIRMED ? null : (body.void_reason ?? DEFAULT_VOID_REASON),
    });
    for (const other of locked.keys()) await refreshTotals(tx, STUDENT_BILLS, other);
    await bookBills(tx, locked.keys(), auth);
  });
}

/** Deletes an unconfirmed bill without payments, with its items. */
export function deleteBill(database: Database, auth: AuthContext, id: number): Promise<void> {
  return database.transaction(async (tx) => {
    const bill = await lockStudentBill(tx, auth, id);
    await assertDeletable(tx, bill);
    await deleteBillAndItems(tx, id);
  });
}
