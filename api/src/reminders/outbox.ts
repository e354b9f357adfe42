/**
 * The gateway outbox (api/README.md "Reminder gateway"): rows claimed one at a time with FOR UPDATE SKIP LOCKED,
 * so two instances never send one twice; the send runs outside any transaction. Rows are never deleted.
 */
import type { Database } from '../db/client';
import { claimNextDue, failStaleSending, markFailed, markSent, requeue } from './outbox-queries';
import type { ReminderSender } from './sender';

export interface OutboxOptions {
  /** None: nothing is queued or sent (the default). */
  sender?: ReminderSender | null;
  /** Pause between drains; 0: no loop (tests call `drain()` themselves). */
  intervalMs?: number;
  /** Rows one drain sends at most. */
  batch?: number;
  /** Attempts before a row is 'failed'. */
  maxAttempts?: number;
  /** The pause before the first retry; each further retry waits twice as long. */
  backoffMs?: number;
  /** A row 'sending' longer than this (its process died mid-send) is 'failed': never sent twice by guessing. */
  staleMs?: number;
}

export const OUTBOX_DEFAULTS = {
  intervalMs: 5_000,
  batch: 20,
  maxAttempts: 5,
  backoffMs: 30_000,
  staleMs: 10 * 60_000,
} as const;

/** The longest error kept on a row. */
const MAX_ERROR = 500;
const STALE_ERROR = 'Pengiriman terputus; status di gateway tidak diketahui';

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface ReminderOutbox {
  readonly sender: ReminderSender | null;
  /** Sends what is due now, up to `batch` rows. */
  drain(): Promise<DrainResult>;
  /** Starts the loop (when a sender is set and `intervalMs` > 0). */
  start(onError: (error: unknown) => void): void;
  /** Stops the loop and waits for a drain under way. */
  stop(): Promise<void>;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR) || 'Gagal mengirim';

export function createOutbox(database: Database, options: OutboxOptions = {}): ReminderOutbox {
  const sender = options.sender ?? null;
  const o = { ...OUTBOX_DEFAULTS, ...definedOnly(options) };

  const claim = () => database.transaction(claimNextDue);
  const failStale = () => database.transaction((tx) => failStaleSending(tx, o.staleMs, STALE_ERROR));

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
    if (!sender) return result;
    await failStale();
    for (let i = 0; i < o.batch; i++) {
      const row = await claim();
      if (!row) break;
      try {
        const { providerId } = await sender.send({ phone: row.phone, message: row.message });
        await database.transaction((tx) => markSent(tx, row.id, providerId));
        result.sent++;
      } catch (error) {
        const text = errorText(error);
        if (row.attempts >= o.maxAttempts) {
          await database.transaction((tx) => markFailed(tx, row.id, text));
          result.failed++;
        } else {
          const pauseMs = o.backoffMs * 2 ** (row.attempts - 1);
          await database.transaction((tx) => requeue(tx, row.id, text, pauseMs));
          result.retried++;
        }
      }
    }
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  return {
    sender,
    drain,
    start(onError) {
      if (!sender || o.intervalMs <= 0) return;
      stopped = false;
      const tick = () => {
        running = drain()
          .catch(onError)
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, o.intervalMs);
          });
      };
      timer = setTimeout(tick, o.intervalMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The options given, without their undefined ones (which would hide the defaults). */
function definedOnly(options: OutboxOptions) {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => value !== undefined && key !== 'sender'),
  ) as Partial<typeof OUTBOX_DEFAULTS>;
}
