/**
 * Opens the database: embedded PGlite (default) or PostgreSQL (DATABASE_URL), behind one drizzle type so
 * the same schema and query code serve both.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseConfig, MIGRATIONS_DIR } from '../config';
import { Mutex } from '../lib/mutex';
import * as schema from './schema';

type Schema = typeof schema;
/** The drizzle handle both drivers share; also what a transaction callback receives. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  readonly kind: DatabaseConfig['kind'];
  /** For reads. Writes go through `transaction`. */
  readonly db: Db;
  /**
   * Runs `fn` in one transaction. On PGlite (a single connection) transactions are also serialized by a
   * mutex so two requests can never interleave inside one. Use only `tx` inside `fn`, and never nest calls.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Requests waiting for a pooled connection now (PGlite: none, its one connection is queued by the mutex). */
  waitingForConnection(): number;
}

/**
 * Bounded waiting on PostgreSQL (api/README.md "Operations"): a request that cannot get what it needs in time
 * is answered 503 with Retry-After (ops/unavailable.ts) instead of queueing behind a stalled one.
 * - a pooled connection: all of them held by slow or stuck transactions must not freeze the instance;
 * - a row lock (a payment waiting on its bill's or branch counter's row held by another transaction);
 * - one statement (a runaway query);
 * - a transaction left open and idle (a frozen process): PostgreSQL ends it, releasing its locks.
 */
export const WAIT_LIMITS = {
  connectionMs: 10_000,
  lockMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 15_000,
} as const;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      connectionTimeoutMillis: WAIT_LIMITS.connectionMs,
      lock_timeout: WAIT_LIMITS.lockMs,
      statement_timeout: WAIT_LIMITS.statementMs,
      idle_in_transaction_session_timeout: WAIT_LIMITS.idleInTransactionMs,
    });
    // An idle connection the server drops (a restart, an admin's terminate) is an 'error' event on the
    // pool: without a listener it would crash the process. The pool replaces the connection itself.
    pool.on('error', (error) => console.error(`PostgreSQL: idle connection lost (${error.message})`));
    const db = drizzleNodePg({ client: pool, schema });
    return {
      kind: 'postgres',
      db,
      // Each transaction gets its own pooled connection; row locks and unique constraints guard races.
      transaction: (fn) => db.transaction((tx) => fn(tx)),
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
      waitingForConnection: () => pool.waitingCount,
    };
  }

  if (!config.dataDir.startsWith('memory://')) mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(config.dataDir);
  const db = drizzlePglite({ client, schema });
  const mutex = new Mutex();
  return {
    kind: 'pglite',
    db,
    transaction: (fn) => mutex.run(() => db.transaction((tx) => fn(tx))),
    migrate: () => mutex.run(() => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })),
    close: () => client.close(),
    waitingForConnection: () => 0,
  };
}
