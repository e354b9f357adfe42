/**
 * Online payments (docs/online-payments.md): staff make and read charges; the gateways' notification URLs are
 * public (no session: the gateway's signature is the only proof) and read their body as the raw text it was sent.
 */
import {
  type MessageResponse,
  ONLINE_CHANNELS,
  ONLINE_PAYMENT_MESSAGES,
  type OnlineCharge,
  OnlineChargeCreateSchema,
  type OnlineChargeDetail,
  type OnlineGatewayInfo,
  type Paged,
} from '@keuangan/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard';
import { idempotencyKeyOf } from '../ledger/engine';
import { ApiError } from '../lib/errors';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { checkStatus, createCharge } from './charges';
import { defaultGateway, type Gateways } from './gateways';
import { receiveNotification } from './notifications';
import { listCharges, loadChargeDetail, OnlineChargeListQuery } from './queries';

const documented = routeDocs('Pembayaran Online');

/** The demo's local provider (gateway-simulator/): pays an order and sends its signed notification to us. */
export interface GatewaySimulator {
  pay(orderId: string): Promise<number>;
}

/** The channels each provider's adapter charges (a branch's own choice is still to come). */
const CHANNELS = [...ONLINE_CHANNELS];

export async function onlinePaymentRoutes(
  app: FastifyInstance,
  options: { gateways: Gateways; simulator?: GatewaySimulator | undefined },
): Promise<void> {
  const { gateways, simulator } = options;
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.post(
    '/online-payments',
    documented(guard, {
      summary:
        'A VA or QRIS charge for unpaid items of a bill (200 replays a charge made under the same key)',
      input: { body: OnlineChargeCreateSchema },
      response: 'OnlineCharge',
      status: [201, 200],
      idempotent: true,
    }),
    async (request, reply): Promise<OnlineCharge> => {
      const auth = requireAuth(request);
      const input = validate(OnlineChargeCreateSchema, request.body);
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { charge, replayed } = await createCharge(app.database, gateways, auth, input, key, request.log);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      reply.status(replayed ? 200 : 201);
      return charge;
    },
  );

  app.get(
    '/online-payments',
    documented(guard, {
      summary: "The branch's online charges, flagged and unposted first",
      input: { query: OnlineChargeListQuery },
      response: 'OnlineChargePage',
    }),
    async (request): Promise<Paged<OnlineCharge>> =>
      listCharges(db, requireAuth(request), validate(OnlineChargeListQuery, request.query)),
  );

  app.get(
    '/online-payments/channels',
    documented(guard, {
      summary: 'Whether the branch can charge online, through which provider and channels',
      input: 'none',
      response: 'OnlineGatewayInfo',
    }),
    async (): Promise<OnlineGatewayInfo> => {
      const gateway = defaultGateway(gateways);
      return {
        configured: gateway !== undefined,
        provider: gateway?.provider ?? null,
        channels: gateway ? CHANNELS : [],
        simulator: simulator !== undefined,
      };
    },
  );

  // The demo only: the simulator settles the order and notifies our own notification URL (the real path).
  app.post(
    '/online-payments/:id/simulate',
    documented(guard, {
      summary: 'The demo simulator pays the charge and sends its signed notification (simulator only)',
      input: 'none',
      response: 'OnlineChargeDetail',
    }),
    async (request): Promise<OnlineChargeDetail> => {
      const auth = requireAuth(request);
      if (!simulator) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.simulatorOff);
      const charge = await loadChargeDetail(db, auth, pathId(request));
      if (charge.status !== 'pending') throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notPending);
      const status = await simulator.pay(charge.order_id);
      if (status >= 500) throw new ApiError(503, ONLINE_PAYMENT_MESSAGES.gatewayDown);
      return loadChargeDetail(db, auth, charge.id);
    },
  );

  app.get(
    '/online-payments/:id',
    documented(guard, {
      summary: 'One online charge and its notifications',
      input: 'none',
      response: 'OnlineChargeDetail',
    }),
    async (request): Promise<OnlineChargeDetail> =>
      loadChargeDetail(db, requireAuth(request), pathId(request)),
  );

  // Asks the provider again (a notification lost, or posting interrupted): the same state machine as a notification.
  app.post(
    '/online-payments/:id/check',
    documented(guard, {
      summary:
        "Asks the provider for the charge's status and applies it (a lost notification, an interrupted post)",
      input: 'none',
      response: 'OnlineChargeDetail',
    }),
    async (request): Promise<OnlineChargeDetail> => {
      const auth = requireAuth(request);
      const charge = await loadChargeDetail(db, auth, pathId(request));
      const gateway = gateways[charge.provider];
      if (!gateway) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notConfigured);
      await checkStatus(app.database, gateway, charge);
      return loadChargeDetail(db, auth, charge.id);
    },
  );

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
          ? '/payment-gateway/midtrans/notification'
          : '/payment-gateway/xendit/callback';
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
  });

  async function notification(
    provider: 'midtrans' | 'xendit',
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<MessageResponse> {
    const gateway = gateways[provider];
    if (!gateway) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notConfigured);
    const raw = typeof request.body === 'string' ? request.body : '';
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
    );
    const received = await receiveNotification(app.database, gateway, raw, headers);
    if (received.kind === 'bad_signature') throw new ApiError(401, ONLINE_PAYMENT_MESSAGES.badSignature);
    // Not processed (the provider or status check failed): 503 asks the provider to send it again.
    if (received.kind === 'failed') {
      reply.header('retry-after', '60');
      throw new ApiError(503, ONLINE_PAYMENT_MESSAGES.gatewayDown);
    }
    return { message: ONLINE_PAYMENT_MESSAGES.received };
  }
}
