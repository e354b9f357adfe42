/**
 * Opens the database: embedded PGlite (default) or PostgreSQL (DATABASE_URL), behind one drizzle type so
 * the same schema and query code serve both.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseConfig, MIGRATIONS_DIR } from '../config';
import { type GateKey, KeyedGate } from './gate';
import { Mutex } from './mutex';
import { type PgliteShapes, sharePglite } from './pglite-shapes';
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
   * Runs `fn` in one transaction (api/README.md "Transactions and concurrency"); use only `tx` inside, never nest.
   * `contended`: rows it will lock that others may wait on, waited for first in the process (db/gate.ts).
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, contended?: readonly GateKey[]): Promise<T>;
  /** Applies the migrations (run as the database's owner); on PostgreSQL also grants the API role its rights. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Requests waiting for a pooled connection now (PGlite: none, its one connection is queued by the mutex). */
  waitingForConnection(): number;
}

/**
 * Bounded waiting on PostgreSQL (api/README.md "Timeouts"): past a limit, 503 with Retry-After
 * (ops/unavailable.ts) instead of queueing behind a stalled transaction.
 */
export const WAIT_LIMITS = {
  connectionMs: 10_000,
  /** Connections of one instance's pool (node-postgres' default, said here because the gate divides it). */
  poolSize: 10,
  /**
   * Payments of one branch in PostgreSQL at once, per instance: they meet on the branch's counter row, so a
   * stalled holder of that row keeps at most this many connections waiting; the rest of the pool serves others.
   */
  branchPayments: 4,
  lockMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 15_000,
} as const;

/**
 * The PostgreSQL role the API runs as in production, apart from the owner that migrates (api/README.md
 * "Database roles"); its rights come from `keuangan_grant_api_rights()` (migration 0025).
 */
export const API_ROLE = 'keuangan_api';

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: WAIT_LIMITS.poolSize,
      connectionTimeoutMillis: WAIT_LIMITS.connectionMs,
      lock_timeout: WAIT_LIMITS.lockMs,
      statement_timeout: WAIT_LIMITS.statementMs,
      idle_in_transaction_session_timeout: WAIT_LIMITS.idleInTransactionMs,
    });
    // A connection the server ends (a restart, an admin's terminate, a transaction idle past its limit while
    // this process was frozen) is an 'error' event: unheard, it kills the process. Each connection hears its
    // own, checked out or idle; its query in flight fails and answers 503 (api/README.md "Timeouts"), and the
    // pool drops it on release. The pool re-emits an idle one's error, already logged here.
    pool.on('connect', (client) =>
      client.on('error', (error) => console.error(`PostgreSQL: connection lost (${error.message})`)),
    );
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema });
    const gate = new KeyedGate();
    // Each transaction gets its own pooled connection; row locks and unique constraints guard races.
    const transaction = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx));
    return {
      kind: 'postgres',
      db,
      transaction: (fn, contended) => {
        if (!contended?.length) return transaction(fn);
        const deadline = Date.now() + WAIT_LIMITS.lockMs;
        return gate.run(contended, deadline, (waited) =>
          transaction(async (tx) => {
            // What was spent in the gate comes off the time it may wait on the rows themselves.
            const left = Math.max(1, deadline - Date.now());
            if (waited) await tx.execute(sql.raw(`set local lock_timeout = ${left}`));
            return fn(tx);
          }),
        );
      },
      migrate: async () => {
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
        // The API's role gets its rights on every table, new ones too (api/README.md "Database roles").
        await db.execute(sql`select keuangan_grant_api_rights()`);
      },
      close: () => pool.end(),
      waitingForConnection: () => pool.waitingCount,
    };
  }

  if (!config.dataDir.startsWith('memory://')) mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(
    config.dataDir,
    config.loadDataDir ? { loadDataDir: config.loadDataDir } : {},
  );
  const db = drizzlePglite({ client, schema });
  const mutex = new Mutex();
  // Its one session's prepared statements (db/prepared.ts `executeShaped`), for the database and its transactions.
  const shapes: PgliteShapes = new Map();
  sharePglite(db, shapes);
  return {
    kind: 'pglite',
    db,
    // One connection, taken in turn: nothing waits on a row, so `contended` has nothing to add.
    transaction: (fn) =>
      mutex.run(() =>
        db.transaction((tx) => {
          sharePglite(tx, shapes);
          return fn(tx);
        }),
      ),
    migrate: () => mutex.run(() => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })),
    close: () => client.close(),
    waitingForConnection: () => 0,
  };
}
