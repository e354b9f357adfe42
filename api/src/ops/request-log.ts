import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A short id per request: in the one log line of the request, in X-Request-Id, in the screens' error text. */
export const newRequestId = (): string => randomBytes(6).toString('hex');

/**
 * One JSON log line per request (Fastify's own two are off): method, path, status, milliseconds, the user,
 * under the request's id. The id goes back in `X-Request-Id`, so a user's report of an error finds its line.
 */
export function logEachRequest(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const user = request.auth?.userId;
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...(user ? { user } : {}),
      },
      'request',
    );
  });
}
