/**
 * Charging and confirming (api/ROUTES.md "Billing"): a class-month's main bills, extra bills, confirming a
 * filter or one bill, and deleting an unconfirmed extra bill.
 */
import {
  DEFAULT_VOID_REASON,
  FORM_STATUS_CONFIRMED,
  type MessageResponse,
  type StudentBillingBatchResponse,
  StudentBillingBatchSchema,
  type StudentBillingConfirmResponse,
  StudentBillingConfirmSchema,
  type StudentBillingExtraResponse,
  StudentBillingExtraSchema,
  type StudentBillingWriteResponse,
  StudentBillingXUpdateSchema,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { assertStudentPaymentsVoidable } from '../cash-closing/rules';
import { refreshTotals } from '../ledger/engine';
import { bookBills, bookVoids } from '../ledger/journal';
import {
  assertDeletable,
  BILLING_MESSAGES,
  lockStudentBill,
  STUDENT_BILLS,
  type StudentBillRow,
} from '../ledger/student-bills';
import { reverseCreditOfPayments } from '../ledger/student-credit';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError } from '../lib/errors';
import { pathId, validate } from '../lib/validate';
import {
  confirmBillsWhere,
  countBillsWhere,
  countItemsOnBill,
  deleteBillAndItems,
  setBillFormStatus,
  unconfirmedBillsWhere,
} from './bill-queries';
import { CHARGE_MESSAGES, chargeBatch, createExtraBills } from './charge';
import { billingRouteContext, WRITE_MESSAGES as MESSAGES } from './route-context';

export async function chargeRoutes(app: FastifyInstance): Promise<void> {
  const { db, guard, writeAnswer, documented } = billingRouteContext(app);

  // --- charging and confirming ---------------------------------------------------------------------------

  app.post(
    '/student-billing-batch',
    documented(guard, {
      summary: "Charge a class's (or level's) fee components of a month as bills",
      input: { body: StudentBillingBatchSchema },
      response: 'StudentBillingBatchResponse',
    }),
    async (request): Promise<StudentBillingBatchResponse> => {
      const auth = requireAuth(request);
      const filter = validate(StudentBillingBatchSchema, request.body);
      const outcome = await app.database.transaction((tx) => chargeBatch(tx, auth, filter));
      return { message: CHARGE_MESSAGES.charged, ...outcome };
    },
  );

  app.post(
    '/student-billing-extra',
    documented(guard, {
      summary: 'Extra bills for chosen students',
      input: { body: StudentBillingExtraSchema },
      response: 'StudentBillingExtraResponse',
      status: [201],
    }),
    async (request, reply): Promise<StudentBillingExtraResponse> => {
      const auth = requireAuth(request);
      const body = validate(StudentBillingExtraSchema, request.body);
      const ids = await app.database.transaction((tx) => createExtraBills(tx, auth, body));
      reply.status(201);
      return { message: CHARGE_MESSAGES.extraCreated, created: ids.length, ids };
    },
  );

  app.post(
    '/student-billing-update-form-status',
    documented(guard, {
      summary: 'Confirm the unconfirmed bills matching the filters (or count them: dry_run)',
      input: { body: StudentBillingConfirmSchema },
      response: 'StudentBillingConfirmResponse',
    }),
    async (request): Promise<StudentBillingConfirmResponse> => {
      const scope = requireAuth(request);
      const body = validate(StudentBillingConfirmSchema, request.body);
      // Only what the list shows (its filter and search) or, when bills are ticked, only those.
      const where = unconfirmedBillsWhere(db, scope, body);
      if (body.dry_run) return { message: '', confirmed: await countBillsWhere(db, where) };
      const confirmed = await app.database.transaction(async (tx) => {
        const rows = await confirmBillsWhere(tx, where);
        await bookBills(tx, rows, scope); // docs/books.md
        if (rows.length > 0) {
          await recordAudit(tx, auditWho(scope), {
            action: 'billing.confirm_all',
            entity: 'student_billing',
            after: { count: rows.length, ids: rows.map((row) => row.id) },
          });
        }
        return rows.length;
      });
      return { message: MESSAGES.confirmedAll, confirmed };
    },
  );

  app.post(
    '/student-billing-xupdate/:id',
    documented(guard, {
      summary: 'Confirm or unconfirm one bill',
      input: { body: StudentBillingXUpdateSchema },
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(StudentBillingXUpdateSchema, request.body);
      await app.database.transaction(async (tx) => {
        // Withdrawing voids payments whole, a payment of several bills too: lock all its bills in id order first
        // (as a payment does), so the two queue instead of deadlocking.
        const paidWith =
          body.value === FORM_STATUS_CONFIRMED ? [] : await STUDENT_BILLS.billsPaidWith(tx, id);
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
      return writeAnswer(
        auth,
        id,
        body.value === FORM_STATUS_CONFIRMED ? MESSAGES.confirmed : MESSAGES.unconfirmed,
      );
    },
  );

  app.delete(
    '/student-billing/:id',
    documented(guard, {
      summary: 'Delete an unconfirmed bill without payments',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      await app.database.transaction(async (tx) => {
        const bill = await lockStudentBill(tx, auth, id);
        await assertDeletable(tx, bill);
        await deleteBillAndItems(tx, id);
      });
      return { message: MESSAGES.deleted };
    },
  );
}
