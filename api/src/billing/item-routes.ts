/**
 * A bill's items (api/ROUTES.md "Billing"): adding a component, editing price, discount, bail and qty while
 * unconfirmed, and removing an item (kept, with who and why, when it was paid on).
 */
import {
  DEDUCTIONS_EXCEED_PRICE,
  DEFAULT_ITEM_REMOVAL_REASON,
  deductionsFit,
  StudentBillingItemCreateSchema,
  StudentBillingItemRemoveSchema,
  StudentBillingItemXUpdateSchema,
  type StudentBillingWriteResponse,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import type { Tx } from '../db/client';
import { student_fee_components } from '../db/schema';
import { assertNoInstalments } from '../instalments/rules';
import { refreshTotals } from '../ledger/engine';
import {
  assertItemsEditable,
  BILLING_MESSAGES,
  findItemBillId,
  lockStudentBill,
  STUDENT_BILLS,
} from '../ledger/student-bills';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { type BranchScope, findInBranch } from '../lib/scope';
import { pathId, validate } from '../lib/validate';
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
} from './bill-queries';
import { billingRouteContext, WRITE_MESSAGES as MESSAGES } from './route-context';

export async function itemRoutes(app: FastifyInstance): Promise<void> {
  const { guard, writeAnswer, documented } = billingRouteContext(app);

  // --- items ---------------------------------------------------------------------------------------------

  app.post(
    '/student-billing-item',
    documented(guard, {
      summary: 'Add a fee component to an unconfirmed bill',
      input: { body: StudentBillingItemCreateSchema },
      response: 'StudentBillingWriteResponse',
      status: [201],
    }),
    async (request, reply): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const body = validate(StudentBillingItemCreateSchema, request.body);
      const billId = body.student_billing_id;
      await app.database.transaction(async (tx) => {
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
      reply.status(201);
      return writeAnswer(auth, billId, MESSAGES.itemAdded);
    },
  );

  /** The item of the branch (still on its bill) and its bill, both locked, refused unless the bill is unconfirmed. */
  const lockEditableItem = async (tx: Tx, auth: BranchScope, id: number) => {
    const billId = await findItemBillId(tx, auth, id);
    if (billId === undefined) throw notFound();
    const bill = await lockStudentBill(tx, auth, billId);
    assertItemsEditable(bill);
    const item = await lockItemOnBill(tx, id);
    if (!item) throw notFound();
    // A split item keeps its price and quantity: its instalments add up to them (docs/money.md "Instalments").
    await assertNoInstalments(tx, id);
    return item;
  };

  app.post(
    '/student-billing-item-xupdate/:id',
    documented(guard, {
      summary: "Change one field of a bill's item (price, discount, ditanggung, qty)",
      input: { body: StudentBillingItemXUpdateSchema },
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(StudentBillingItemXUpdateSchema, request.body);
      const billId = await app.database.transaction(async (tx) => {
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
      return writeAnswer(auth, billId, MESSAGES.updated);
    },
  );

  // An item no payment ever named is deleted; one a payment named (voided, since the bill is unconfirmed) is
  // kept, marked removed with who, when and why, so its void receipts stay whole (api/ROUTES.md "Removing an item").
  app.delete(
    '/student-billing-item/:id',
    documented(guard, {
      summary: 'Remove an item from an unconfirmed bill (kept as removed)',
      input: { query: StudentBillingItemRemoveSchema },
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { reason } = validate(StudentBillingItemRemoveSchema, request.query ?? {});
      const billId = await app.database.transaction(async (tx) => {
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
      return writeAnswer(auth, billId, MESSAGES.deleted);
    },
  );
}
