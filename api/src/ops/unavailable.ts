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
 * SQLSTATEs of a server that cannot serve now (08, 53300, 57P01-57P03) and of our own waiting limits (55P03,
 * 57014, 25P03), and 40P01 (a deadlock victim, rolled back whole): retrying is safe (api/README.md "Timeouts").
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
