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

/** Xendit's refusal of a second VA under an external id it already has. */
const DUPLICATE_CODES = new Set(['DUPLICATE_CALLBACK_VIRTUAL_ACCOUNT_ERROR', 'DUPLICATE_ERROR']);

/** The VA in an answer (a VA object, or a list of them), when it is the one of this external id. */
function vaOf(body: Json | Json[], externalId: string) {
  const one = (Array.isArray(body) ? body : Array.isArray(body.data) ? (body.data as Json[]) : [body]).find(
    (va) => str(va.external_id) === externalId,
  );
  const providerVaId = str(one?.id);
  const accountNumber = str(one?.account_number);
  if (!one || !providerVaId || !accountNumber) return null;
  return { providerVaId, accountNumber, name: str(one.name) ?? '' };
}

export function xenditFixedVa(options: {
  secretKey: string;
  apiUrl: string;
  timeoutMs?: number | undefined;
}): FixedVaApi {
  const base = options.apiUrl.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  /** One documented call: basic auth, JSON, our timeout; a 5xx or no answer is 'unavailable', a 4xx 'refused'. */
  async function send(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: Json): Promise<Json> {
    const controller = new AbortController();
    let answer: Response;
    try {
      answer = await withTimeout(
        fetch(`${base}${path}`, {
          method,
          headers: { authorization: auth, 'content-type': 'application/json' },
          ...(payload ? { body: JSON.stringify(payload) } : {}),
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
      const code = str(body.error_code) ?? '';
      throw new GatewayError(kind, `${answer.status} ${code} ${str(body.message) ?? ''}`, code);
    }
    return body;
  }

  async function find(externalId: string) {
    try {
      const body = await send(
        'GET',
        `/callback_virtual_accounts?external_id=${encodeURIComponent(externalId)}`,
      );
      return vaOf(body, externalId);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  return {
    async expire(providerVaId, at) {
      await send('PATCH', `/callback_virtual_accounts/${encodeURIComponent(providerVaId)}`, {
        expiration_date: at.toISOString(),
      });
    },

    find,

    async create(request) {
      let body: Json;
      try {
        body = await send('POST', '/callback_virtual_accounts', {
          external_id: request.externalId,
          bank_code: BANK_CODES[request.bank],
          name: request.name.slice(0, 50),
          is_closed: false,
          is_single_use: false,
        });
      } catch (error) {
        // Made by an earlier try whose answer was lost: that VA is ours, never a second one.
        if (!(error instanceof GatewayError && DUPLICATE_CODES.has(error.code ?? ''))) throw error;
        const earlier = await find(request.externalId);
        if (!earlier) throw error;
        return earlier;
      }
      const made = vaOf(body, request.externalId);
      if (!made) throw new GatewayError('refused', 'no VA in the answer');
      return { ...made, name: str(body.name) ?? request.name };
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
