/**
 * A student's fixed VA (docs/online-payments.md, "Fixed VA"): staff open it (once per bank) and read it; its
 * payment callback is registered with the other notification URLs (routes.ts), raw body and all.
 */
import {
  type FixedVa,
  type FixedVaPaymentRow,
  type MessageResponse,
  ONLINE_PAYMENT_MESSAGES,
  type Paged,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { assertStudentReachable } from '../auth/embed-tokens';
import { requireAuth } from '../auth/guard';
import { ApiError, notFound } from '../lib/errors';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { closeFixedVa } from './fixed-va-close';
import { listFixedVaPayments } from './fixed-va-payment-queries';
import { fixedVaById, fixedVaOf, fixedVasOfStudent } from './fixed-va-queries';
import { openFixedVa } from './fixed-va-writes';
import type { Gateways } from './gateways';
import type { GatewaySimulator } from './simulator';

const documented = routeDocs('Pembayaran Online');

export async function fixedVaRoutes(
  app: FastifyInstance,
  options: { gateways: Gateways; simulator?: GatewaySimulator | undefined },
): Promise<void> {
  const guard = { preHandler: app.financeEditor };

  app.post(
    ROUTES.onlinePayments.createFixedVa.local,
    documented(guard, {
      summary: "The student's open fixed VA at a bank (Xendit): made once, then answered again (200)",
      response: 'FixedVa',
      status: [201, 200],
    }),
    async (request, reply): Promise<FixedVa> => {
      const auth = requireAuth(request);
      const input = validate(ROUTE_INPUTS.onlinePayments.createFixedVa.body, request.body);
      assertStudentReachable(auth, input.student_id);
      const { va, created } = await openFixedVa(app.database, options.gateways, auth, input);
      reply.status(created ? 201 : 200);
      return va;
    },
  );

  app.get(
    ROUTES.onlinePayments.fixedVas.local,
    documented(guard, {
      summary: "A student's fixed VAs",
      response: 'FixedVaList',
    }),
    async (request): Promise<FixedVa[]> => {
      const auth = requireAuth(request);
      const { student_id } = validate(ROUTE_INPUTS.onlinePayments.fixedVas.query, request.query);
      assertStudentReachable(auth, student_id);
      return (await fixedVasOfStudent(app.database.db, auth, student_id as number)).map(fixedVaOf);
    },
  );

  app.get(
    ROUTES.onlinePayments.fixedVaPayments.local,
    documented(guard, {
      summary:
        "The money that arrived on the branch's fixed VAs, flagged first (Pembayaran Online, VA Tetap)",
      response: 'FixedVaPaymentPage',
    }),
    async (request): Promise<Paged<FixedVaPaymentRow>> => {
      const auth = requireAuth(request);
      return listFixedVaPayments(
        app.database.db,
        auth,
        validate(ROUTE_INPUTS.onlinePayments.fixedVaPayments.query, request.query),
      );
    },
  );

  app.post(
    ROUTES.onlinePayments.closeFixedVa.local,
    documented(guard, {
      summary: 'Closes the fixed VA: expired at Xendit, then marked closed with the reason (audited)',
      response: 'FixedVa',
    }),
    async (request): Promise<FixedVa> => {
      const auth = requireAuth(request);
      const input = validate(ROUTE_INPUTS.onlinePayments.closeFixedVa.body, request.body);
      return closeFixedVa(app.database, options.gateways, auth, pathId(request), input);
    },
  );

  // The demo only: the simulator sends Xendit's "FVA paid" callback to our own callback URL (the real path).
  app.post(
    ROUTES.onlinePayments.simulateFixedVa.local,
    documented(guard, {
      summary: 'The demo simulator pays an amount into the fixed VA and sends its callback (simulator only)',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const { amount } = validate(ROUTE_INPUTS.onlinePayments.simulateFixedVa.body, request.body);
      if (!options.simulator) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.simulatorOff);
      const va = await fixedVaById(app.database.db, auth, pathId(request));
      if (!va) throw notFound();
      assertStudentReachable(auth, va.student_id);
      const status = await options.simulator.payFixedVa(va.external_id, amount);
      if (status !== 200) throw new ApiError(503, ONLINE_PAYMENT_MESSAGES.gatewayDown);
      return { message: ONLINE_PAYMENT_MESSAGES.simulated };
    },
  );
}
