/**
 * The embed token rows (Token Integrasi): issuing, listing, revoking, and what the embedded view's first call
 * reads (the student it may show, the branch). The rules: api/ROUTES.md "Embed tokens".
 */
import type {
  EmbedScope,
  EmbedTokenCreateSchema,
  EmbedTokenEntry,
  EmbedTokenStatus,
} from '@keuangan/shared/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import type { Db, Tx } from '../db/client';
import { branches, embed_tokens, students, users } from '../db/schema';
import { fetchPage } from '../lib/paging';
import { type BranchScope, inBranch } from '../lib/scope';

const revoker = alias(users, 'revoker');

const entryColumns = {
  id: embed_tokens.id,
  label: embed_tokens.label,
  scope: embed_tokens.scope,
  cashier_name: embed_tokens.cashier_name,
  student_id: students.id,
  student_name: students.name,
  student_nis: students.nis,
  created_at: embed_tokens.created_at,
  created_by: users.name,
  expires_at: embed_tokens.expires_at,
  revoked_at: embed_tokens.revoked_at,
  revoked_by: revoker.name,
  expired: sql<boolean>`${embed_tokens.expires_at} <= now()`,
};

function selectEntries(db: Db) {
  return db
    .select(entryColumns)
    .from(embed_tokens)
    .leftJoin(students, eq(students.id, embed_tokens.student_id))
    .leftJoin(users, eq(users.id, embed_tokens.user_id))
    .leftJoin(revoker, eq(revoker.id, embed_tokens.revoked_by));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

export function toEntry(row: EntryRow): EmbedTokenEntry {
  const status: EmbedTokenStatus = row.revoked_at ? 'revoked' : row.expired ? 'expired' : 'active';
  return {
    id: row.id,
    label: row.label,
    scope: row.scope as EmbedScope,
    cashier_name: row.cashier_name,
    student:
      row.student_id === null
        ? null
        : { id: row.student_id, name: row.student_name ?? '', nis: row.student_nis ?? '' },
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revoked_by: row.revoked_by,
    status,
  };
}

/** Issues a token row for the caller's branch, expiring `expires_in_minutes` from the database's now. */
export async function insertToken(
  tx: Tx,
  who: BranchScope & { userId: number },
  input: v.InferOutput<typeof EmbedTokenCreateSchema>,
): Promise<number> {
  const [row] = await tx
    .insert(embed_tokens)
    .values({
      client_id: who.clientId,
      branch_id: who.branchId,
      student_id: input.student_id,
      scope: input.scope,
      label: input.label,
      cashier_name: input.cashier_name,
      user_id: who.userId,
      expires_at: sql`now() + make_interval(mins => ${input.expires_in_minutes})`,
    })
    .returning({ id: embed_tokens.id });
  if (!row) throw new Error('embed token not inserted');
  return row.id;
}

/** One token as the list shows it. */
export async function loadEntry(db: Db, id: number): Promise<EmbedTokenEntry | undefined> {
  const [row] = await selectEntries(db).where(eq(embed_tokens.id, id));
  return row && toEntry(row);
}

/** A page of the branch's tokens, newest first unless `sort` is 'asc'. */
export async function tokenPage(
  db: Db,
  scope: BranchScope,
  query: { page: number; limit: number; sort: 'asc' | 'desc' },
) {
  const where = inBranch(scope, embed_tokens);
  const page = await fetchPage(db, embed_tokens, where, query, (limit, offset) =>
    selectEntries(db)
      .where(where)
      .orderBy(query.sort === 'asc' ? embed_tokens.id : desc(embed_tokens.id))
      .limit(limit)
      .offset(offset),
  );
  return { ...page, data: page.data.map(toEntry) };
}

/** Revokes a token of the branch not revoked yet; false when it already was. */
export async function revokeToken(
  tx: Tx,
  who: BranchScope & { userId: number },
  id: number,
): Promise<boolean> {
  const [revoked] = await tx
    .update(embed_tokens)
    .set({ revoked_at: sql`now()`, revoked_by: who.userId })
    .where(inBranch(who, embed_tokens, and(eq(embed_tokens.id, id), isNull(embed_tokens.revoked_at))))
    .returning({ id: embed_tokens.id });
  return revoked !== undefined;
}

/** Whether the student is one of the branch's. */
export async function isStudentOfBranch(db: Db, scope: BranchScope, studentId: number): Promise<boolean> {
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(inBranch(scope, students, eq(students.id, studentId)));
  return student !== undefined;
}

/** The branch the embedded view shows: its name and time zone. */
export async function branchOf(db: Db, branchId: number) {
  const [branch] = await db
    .select({ id: branches.id, name: branches.name, time_zone: branches.time_zone })
    .from(branches)
    .where(eq(branches.id, branchId));
  return branch;
}
