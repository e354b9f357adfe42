/**
 * Lock waits of payments, sampled from pg_stat_activity and pg_locks every ~100 ms on a connection of its own.
 * A payment's backend is one in a transaction that writes (an xid, or a locking or writing statement): the
 * bench's only writers are payments. Its share of samples waiting on a lock approximates the share of payment
 * transaction time spent waiting; what it waits on is named by the lock type (wait_event) and the table (pg_locks, else its statement's).
 */
import pg from 'pg';

const INTERVAL_MS = 100;

const SAMPLE = `
  SELECT a.pid, a.state, a.wait_event_type, a.wait_event, a.query,
         -- The lock it waits for, else (waiting on another's transaction for a row) the row's tuple lock it holds.
         (SELECT l.relation::regclass::text FROM pg_locks l
           WHERE l.pid = a.pid AND l.relation IS NOT NULL AND (NOT l.granted OR l.locktype = 'tuple')
           ORDER BY l.granted LIMIT 1) AS relation
  FROM pg_stat_activity a
  WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'
    AND a.state IN ('active', 'idle in transaction') AND a.xact_start IS NOT NULL
    AND (a.backend_xid IS NOT NULL OR a.query ~* '(for update|for no key update|pg_advisory|^\\s*insert|^\\s*update|^\\s*with)')
    AND NOT (a.pid = ANY($1::int[]))`;

/** The table a waiting statement is about, for "waits on what". */
const TABLES = [
  'document_sequences',
  'student_billing_items',
  'student_billing_payments',
  'student_billings',
];
function waitTarget(query: string, lockType: string, relation: string | null): string {
  // A payment waiting in its COMMIT waits for its counter: the deferred trigger that numbers it (lib/numbering.ts
  // `numberAtCommit`, migration 0023) is all a COMMIT runs; it queues on an advisory lock of the counter's key,
  // then takes the row. Its other rows (the payment's own, its class's kept sums) come after the counter.
  if (/^\s*commit\s*$/i.test(query)) return `${lockType} on number counter`;
  if (lockType === 'advisory' || /pg_advisory/i.test(query)) return 'advisory lock (Idempotency-Key)';
  // A tuple or relation lock names its table; a transactionid wait (on another's row lock) names it by the tuple
  // lock its waiter holds, else not at all.
  const table =
    relation ??
    // The last statement (totals, audit record, numbering row) shares only its class's kept sums, via triggers.
    (query.includes('"document_numberings"') ? 'kept sums (last statement)' : undefined) ??
    TABLES.find((t) => query.includes(t)) ??
    'other';
  const what = table === 'document_sequences' ? 'number counter' : table;
  return `${lockType} on ${what}`;
}

export interface LockFigures {
  samples: number;
  /** Payment backends seen over all samples (backend-samples). */
  paymentBackends: number;
  /** Of those, waiting on a heavyweight lock. */
  waiting: number;
  /** Samples in which at least one payment waited. */
  samplesWithWait: number;
  /** Waiting backend-samples by what they waited on. */
  on: Map<string, number>;
}

export class LockSampler {
  private client: pg.Client;
  private timer: NodeJS.Timeout | undefined;
  private figures = LockSampler.empty();
  private busy = false;
  /** Backends that are not payments (the stalled-transaction client). */
  ignored: number[] = [];

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-load-sampler' });
  }

  static empty(): LockFigures {
    return { samples: 0, paymentBackends: 0, waiting: 0, samplesWithWait: 0, on: new Map() };
  }

  async connect() {
    await this.client.connect();
    const res = await this.client.query('SELECT pg_backend_pid() AS pid');
    return Number(res.rows[0].pid);
  }

  start() {
    this.figures = LockSampler.empty();
    this.timer = setInterval(() => void this.sample(), INTERVAL_MS);
  }

  /** Stops sampling and returns what was seen since `start`. */
  stop(): LockFigures {
    clearInterval(this.timer);
    this.timer = undefined;
    return this.figures;
  }

  private async sample() {
    if (this.busy) return; // a slow sample (busy box) skips the next tick rather than piling up
    this.busy = true;
    try {
      const res = await this.client.query(SAMPLE, [this.ignored]);
      const f = this.figures;
      f.samples++;
      let waited = false;
      for (const row of res.rows) {
        f.paymentBackends++;
        if (row.wait_event_type === 'Lock') {
          f.waiting++;
          waited = true;
          const target = waitTarget(String(row.query), String(row.wait_event), row.relation);
          f.on.set(target, (f.on.get(target) ?? 0) + 1);
        }
      }
      if (waited) f.samplesWithWait++;
    } catch (error) {
      console.error(`lock sample failed: ${(error as Error).message}`);
    } finally {
      this.busy = false;
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.client.end();
  }
}
