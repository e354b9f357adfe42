/**
 * Charging and confirming (api/ROUTES.md "Billing"): a class-month's main bills, extra bills, confirming a
 * filter or one bill, and deleting an unconfirmed extra bill.
 */
import {
  FORM_STATUS_CONFIRMED,
  type MessageResponse,
  ROUTES,
  type StudentBillingBatchResponse,
  type StudentBillingConfirmResponse,
  type StudentBillingExtraResponse,
  type StudentBillingWriteResponse,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import { pathId, validate } from '../../lib/validate';
import { billingRouteContext, WRITE_MESSAGES as MESSAGES } from '../route-context';
import { countUnconfirmedBills } from './bill-queries';
import { CHARGE_MESSAGES } from './charge';
import { addExtraBills, chargeBills, confirmBills, deleteBill, setFormStatus } from './writes';

export async function chargeRoutes(app: FastifyInstance): Promise<void> {
  const { db, guard, writeAnswer, documented } = billingRouteContext(app);

  // --- charging and confirming ---------------------------------------------------------------------------

  app.post(
    ROUTES.billing.chargeBatch.local,
    documented(guard, {
      summary: "Charge a class's (or level's) fee components of a month as bills",
      response: 'StudentBillingBatchResponse',
    }),
    async (request): Promise<StudentBillingBatchResponse> => {
      const auth = requireAuth(request);
      const filter = validate(ROUTE_INPUTS.billing.chargeBatch.body, request.body);
      const outcome = await chargeBills(app.database, auth, filter);
      return { message: CHARGE_MESSAGES.charged, ...outcome };
    },
  );

  app.post(
    ROUTES.billing.extraBills.local,
    documented(guard, {
      summary: 'Extra bills for chosen students',
      response: 'StudentBillingExtraResponse',
      status: [201],
    }),
    async (request, reply): Promise<StudentBillingExtraResponse> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.billing.extraBills.body, request.body);
      const ids = await addExtraBills(app.database, auth, body);
      reply.status(201);
      return { message: CHARGE_MESSAGES.extraCreated, created: ids.length, ids };
    },
  );

  app.post(
    ROUTES.billing.confirmBills.local,
    documented(guard, {
      summary: 'Confirm the unconfirmed bills matching the filters (or count them: dry_run)',
      response: 'StudentBillingConfirmResponse',
    }),
    async (request): Promise<StudentBillingConfirmResponse> => {
      const scope = requireAuth(request);
      const body = validate(ROUTE_INPUTS.billing.confirmBills.body, request.body);
      // Only what the list shows (its filter and search) or, when bills are ticked, only those.
      if (body.dry_run) return { message: '', confirmed: await countUnconfirmedBills(db, scope, body) };
      const confirmed = await confirmBills(app.database, scope, body);
      return { message: MESSAGES.confirmedAll, confirmed };
    },
  );

  app.post(
    ROUTES.billing.updateBillField.local,
    documented(guard, {
      summary: 'Confirm or unconfirm one bill',
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.billing.updateBillField.body, request.body);
      await setFormStatus(app.database, auth, id, body);
      return writeAnswer(
        auth,
        id,
        body.value === FORM_STATUS_CONFIRMED ? MESSAGES.confirmed : MESSAGES.unconfirmed,
      );
    },
  );

  app.delete(
    ROUTES.billing.deleteBill.local,
    documented(guard, {
      summary: 'Delete an unconfirmed bill without payments',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      await deleteBill(app.database, requireAuth(request), pathId(request));
      return { message: MESSAGES.deleted };
    },
  );
}
