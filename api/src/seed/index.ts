/** Loads the demo data: wipes every data table, then inserts what seed/build.ts produces, in one transaction. */
import { count, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { openBooks } from '../ledger/journal-open-queries';
import { hashPassword } from '../lib/password';
import { todayIn } from '../lib/time';
import { buildSeed, DEMO_ACCOUNTS, type SeedRows } from './build';

export interface SeedSummary {
  millis: number;
  counts: Record<string, number>;
}

/** Settings (e.g. the JWT secret) are not demo data: a reseed keeps them, so issued tokens stay valid. */
const KEPT_TABLES = new Set<PgTable>([schema.app_settings]);

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(schema.clients);
  return (row?.n ?? 0) === 0;
}

export async function seedDatabase(database: Database, today: string = todayIn()): Promise<SeedSummary> {
  const started = performance.now();
  const rows = buildSeed(today);

  // Hash the demo passwords (slow by design) before taking the write lock; in parallel on the thread pool.
  const hashes = new Map<string, string>(
    await Promise.all(
      DEMO_ACCOUNTS.map(async (a) => [`demo:${a.uname}`, await hashPassword(a.password)] as const),
    ),
  );
  for (const user of rows.users) user.password_hash = hashes.get(user.password_hash) ?? user.password_hash;

  const tables = (Object.values(schema) as unknown[]).filter(
    (t): t is PgTable => is(t, PgTable) && !KEPT_TABLES.has(t),
  );
  const byName = new Map(tables.map((t) => [getTableName(t), t]));
  await database.transaction(async (tx) => {
    const names = tables.map((t) => `"${getTableName(t)}"`).join(', ');
    // The audit log refuses TRUNCATE (migration 0025); the owner lifts that for the demo wipe only.
    await tx.execute(sql`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_truncate`);
    await tx.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
    await tx.execute(sql`ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_truncate`);

    for (const key of Object.keys(rows) as (keyof SeedRows)[]) {
      const table = byName.get(key);
      if (!table) throw new Error(`No table ${key}`);
      const values = rows[key] as Record<string, unknown>[];
      if (values.length === 0) continue;
      // Stay well under Postgres' 65535 bind parameters per statement.
      const chunk = Math.max(1, Math.floor(30_000 / Object.keys(values[0] ?? {}).length));
      for (let i = 0; i < values.length; i += chunk) {
        await tx.insert(table).values(values.slice(i, i + chunk) as PgTable['$inferInsert'][]);
      }
      // Ids were assigned here: move the identity sequence past them.
      if ('id' in table && values[0]?.id !== undefined && key !== 'psb_event_stypes') {
        const name = getTableName(table);
        await tx.execute(
          sql.raw(
            `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), (SELECT max(id) FROM "${name}"))`,
          ),
        );
      }
    }
    await openBooks(tx); // the demo's history in the books (docs/books.md)
  });

  const counts = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.length]));
  return { millis: Math.round(performance.now() - started), counts };
}
