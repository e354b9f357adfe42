/**
 * The stored gateway notifications (docs/online-payments.md, "Notifications"): each event once, with its outcome.
 * A fixed VA's callbacks are stored in the same table (fixed-va-queries.ts keeps their money columns).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { gateway_notifications } from '../db/schema';

/**
 * Stores a notification once per provider event; answers its id, or undefined when the event was stored before.
 * One with a bad signature is done when stored (kept for review, never processed).
 */
export async function storeNotification(
  tx: Tx,
  values: Omit<typeof gateway_notifications.$inferInsert, 'processed_at'>,
): Promise<number | undefined> {
  const [stored] = await tx
    .insert(gateway_notifications)
    .values({ ...values, processed_at: values.signature_ok ? null : sql`now()` })
    .onConflictDoNothing()
    .returning({ id: gateway_notifications.id });
  return stored?.id;
}

/** The stored notification of an event with its outcome, or undefined. */
export async function findNotification(db: Db, provider: string, eventKey: string) {
  const [row] = await db
    .select({ id: gateway_notifications.id, outcome: gateway_notifications.outcome })
    .from(gateway_notifications)
    .where(and(eq(gateway_notifications.provider, provider), eq(gateway_notifications.event_key, eventKey)));
  return row;
}

/** A stored notification (or fixed VA callback) processed: its outcome, now. */
export async function setNotificationOutcome(
  tx: Tx,
  id: number,
  outcome: string,
  detail: string | null,
): Promise<void> {
  await tx
    .update(gateway_notifications)
    .set({ outcome, outcome_detail: detail, processed_at: sql`now()` })
    .where(eq(gateway_notifications.id, id));
}
