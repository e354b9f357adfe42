/**
 * The document limit's counts, kept in the database (table document_limits) so that one user's documents
 * a minute hold across API instances, not per instance (api/README.md "Documents off the request path").
 * A fixed window per key, as @fastify/rate-limit's own store: one upsert per request, timed by the
 * database clock so the instances agree.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { document_limits } from '../db/schema';

/** Ended windows are dropped at most this often per instance (a key's next request starts it over anyway). */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Counts one request under `key`: its number in the current window and the milliseconds left of it. */
export async function countRequest(database: Database, key: string, windowMs: number) {
  const ended = sql`${document_limits.window_end} <= now()`;
  const [row] = await database.transaction((tx) =>
    tx
      .insert(document_limits)
      .values({ key, count: 1, window_end: sql`now() + make_interval(secs => ${windowMs / 1000})` })
      .onConflictDoUpdate({
        target: document_limits.key,
        set: {
          count: sql`case when ${ended} then 1 else ${document_limits.count} + 1 end`,
          window_end: sql`case when ${ended} then excluded.window_end else ${document_limits.window_end} end`,
        },
      })
      .returning({
        current: document_limits.count,
        ttl: sql<number>`ceil(extract(epoch from ${document_limits.window_end} - now()) * 1000)`.mapWith(
          Number,
        ),
      }),
  );
  if (!row) throw new Error('document limit not counted');
  return { current: row.current, ttl: Math.max(0, row.ttl) };
}

/** A store class for @fastify/rate-limit's `store` option; every route shares it, so the count is per user. */
export function databaseLimitStore(database: Database): FastifyRateLimitStoreCtor {
  let sweptAt = Date.now();
  return class DatabaseLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      countRequest(database, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        database
          .transaction((tx) => tx.delete(document_limits).where(lt(document_limits.window_end, sql`now()`)))
          .catch(() => {}); // a missed sweep costs a few rows until the next one
      }
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
