/**
 * A bill's items (api/ROUTES.md "Billing"): adding a component, editing price, discount, bail and qty while
 * unconfirmed, and removing an item (kept, with who and why, when it was paid on).
 */
import { ROUTES, type StudentBillingWriteResponse } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import { pathId, validate } from '../../lib/validate';
import { billingRouteContext, WRITE_MESSAGES as MESSAGES } from '../route-context';
import { addItem, removeItem, updateItem } from './writes';

export async function itemRoutes(app: FastifyInstance): Promise<void> {
  const { guard, writeAnswer, documented } = billingRouteContext(app);

  // --- items ---------------------------------------------------------------------------------------------

  app.post(
    ROUTES.billing.addItem.local,
    documented(guard, {
      summary: 'Add a fee component to an unconfirmed bill',
      response: 'StudentBillingWriteResponse',
      status: [201],
    }),
    async (request, reply): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.billing.addItem.body, request.body);
      await addItem(app.database, auth, body);
      reply.status(201);
      return writeAnswer(auth, body.student_billing_id, MESSAGES.itemAdded);
    },
  );

  app.post(
    ROUTES.billing.updateItemField.local,
    documented(guard, {
      summary: "Change one field of a bill's item (price, discount, ditanggung, qty)",
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.billing.updateItemField.body, request.body);
      const billId = await updateItem(app.database, auth, id, body);
      return writeAnswer(auth, billId, MESSAGES.updated);
    },
  );

  app.delete(
    ROUTES.billing.deleteItem.local,
    documented(guard, {
      summary: 'Remove an item from an unconfirmed bill (kept as removed)',
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { reason } = validate(ROUTE_INPUTS.billing.deleteItem.query, request.query ?? {});
      const billId = await removeItem(app.database, auth, id, reason);
      return writeAnswer(auth, billId, MESSAGES.deleted);
    },
  );
}
