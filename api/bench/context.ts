/**
 * What the cases (cases.ts) and the hand-written baselines (baselines.ts) both use: the bench's context and its
 * plain SQL client. Kept apart so that neither of the two imports the other's types (no import cycle).
 */
import type { FastifyInstance } from 'fastify';

/** What a query answers, on node-postgres and PGlite alike. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Plain SQL for the bench: queries, and a transaction on one connection. */
export interface SqlClient extends Queryable {
  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
}

export interface BenchContext {
  app: FastifyInstance;
  /** Plain SQL on the same database, for the targets and the hand-written baselines. */
  sql: SqlClient;
  token: string;
  userId: number;
  branchId: number;
  today: string;
}
