/** The payment engine's own statement (engine.ts); every other one is a bill kind's or the journal's. */
import { sql } from 'drizzle-orm';
import { type Tx, WAIT_LIMITS } from '../db/client';

/**
 * The payment's key lock (same key, one at a time) and, in the same statement, the transaction's deadlines and
 * one generic plan per prepared statement: the engine's first statement.
 */
export async function lockPaymentKey(tx: Tx, kindName: string, branchId: number, key: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`pay:${kindName}:${branchId}:${key}`}, 0)),
        set_config('statement_timeout', ${String(WAIT_LIMITS.lockMs)}, true),
        set_config('keuangan.wait_until',
          (clock_timestamp() + current_setting('lock_timeout')::interval)::text, true),
        set_config('plan_cache_mode', 'force_generic_plan', true)`,
  );
}

/**
 * PGlite's first statement instead (its transactions run one at a time: no key lock, no deadline to shorten): one
 * generic plan per prepared statement, as on PostgreSQL (db/prepared.ts `executeShaped`).
 */
export async function genericPlans(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
}
