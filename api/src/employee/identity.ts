/**
 * What the server gives a new staff member: a username and a NIP (api/README.md, "Staff"). Both are chosen
 * inside the creating transaction after `lockStaffNumbering`, so two concurrent adds never pick the same one
 * (the unique indexes on users.uname and employees (client_id, nip) back this up).
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { employees, users } from '../db/schema';

/** Serializes staff creation per client until the transaction ends (PostgreSQL advisory lock; PGlite too). */
export async function lockStaffNumbering(tx: Tx, clientId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727001, ${clientId})`);
}

const MAX_UNAME = 50;

/**
 * The name in lower case, accents removed, every run of other characters a dot ('Siti Nur\'aini' ->
 * 'siti.nur.aini'), as the demo accounts are named; 'pegawai' when nothing is left. Taken (case-insensitively,
 * by anyone): the first free of name2, name3, ...
 */
export async function nextUsername(tx: Tx, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.+|\.+$/g, '')
      .slice(0, MAX_UNAME - 4)
      .replace(/\.+$/, '') || 'pegawai';
  const taken = new Set(
    (
      await tx
        .select({ uname: sql<string>`lower(${users.uname})` })
        .from(users)
        .where(like(sql`lower(${users.uname})`, `${base}%`))
    ).map((r) => r.uname),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/**
 * The next NIP of the client for a staff member joining in `year`: `{YYYY}{NNNN}`, the year then a four-digit
 * number counted per year (the demo data's format, e.g. 20260001); past 9999 the number simply grows.
 */
export async function nextNip(tx: Tx, clientId: number, year: string): Promise<string> {
  const [row] = await tx
    .select({
      last: sql<number | null>`max(substring(${employees.nip} from 5)::bigint)`.mapWith(Number),
    })
    .from(employees)
    .where(and(eq(employees.client_id, clientId), sql`${employees.nip} ~ ${`^${year}[0-9]{4,}$`}`));
  return `${year}${String((row?.last ?? 0) + 1).padStart(4, '0')}`;
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
