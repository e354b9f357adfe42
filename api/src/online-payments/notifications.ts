/**
 * Receiving a gateway's notification (docs/online-payments.md, "Notifications"): the signature is checked before
 * anything in the body is trusted; every request is stored once (unique per provider event), a bad one answers
 * 401 and stays for review, an unknown order answers 200 (recorded) so the provider stops retrying. A repeat of
 * an event already stored answers 200 and is not processed again.
 */
import { createHash } from 'node:crypto';
import type { OnlineProvider } from '@keuangan/shared/contract';
import type { Database } from '../db/client';
import type { PaymentGateway } from './gateways/types';
import { findNotification, setNotificationOutcome, storeNotification } from './notification-queries';
import { findChargeByOrder } from './queries';
import { KEPT_HEADERS } from './rules';
import { applyEvent, type Outcome } from './settle';

export type Received =
  | { kind: 'bad_signature' }
  | { kind: 'duplicate' }
  | { kind: 'processed'; outcome: Outcome }
  | { kind: 'failed' };

export const keptHeaders = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(KEPT_HEADERS.flatMap((name) => (headers[name] ? [[name, headers[name]]] : [])));

export async function receiveNotification(
  database: Database,
  gateway: PaymentGateway,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<Received> {
  const provider: OnlineProvider = gateway.provider;
  const received = gateway.receive(rawBody, headers);
  // A forged request must not take the event key of a genuine one still to come.
  const eventKey = received.signatureOk
    ? received.eventKey
    : `bad:${createHash('sha256').update(rawBody).digest('hex')}`;
  const charge =
    received.signatureOk && received.orderId
      ? await findChargeByOrder(database.db, received.orderId)
      : undefined;
  const storedId = await database.transaction((tx) =>
    storeNotification(tx, {
      provider,
      event_key: eventKey,
      order_id: received.orderId?.slice(0, 64) ?? null,
      online_charge_id: charge?.id ?? null,
      raw_body: rawBody,
      headers: keptHeaders(headers),
      signature_ok: received.signatureOk,
      outcome: received.signatureOk ? 'received' : 'bad_signature',
    }),
  );
  if (!received.signatureOk) return { kind: 'bad_signature' };
  // A repeat is processed again only when its first processing failed (the provider retries after our 503).
  const id = storedId ?? (await failedEarlier(database, provider, eventKey));
  if (id === undefined) return { kind: 'duplicate' };

  let outcome: Outcome;
  try {
    outcome = charge
      ? await eventOutcome(database, gateway, rawBody, charge.order_id)
      : { outcome: 'unknown_order', detail: null };
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await record(database, id, { outcome: 'failed', detail });
    return { kind: 'failed' };
  }
  await record(database, id, outcome);
  return { kind: 'processed', outcome };
}

/** The event the provider confirms for this order (Midtrans: its GET status), applied to the charge. */
async function eventOutcome(
  database: Database,
  gateway: PaymentGateway,
  rawBody: string,
  orderId: string,
): Promise<Outcome> {
  const event = await gateway.eventOf(rawBody);
  if (event.orderId !== orderId) return { outcome: 'order_mismatch', detail: event.orderId };
  return applyEvent(database, event);
}

async function failedEarlier(
  database: Database,
  provider: string,
  eventKey: string,
): Promise<number | undefined> {
  const row = await findNotification(database.db, provider, eventKey);
  return row?.outcome === 'failed' ? row.id : undefined;
}

async function record(database: Database, id: number, outcome: Outcome): Promise<void> {
  await database.transaction((tx) => setNotificationOutcome(tx, id, outcome.outcome, outcome.detail));
}
