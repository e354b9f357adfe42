/**
 * Online payments (docs/online-payments.md): staff make and read charges; the gateways' notification URLs are
 * public (no session: the gateway's signature is the only proof) and read their body as the raw text it was sent.
 */
import {
  EMBED_MESSAGES,
  type MessageResponse,
  ONLINE_PAYMENT_MESSAGES,
  type OnlineCharge,
  type OnlineChargeDetail,
  type OnlineGatewayInfo,
  type OnlinePaymentSettings,
  type Paged,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertBillsReachable, assertStudentReachable } from '../auth/embed-tokens';
import { requireAuth } from '../auth/guard';
import type { AuthContext } from '../auth/session';
import { idempotencyKeyOf } from '../ledger/engine';
import { ApiError, forbidden } from '../lib/errors';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { checkStatus, createCharge } from './charges';
import { fixedVaRoutes } from './fixed-va-routes';
import { receiveFixedVaPayment, requireFixedVa } from './fixed-va-writes';
import type { Gateways } from './gateways';
import { receiveNotification } from './notifications';
import { listCharges, loadChargeDetail } from './queries';
import { findBranchSettings } from './settings-queries';
import { branchGatewayOf, settingsAnswer } from './settings-rules';
import type { GatewaySimulator } from './simulator';
import { saveOnlineSettings } from './writes';

const documented = routeDocs('Pembayaran Online');

export async function onlinePaymentRoutes(
  app: FastifyInstance,
  options: { gateways: Gateways; simulator?: GatewaySimulator | undefined },
): Promise<void> {
  const { gateways, simulator } = options;
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };
  // Bayar Online in the embedded view: any billing:pay token, for its own student's bills (docs/online-payments.md).
  const payOnline = { ...guard, config: { embed: 'pay_online' as const } };
  /** A charge the caller may see: of its branch, and of its token's student when the token names one. */
  const reachableCharge = async (auth: AuthContext, id: number) => {
    const charge = await loadChargeDetail(db, auth, id);
    assertStudentReachable(auth, charge.student_id);
    return charge;
  };

  app.post(
    ROUTES.onlinePayments.create.local,
    documented(payOnline, {
      summary:
        'A VA or QRIS charge for unpaid items of a bill or of several (200 replays a charge made under the same key)',
      response: 'OnlineCharge',
      status: [201, 200],
      idempotent: true,
    }),
    async (request, reply): Promise<OnlineCharge> => {
      const auth = requireAuth(request);
      const input = validate(ROUTE_INPUTS.onlinePayments.create.body, request.body);
      await assertBillsReachable(db, auth, input.student_billing_ids ?? [input.student_billing_id as number]);
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { charge, replayed } = await createCharge(app.database, gateways, auth, input, key, request.log);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      reply.status(replayed ? 200 : 201);
      return charge;
    },
  );

  app.get(
    ROUTES.onlinePayments.charges.local,
    documented(payOnline, {
      summary: "The branch's online charges, flagged and unposted first (an embed token: one bill's)",
      response: 'OnlineChargePage',
    }),
    async (request): Promise<Paged<OnlineCharge>> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.onlinePayments.charges.query, request.query);
      // An embed token reads the charges of one bill it may see (its open charge), never the branch's list.
      if (auth.embed) {
        if (!query.student_billing_id) throw forbidden(EMBED_MESSAGES.outOfScope);
        await assertBillsReachable(db, auth, [query.student_billing_id]);
      }
      return listCharges(db, auth, query);
    },
  );

  app.get(
    ROUTES.onlinePayments.channels.local,
    documented(payOnline, {
      summary: 'Whether the branch can charge online, through which provider and channels',
      input: 'none',
      response: 'OnlineGatewayInfo',
    }),
    async (request): Promise<OnlineGatewayInfo> => {
      // The branch's choice (or the default): the channels Tagih Online and Bayar Online offer.
      const branch = branchGatewayOf(gateways, await findBranchSettings(db, requireAuth(request)));
      return {
        configured: branch !== undefined,
        provider: branch?.gateway.provider ?? null,
        channels: branch?.channels ?? [],
        simulator: simulator !== undefined,
        fixed_va: gateways.xendit?.fixedVa !== undefined,
      };
    },
  );

  app.get(
    ROUTES.onlinePayments.settings.local,
    documented(guard, {
      summary: "The branch's gateway and channels, and the configured providers to choose from",
      input: 'none',
      response: 'OnlinePaymentSettings',
    }),
    async (request): Promise<OnlinePaymentSettings> =>
      settingsAnswer(gateways, await findBranchSettings(db, requireAuth(request))),
  );

  app.put(
    ROUTES.onlinePayments.saveSettings.local,
    documented(guard, {
      summary:
        "Chooses the branch's gateway and channels (admins; a configured provider, at least one channel)",
      response: 'OnlinePaymentSettings',
    }),
    async (request): Promise<OnlinePaymentSettings> => {
      const auth = requireAuth(request);
      const input = validate(ROUTE_INPUTS.onlinePayments.saveSettings.body, request.body);
      return saveOnlineSettings(app.database, gateways, auth, input);
    },
  );

  // The demo only: the simulator settles the order and notifies our own notification URL (the real path).
  app.post(
    ROUTES.onlinePayments.simulate.local,
    documented(payOnline, {
      summary: 'The demo simulator pays the charge and sends its signed notification (simulator only)',
      input: 'none',
      response: 'OnlineChargeDetail',
    }),
    async (request): Promise<OnlineChargeDetail> => {
      const auth = requireAuth(request);
      if (!simulator) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.simulatorOff);
      const charge = await reachableCharge(auth, pathId(request));
      if (charge.status !== 'pending') throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notPending);
      const status = await simulator.pay(charge.order_id);
      if (status >= 500) throw new ApiError(503, ONLINE_PAYMENT_MESSAGES.gatewayDown);
      return loadChargeDetail(db, auth, charge.id);
    },
  );

  app.get(
    ROUTES.onlinePayments.charge.local,
    documented(payOnline, {
      summary: 'One online charge and its notifications',
      input: 'none',
      response: 'OnlineChargeDetail',
    }),
    async (request): Promise<OnlineChargeDetail> => reachableCharge(requireAuth(request), pathId(request)),
  );

  // Asks the provider again (a notification lost, or posting interrupted): the same state machine as a notification.
  app.post(
    ROUTES.onlinePayments.check.local,
    documented(payOnline, {
      summary:
        "Asks the provider for the charge's status and applies it (a lost notification, an interrupted post)",
      input: 'none',
      response: 'OnlineChargeDetail',
    }),
    async (request): Promise<OnlineChargeDetail> => {
      const auth = requireAuth(request);
      const charge = await reachableCharge(auth, pathId(request));
      const gateway = gateways[charge.provider];
      if (!gateway) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notConfigured);
      await checkStatus(app.database, gateway, charge);
      return loadChargeDetail(db, auth, charge.id);
    },
  );

  await app.register(fixedVaRoutes, { gateways, simulator });

  await app.register(async (hooks) => {
    // The body as sent: what is stored for review, and what Midtrans' status check is asked about.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const open = { config: { public: true } };
    for (const provider of ['midtrans', 'xendit'] as const) {
      const path =
        provider === 'midtrans'
          ? ROUTES.gateways.midtransNotification.local
          : ROUTES.gateways.xenditCallback.local;
      hooks.post(
        path,
        documented(open, {
          summary: `A ${provider} notification: verified, stored once, then applied to its charge`,
          input: 'none',
          response: 'MessageResponse',
        }),
        async (request, reply): Promise<MessageResponse> => notification(provider, request, reply),
      );
    }
    // Xendit's "FVA paid" callback: money on a student's fixed VA (docs/online-payments.md, "Fixed VA").
    hooks.post(
      ROUTES.gateways.xenditFixedVa.local,
      documented(open, {
        summary: "Xendit's fixed VA payment callback: verified, stored once per payment id, then allocated",
        input: 'none',
        response: 'MessageResponse',
      }),
      async (request, reply): Promise<MessageResponse> => {
        const gateway = requireFixedVa(gateways);
        const received = await receiveFixedVaPayment(
          app.database,
          gateway,
          rawOf(request),
          headersOf(request),
        );
        return answerOf(received, reply);
      },
    );
  });

  async function notification(
    provider: 'midtrans' | 'xendit',
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<MessageResponse> {
    const gateway = gateways[provider];
    if (!gateway) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notConfigured);
    const received = await receiveNotification(app.database, gateway, rawOf(request), headersOf(request));
    return answerOf(received.kind, reply);
  }
}

const rawOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
const headersOf = (request: FastifyRequest) =>
  Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );

/** A notification's answer: 401 for a bad signature, 503 (send again) when processing failed, else 200. */
function answerOf(kind: string, reply: FastifyReply): MessageResponse {
  if (kind === 'bad_signature') throw new ApiError(401, ONLINE_PAYMENT_MESSAGES.badSignature);
  // Not processed (the provider or status check failed): 503 asks the provider to send it again.
  if (kind === 'failed') {
    reply.header('retry-after', '60');
    throw new ApiError(503, ONLINE_PAYMENT_MESSAGES.gatewayDown);
  }
  return { message: ONLINE_PAYMENT_MESSAGES.received };
}
