/**
 * Xendit through the official `xendit-node` (Payment Requests API; docs/online-payments.md, "Xendit"): a one-time
 * VA or QRIS per charge. A callback is trusted only when its `x-callback-token` header is the account's
 * verification token; `webhook-id` names the event, so a repeat is stored and processed once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ONLINE_CHANNELS, type OnlineChannel } from '@keuangan/shared/contract';
import { PaymentMethod, PaymentRequest, XenditSdkError } from 'xendit-node';
import type { PaymentRequestParameters } from 'xendit-node/payment_request/models';
import {
  GatewayError,
  type GatewayEvent,
  type GatewayStatus,
  type PaymentGateway,
  withTimeout,
} from './types';
import { xenditFixedVa } from './xendit-fixed-va';

type Json = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const VA_BANKS: Partial<Record<OnlineChannel, 'BCA' | 'BNI' | 'BRI' | 'PERMATA' | 'MANDIRI'>> = {
  bca_va: 'BCA',
  bni_va: 'BNI',
  bri_va: 'BRI',
  permata_va: 'PERMATA',
  mandiri_bill: 'MANDIRI',
};

/** Xendit's payment status in our words. */
function statusOf(status: string | null): GatewayStatus {
  if (status === 'SUCCEEDED' || status === 'PAID' || status === 'COMPLETED') return 'settlement';
  if (status === 'EXPIRED') return 'expire';
  if (status === 'CANCELED' || status === 'VOIDED') return 'cancel';
  if (status === 'FAILED') return 'deny';
  return 'pending';
}

function gatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof XenditSdkError) {
    const code = Number(error.status);
    if (code === 404) return new GatewayError('not_found', error.message);
    return new GatewayError(
      code >= 500 ? 'unavailable' : 'refused',
      `${error.message} ${error.errorCode ?? ''}`,
    );
  }
  return new GatewayError('unavailable', error instanceof Error ? error.message : String(error));
}

const sameSecret = (given: string | undefined, expected: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function xenditGateway(options: {
  secretKey: string;
  callbackToken: string;
  apiUrl: string;
  timeoutMs?: number | undefined;
}): PaymentGateway {
  const opts = { secretKey: options.secretKey, xenditURL: options.apiUrl.replace(/\/$/, '') };
  const requests = new PaymentRequest(opts);
  const methods = new PaymentMethod(opts);
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(run(), options.timeoutMs);
    } catch (error) {
      throw gatewayError(error);
    }
  };

  return {
    provider: 'xendit',
    // One-time VAs of the five banks (Mandiri as a VA) and QRIS: all six.
    channels: ONLINE_CHANNELS,
    fixedVa: xenditFixedVa(options),

    async createCharge(request) {
      const bank = VA_BANKS[request.channel];
      const data: PaymentRequestParameters = {
        referenceId: request.orderId,
        amount: request.amount,
        currency: 'IDR',
        paymentMethod: bank
          ? {
              type: 'VIRTUAL_ACCOUNT',
              reusability: 'ONE_TIME_USE',
              virtualAccount: {
                channelCode: bank,
                channelProperties: {
                  customerName: request.customerName.slice(0, 50),
                  expiresAt: request.expiresAt,
                },
              },
            }
          : {
              type: 'QR_CODE',
              reusability: 'ONE_TIME_USE',
              qrCode: { channelCode: 'QRIS', channelProperties: { expiresAt: request.expiresAt } },
            },
      };
      const answer = await call(() =>
        requests.createPaymentRequest({ idempotencyKey: request.idempotencyKey, data }),
      );
      const method = answer.paymentMethod;
      return {
        providerChargeId: answer.id,
        vaNumber: method.virtualAccount?.channelProperties.virtualAccountNumber ?? null,
        billKey: null,
        qrString: method.qrCode?.channelProperties?.qrString ?? null,
      };
    },

    async cancelCharge(charge) {
      if (!charge.providerChargeId) return;
      const id = charge.providerChargeId;
      const answer = await call(() => requests.getPaymentRequestByID({ paymentRequestId: id }));
      await call(() => methods.expirePaymentMethod({ paymentMethodId: answer.paymentMethod.id }));
    },

    async status(charge) {
      const id = charge.providerChargeId ?? '';
      const answer = await call(() => requests.getPaymentRequestByID({ paymentRequestId: id }));
      return {
        orderId: answer.referenceId,
        status: statusOf(answer.status),
        // A payment request's money has its own id only in the callback; the request's id stands for it here.
        transactionId: statusOf(answer.status) === 'settlement' ? answer.id : null,
        amount: answer.amount ?? null,
      };
    },

    receive(rawBody, headers) {
      const signatureOk = sameSecret(headers['x-callback-token'], options.callbackToken);
      const eventKey = headers['webhook-id'] || createHash('sha256').update(rawBody).digest('hex');
      let orderId: string | null = null;
      try {
        const data = (JSON.parse(rawBody) as Json).data as Json | undefined;
        orderId = str(data?.reference_id);
      } catch {
        // kept as received; nothing more to read
      }
      return { eventKey, signatureOk, orderId };
    },

    async eventOf(rawBody): Promise<GatewayEvent> {
      const data = ((JSON.parse(rawBody) as Json).data ?? {}) as Json;
      const amount = Number(data.amount);
      const status = statusOf(str(data.status));
      return {
        orderId: str(data.reference_id) ?? '',
        status,
        transactionId: status === 'settlement' ? (str(data.id) ?? str(data.payment_id)) : null,
        amount: Number.isFinite(amount) ? Math.round(amount) : null,
      };
    },
  };
}
