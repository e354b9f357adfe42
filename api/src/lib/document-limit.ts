/**
 * How many documents (PDFs, spreadsheets) one user may ask for: a limit per user per minute, whichever instance
 * answers (@fastify/rate-limit with its counts in the database, document-limit-store.ts; counted after the
 * route's guard so the key is the signed-in user; the public one-use links count per address). A person
 * printing and exporting stays far below it; a script looping on an export is refused with 429 and Retry-After
 * instead of filling the document pool for everyone.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { databaseLimitStore } from './document-limit-store';
import { ApiError } from './errors';

export const DOCUMENTS_PER_MINUTE = 60;
export const TOO_MANY_DOCUMENTS = 'Terlalu banyak permintaan dokumen. Coba lagi sebentar';

/** Route config of every route that answers a document: `{ ...guard, config: DOCUMENT_ROUTE }`. */
export const DOCUMENT_ROUTE = { rateLimit: { hook: 'preHandler' as const } };

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
