/**
 * Documents per user per minute, whichever instance answers (api/README.md "Documents off the request path"):
 * counted after the guard so the key is the user, so a looping script gets 429, not the document pool.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { databaseLimitStore } from './document-limit-store';
import { ApiError } from './errors';

export const DOCUMENTS_PER_MINUTE = 60;
export const TOO_MANY_DOCUMENTS = 'Terlalu banyak permintaan dokumen. Coba lagi sebentar';

/**
 * Route config of every route that answers a document: `{ ...guard, config: DOCUMENT_ROUTE }`. `document`: it
 * reads and builds in one of the pool's turns (`registerDocumentTurns`).
 */
export const DOCUMENT_ROUTE = { rateLimit: { hook: 'preHandler' as const }, document: true as const };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers a document (`DOCUMENT_ROUTE`). */
    document?: true;
  }
  interface FastifyRequest {
    /** The release of its document turn (`registerDocumentTurns`). */
    documentTurn?: () => void;
  }
}

/**
 * A document route's request takes one of the pool's turns before it reads its data (documents/pool.ts `admit`),
 * after its guard and the limit per user, and gives it back when answered or abandoned.
 */
export function registerDocumentTurns(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.document) return;
    const hooks = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [
      ...hooks,
      async (request, reply) => {
        const release = await app.documents.admit();
        request.documentTurn = release;
        // Given back however the answer ends: sent, failed, or the client gone (even while it waited in line,
        // when no hook of its own is left to run).
        if (reply.raw.destroyed || request.raw.destroyed) release();
        else reply.raw.once('close', release);
      },
    ];
  });
  const release = async (request: FastifyRequest) => request.documentTurn?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

export async function registerDocumentLimit(
  app: FastifyInstance,
  database: Database,
  perMinute = DOCUMENTS_PER_MINUTE,
) {
  await app.register(rateLimit, {
    global: false,
    store: databaseLimitStore(database),
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `user:${request.auth.clientId}:${request.auth.userId}` : `address:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, TOO_MANY_DOCUMENTS, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
}
