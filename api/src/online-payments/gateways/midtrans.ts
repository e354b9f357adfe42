/**
 * Midtrans Core API through the official `midtrans-client` (docs/online-payments.md, "Midtrans"): charge a bank
 * transfer VA, Mandiri bill payment or QRIS; a notification is trusted only when its signature_key is
 * SHA512(order_id + status_code + gross_amount + server key), and even then its status is asked again (GET status).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ONLINE_CHANNELS, type OnlineChannel } from '@keuangan/shared/contract';
import midtransClient from 'midtrans-client';
import {
  type ChargeRequest,
  GATEWAY_TIMEOUT_MS,
  GatewayError,
  type GatewayEvent,
  type GatewayStatus,
  type PaymentGateway,
} from './types';

type Json = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The documented signature of a notification (and of a status answer). */
export function midtransSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
) {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

/** Midtrans' transaction_status in our words; capture counts as settlement, pending-like states as pending. */
function statusOf(status: string | null): GatewayStatus {
  if (status === 'settlement' || status === 'capture') return 'settlement';
  if (status === 'expire') return 'expire';
  if (status === 'cancel') return 'cancel';
  if (status === 'deny' || status === 'failure') return 'deny';
  return 'pending';
}

/** The charge body of each channel (Core API "bank_transfer", "echannel", "qris"). */
function chargeBody(request: ChargeRequest): Json {
  const minutes = Math.max(1, Math.round((request.expiresAt.getTime() - Date.now()) / 60_000));
  const common = {
    transaction_details: { order_id: request.orderId, gross_amount: request.amount },
    customer_details: { first_name: request.customerName.slice(0, 50) },
    custom_expiry: { expiry_duration: minutes, unit: 'minute' },
  };
  const banks: Partial<Record<OnlineChannel, string>> = {
    bca_va: 'bca',
    bni_va: 'bni',
    bri_va: 'bri',
    permata_va: 'permata',
  };
  const bank = banks[request.channel];
  if (bank) return { ...common, payment_type: 'bank_transfer', bank_transfer: { bank } };
  if (request.channel === 'mandiri_bill') {
    return {
      ...common,
      payment_type: 'echannel',
      echannel: { bill_info1: 'Pembayaran:', bill_info2: 'Tagihan sekolah' },
    };
  }
  return { ...common, payment_type: 'qris' };
}

/** A library error as a GatewayError: no answer -> timeout/unavailable, 5xx -> unavailable, else refused. */
function gatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  const code = Number((error as { httpStatusCode?: unknown }).httpStatusCode);
  const message = error instanceof Error ? error.message : String(error);
  if (!Number.isFinite(code) || code === 0) {
    return new GatewayError(/timeout/i.test(message) ? 'timeout' : 'unavailable', message);
  }
  if (code === 404) return new GatewayError('not_found', message);
  return new GatewayError(code >= 500 ? 'unavailable' : 'refused', message);
}

export function midtransGateway(options: {
  serverKey: string;
  apiUrl: string;
  timeoutMs?: number | undefined;
}): PaymentGateway {
  const core = new midtransClient.CoreApi({ isProduction: false, serverKey: options.serverKey });
  // MIDTRANS_API_URL (a local fake in tests): the library reads its base URL from this one method.
  core.apiConfig.getCoreApiBaseUrl = () => options.apiUrl.replace(/\/$/, '');
  core.httpClient.http_client.defaults.timeout = options.timeoutMs ?? GATEWAY_TIMEOUT_MS;

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw gatewayError(error);
    }
  };

  const eventOfStatus = (answer: Json): GatewayEvent => {
    const status = statusOf(str(answer.transaction_status));
    const amount = Number(str(answer.gross_amount));
    return {
      orderId: str(answer.order_id) ?? '',
      status,
      transactionId: str(answer.transaction_id),
      amount: Number.isFinite(amount) ? Math.round(amount) : null,
    };
  };

  return {
    provider: 'midtrans',
    // bank_transfer (BCA, BNI, BRI, Permata), echannel (Mandiri bill) and qris: all six.
    channels: ONLINE_CHANNELS,

    async createCharge(request) {
      const answer = await call(() => core.charge(chargeBody(request)));
      const vaNumbers = Array.isArray(answer.va_numbers) ? (answer.va_numbers as Json[]) : [];
      const transactionId = str(answer.transaction_id);
      if (!transactionId) throw new GatewayError('refused', 'charge answer without transaction_id');
      return {
        providerChargeId: transactionId,
        vaNumber: str(vaNumbers[0]?.va_number) ?? str(answer.permata_va_number) ?? str(answer.biller_code),
        billKey: str(answer.bill_key),
        qrString: str(answer.qr_string),
      };
    },

    async cancelCharge(charge) {
      await call(() => core.transaction.cancel(charge.orderId));
    },

    async status(charge) {
      return eventOfStatus(await call(() => core.transaction.status(charge.orderId)));
    },

    receive(rawBody) {
      const eventKey = createHash('sha256').update(rawBody).digest('hex');
      let body: Json;
      try {
        body = JSON.parse(rawBody) as Json;
      } catch {
        return { eventKey, signatureOk: false, orderId: null };
      }
      const orderId = str(body.order_id);
      const statusCode = str(body.status_code);
      const gross = str(body.gross_amount);
      const given = str(body.signature_key);
      if (!orderId || !statusCode || !gross || !given) return { eventKey, signatureOk: false, orderId };
      const expected = Buffer.from(midtransSignature(orderId, statusCode, gross, options.serverKey));
      const actual = Buffer.from(given);
      const signatureOk = actual.length === expected.length && timingSafeEqual(actual, expected);
      return { eventKey, signatureOk, orderId };
    },

    async eventOf(rawBody) {
      // The notification's own body only names the order: the status comes from the provider (GET status).
      const body = JSON.parse(rawBody) as Json;
      return eventOfStatus(await call(() => core.transaction.status(str(body.order_id) ?? '')));
    },
  };
}
