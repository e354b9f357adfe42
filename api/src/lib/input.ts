/**
 * Checks every request's text before any handler sees it: PostgreSQL cannot store a NUL character (error
 * 22021), and no field of this API has a use for one. A request carrying one, in its address (path or query)
 * or anywhere in its JSON body (values or keys), is answered 400 and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, MESSAGES } from './errors';

const NUL = '\u0000';

/** True when a string or an object key anywhere inside `value` holds a NUL (walked without recursion). */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes(NUL)) throw new ApiError(400, MESSAGES.nulCharacter);
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw new ApiError(400, MESSAGES.nulCharacter);
  });
}
