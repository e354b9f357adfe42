/** Tutup Buku's own statement (period-lock.ts, docs/books.md "Closing a month"). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** Takes a branch's month for closing or reopening: waits for every transaction posting into it to end. */
export async function lockPeriod(tx: Tx, branchId: number, mm: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(books_period_lock_key(${branchId}::integer, ${mm}::text))`,
  );
}
