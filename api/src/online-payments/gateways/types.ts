/**
 * What Keuangan needs from a payment gateway, whichever provider it is (docs/online-payments.md): make a charge,
 * cancel it, ask its status, and read a notification once its signature is checked.
 */
import type { FixedVaBank, OnlineChannel, OnlineProvider } from '@keuangan/shared/contract';

export interface ChargeRequest {
  orderId: string;
  amount: number;
  channel: OnlineChannel;
  expiresAt: Date;
  /** The student's name (shown by the bank app on a VA). */
  customerName: string;
  /** Sent to providers that take one, so a retried create makes no second charge there. */
  idempotencyKey: string;
}

export interface ChargeCreated {
  /** The provider's id of the charge (Midtrans transaction_id, Xendit payment request id). */
  providerChargeId: string;
  vaNumber: string | null;
  billKey: string | null;
  qrString: string | null;
}

/** A provider's status in our words: the charge's state machine reads only these. */
export type GatewayStatus = 'pending' | 'settlement' | 'expire' | 'cancel' | 'deny';

/** What a verified notification (or a status check) says happened to an order. */
export interface GatewayEvent {
  orderId: string;
  status: GatewayStatus;
  /** The provider's id of the money received, when money arrived. */
  transactionId: string | null;
  /** What the provider says was paid (whole rupiah), when it says. */
  amount: number | null;
}

/** A received notification before anything in it is trusted. */
export interface ReceivedNotification {
  /** Unique per provider event: a repeat is stored once and processed once. */
  eventKey: string;
  signatureOk: boolean;
  /** The order it names (kept for review even when the signature is bad). */
  orderId: string | null;
}

/** A student's open VA (Xendit's fixed VA): any amount, any number of times, never expiring. */
export interface FixedVaRequest {
  /** Ours at the provider. */
  externalId: string;
  bank: FixedVaBank;
  /** The student's name, shown by the bank app. */
  name: string;
}

export interface FixedVaCreated {
  providerVaId: string;
  accountNumber: string;
  name: string;
}

/** What a fixed VA's payment callback says, read only once its token is checked. */
export interface FixedVaPayment {
  /** The provider's id of this money: the payment is posted once per id. */
  paymentId: string | null;
  /** The provider's id of the VA. */
  vaId: string | null;
  externalId: string | null;
  amount: number | null;
}

export interface FixedVaApi {
  create(request: FixedVaRequest): Promise<FixedVaCreated>;
  /** The provider's VA of this external id, or null (a create whose answer was lost is found again). */
  find(externalId: string): Promise<FixedVaCreated | null>;
  /** Closes the VA at the provider: Xendit's documented way is its `expiration_date` set to now. */
  expire(providerVaId: string, at: Date): Promise<void>;
  read(rawBody: string): FixedVaPayment;
}

export interface PaymentGateway {
  provider: OnlineProvider;
  /** The channels this adapter charges: what a branch may turn on (docs/online-payments.md). */
  channels: readonly OnlineChannel[];
  /** Providers with fixed VAs per student (Xendit). */
  fixedVa?: FixedVaApi;
  createCharge(request: ChargeRequest): Promise<ChargeCreated>;
  /** Cancels an open charge at the provider (a new one for the same items replaces it). */
  cancelCharge(charge: { orderId: string; providerChargeId: string | null }): Promise<void>;
  /** The order's status asked of the provider (Midtrans: GET status). */
  status(charge: { orderId: string; providerChargeId: string | null }): Promise<GatewayEvent>;
  /** Checks the request's signature and names its event; reads nothing else of the body. */
  receive(rawBody: string, headers: Record<string, string | undefined>): ReceivedNotification;
  /** The event of a notification whose signature is good (Midtrans asks the provider's status first). */
  eventOf(rawBody: string): Promise<GatewayEvent>;
}

/** The provider did not answer in time, answered 5xx, or refused: the route answers 503 or 502. */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unavailable' | 'refused' | 'not_found',
    message: string,
    /** The provider's error code, when it gave one (Xendit's `error_code`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** How long we wait for a provider before answering 503 (docs/online-payments.md). */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** `promise`, or a GatewayError('timeout') after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms = GATEWAY_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayError('timeout', 'no answer in time')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
