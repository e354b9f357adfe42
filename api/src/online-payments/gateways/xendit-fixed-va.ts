/**
 * Xendit's fixed VA (docs/online-payments.md, "Fixed VA"): `POST /callback_virtual_accounts` with `is_closed`
 * false (any amount) and no expected amount, `PATCH /callback_virtual_accounts/{id}` with `expiration_date` now to
 * close it, and its "FVA paid" callback. xendit-node 7 has no client for this
 * API, so the documented calls are made here with the same basic auth (secret key as the user name).
 */
import type { FixedVaBank } from '@keuangan/shared/contract';
import { type FixedVaApi, type FixedVaPayment, GatewayError, withTimeout } from './types';

type Json = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const BANK_CODES: Record<FixedVaBank, string> = {
  bca: 'BCA',
  bni: 'BNI',
  bri: 'BRI',
  permata: 'PERMATA',
  mandiri: 'MANDIRI',
};

export function xenditFixedVa(options: {
  secretKey: string;
  apiUrl: string;
  timeoutMs?: number | undefined;
}): FixedVaApi {
  const base = options.apiUrl.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  /** One documented call: basic auth, JSON, our timeout; a 5xx or no answer is 'unavailable', a 4xx 'refused'. */
  async function send(method: 'POST' | 'PATCH', path: string, payload: Json): Promise<Json> {
    const controller = new AbortController();
    let answer: Response;
    try {
      answer = await withTimeout(
        fetch(`${base}${path}`, {
          method,
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: controller.signal,
        }),
        options.timeoutMs,
      );
    } catch (error) {
      controller.abort();
      if (error instanceof GatewayError) throw error;
      throw new GatewayError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const body = (await answer.json().catch(() => ({}))) as Json;
    if (!answer.ok) {
      const kind = answer.status >= 500 ? 'unavailable' : answer.status === 404 ? 'not_found' : 'refused';
      throw new GatewayError(
        kind,
        `${answer.status} ${str(body.error_code) ?? ''} ${str(body.message) ?? ''}`,
      );
    }
    return body;
  }

  return {
    async expire(providerVaId, at) {
      await send('PATCH', `/callback_virtual_accounts/${encodeURIComponent(providerVaId)}`, {
        expiration_date: at.toISOString(),
      });
    },

    async create(request) {
      const body = await send('POST', '/callback_virtual_accounts', {
        external_id: request.externalId,
        bank_code: BANK_CODES[request.bank],
        name: request.name.slice(0, 50),
        is_closed: false,
        is_single_use: false,
      });
      const providerVaId = str(body.id);
      const accountNumber = str(body.account_number);
      if (!providerVaId || !accountNumber) throw new GatewayError('refused', 'no VA in the answer');
      return { providerVaId, accountNumber, name: str(body.name) ?? request.name };
    },

    read(rawBody): FixedVaPayment {
      let body: Json = {};
      try {
        body = JSON.parse(rawBody) as Json;
      } catch {
        // kept as received; nothing to read
      }
      const amount = Number(body.amount);
      return {
        paymentId: str(body.payment_id),
        vaId: str(body.callback_virtual_account_id),
        externalId: str(body.external_id),
        amount: Number.isSafeInteger(amount) && amount > 0 ? amount : null,
      };
    },
  };
}
