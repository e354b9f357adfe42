/** The statements behind a new staff member's username and NIP (identity.ts chooses them). */
import { and, eq, like, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { employees, users } from '../db/schema';

/**
 * Serializes staff creation until the transaction ends (PostgreSQL advisory locks; PGlite too). NIPs are unique
 * per client, so their lock is per client; usernames are unique across all clients (the index is global), so
 * their lock is global. Always taken in this order, so two adds cannot deadlock.
 */
export async function lockStaffNumbering(tx: Tx, clientId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727001, ${clientId})`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727002, 0)`);
}

/** The usernames (lower case) starting with `base`, anyone's. */
export async function usernamesStartingWith(tx: Tx, base: string): Promise<Set<string>> {
  return new Set(
    (
      await tx
        .select({ uname: sql<string>`lower(${users.uname})` })
        .from(users)
        .where(like(sql`lower(${users.uname})`, `${base}%`))
    ).map((r) => r.uname),
  );
}

/** Among the client's NIPs matching `pattern` (year then number): the highest number, and the lowest free one. */
export async function nipNumbers(tx: Tx, clientId: number, pattern: string) {
  const result = await tx.execute(sql`
    with taken as (
      select substring(${employees.nip} from 5)::bigint as n from ${employees}
      where ${employees.client_id} = ${clientId} and ${employees.nip} ~ ${pattern})
    select
      (select max(n) from taken) as last,
      (select min(c.n + 1) from (select 0::bigint as n union all select n from taken) c
        where not exists (select 1 from taken t where t.n = c.n + 1)) as free`);
  const [row] = (result as unknown as { rows: { last: string | number | null; free: string | number }[] })
    .rows;
  return row;
}

/** True when another employee of the client already has this NIP. */
export async function nipTaken(tx: Tx, clientId: number, nip: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.client_id, clientId), eq(employees.nip, nip)))
    .limit(1);
  return row !== undefined;
}
