/**
 * A database that cannot answer (down, restarting, out of connections, closed, or busy past our waiting
 * limits) is the server's trouble of the moment, not a bug: the request is answered 503 with Retry-After, and
 * the client may try again (a payment with the same Idempotency-Key).
 */

/** Node's socket errors of a lost or refused connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 53300 (too many
 * connections), 57P01-57P03 (shutting down, crash recovery, not yet accepting); and of our own waiting limits
 * (db/client.ts WAIT_LIMITS): 55P03 a row lock not granted in time, 57014 a statement cancelled at its
 * timeout, 25P03 a transaction ended for idling; and 40P01, a transaction PostgreSQL chose to end to break a
 * deadlock (two writers of one class's kept sums in opposite orders, rare): it rolled back whole, so trying again
 * is safe.
 */
const UNAVAILABLE_STATE = /^(08...|53300|57P0[123]|55P03|57014|25P03|40P01)$/;
/** Messages of the drivers without a code: pg's pool waiting too long, a dropped connection; PGlite closed. */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|PGlite is closed/i;

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** True when the error (or what it wraps: drizzle keeps the driver's error as `cause`) is an unreachable database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || UNAVAILABLE_STATE.test(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}
