/** The one statement of the operations routes: what readiness asks the database. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** How many migrations the database has applied (drizzle's own table). */
export async function appliedMigrations(db: Db): Promise<number> {
  // Both drivers answer `{rows}` (drizzle types the raw result per driver).
  const applied = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as { rows: { count: number }[] };
  return Number(applied.rows[0]?.count ?? 0);
}
