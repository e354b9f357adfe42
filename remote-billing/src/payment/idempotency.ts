/**
 * The payment form's Idempotency-Key (api/ROUTES.md "Idempotent payments"): a random UUID made when the form
 * opens, sent with the pay call. Sending the same submission again (a retry after a lost answer, a second
 * click) reuses it, so the server answers the first payment instead of making a second; a different
 * submission gets a new key (the server would refuse a reused key with another body).
 */

/** A version 4 UUID. `crypto.randomUUID` exists only on secure origins (https, localhost); a school's
 * intranet address over http still has `crypto.getRandomValues`. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /** The key of this submission (its body as sent): the open key, the last one again, or a new one. */
  keyFor(body: unknown): string;
}

/** Keys of one opened payment form. */
export function idempotencyKeys(makeKey: () => string = randomKey): IdempotencyKeys {
  let key = makeKey();
  let sent: string | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (sent !== null && sent !== text) key = makeKey();
      sent = text;
      return key;
    },
  };
}
