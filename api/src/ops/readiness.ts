import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReadinessChecks } from '@keuangan/shared/contract';
import { MIGRATIONS_DIR } from '../config';
import type { Database } from '../db/client';
import { appliedMigrations } from './queries';

/** How long the readiness probe waits for the database before calling it unreachable. */
export const READY_TIMEOUT_MS = 2_000;

/** The migrations this build carries (drizzle's journal). */
const expectedMigrations = (): number =>
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')).entries.length;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can serve: the database answers within a short time, it has every migration of this
 * build, and no request is waiting for a pooled connection. A load balancer sends traffic only while ready.
 */
export async function readiness(database: Database, timeoutMs = READY_TIMEOUT_MS): Promise<ReadinessChecks> {
  const pool = database.waitingForConnection() > 0 ? 'exhausted' : 'ok';
  try {
    const count = await withTimeout(appliedMigrations(database.db), timeoutMs);
    return { database: 'ok', migrations: count >= expectedMigrations() ? 'current' : 'behind', pool };
  } catch {
    return { database: 'unreachable', migrations: 'unknown', pool };
  }
}

export const isReady = (checks: ReadinessChecks): boolean =>
  checks.database === 'ok' && checks.migrations === 'current' && checks.pool === 'ok';
