/** The outbox's statements (outbox.ts runs each in its own short transaction). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { reminder_outbox as t } from '../db/schema';

export interface Claimed {
  id: number;
  phone: string;
  message: string;
  attempts: number;
}

/** The next due row, claimed: 'sending', one more attempt, claimed now; rows other drainers hold are skipped. */
export async function claimNextDue(tx: Tx): Promise<Claimed | null> {
  // Both drivers answer `{rows}` (drizzle types the raw result per driver).
  const claimed = (await tx.execute(sql`
    update ${t} set status = 'sending', attempts = ${t.attempts} + 1, next_attempt_at = now()
    where ${t.id} = (
      select ${t.id} from ${t}
      where ${t.status} = 'queued' and ${t.next_attempt_at} <= now()
      order by ${t.next_attempt_at}, ${t.id}
      limit 1
      for update skip locked
    )
    returning ${t.id} as id, ${t.phone} as phone, ${t.message} as message, ${t.attempts} as attempts`)) as {
    rows: Record<string, unknown>[];
  };
  const [row] = claimed.rows;
  return row
    ? {
        id: Number(row.id),
        phone: String(row.phone),
        message: String(row.message),
        attempts: Number(row.attempts),
      }
    : null;
}

const settle = (tx: Tx, id: number, set: ReturnType<typeof sql>) =>
  tx.execute(sql`update ${t} set ${set} where ${t.id} = ${id} and ${t.status} = 'sending'`);

export const markSent = (tx: Tx, id: number, providerId: string) =>
  settle(
    tx,
    id,
    sql`status = 'sent', sent_at = now(), provider_id = ${providerId || null}, last_error = null`,
  );

export const markFailed = (tx: Tx, id: number, error: string) =>
  settle(tx, id, sql`status = 'failed', last_error = ${error}`);

/** Queued again, due after `pauseMs`. */
export const requeue = (tx: Tx, id: number, error: string, pauseMs: number) =>
  settle(
    tx,
    id,
    sql`status = 'queued', last_error = ${error},
      next_attempt_at = now() + make_interval(secs => ${pauseMs / 1000})`,
  );

/** Rows 'sending' for longer than `staleMs` (their process died mid-send) become 'failed' with `error`. */
export const failStaleSending = (tx: Tx, staleMs: number, error: string) =>
  tx.execute(sql`update ${t} set status = 'failed', last_error = ${error}
    where ${t.status} = 'sending' and ${t.next_attempt_at} < now() - make_interval(secs => ${staleMs / 1000})`);
