/** The statements behind embed tokens (embed-tokens.ts): the token's row and the students of bills. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import {
  branches,
  embed_tokens,
  roles,
  student_billings,
  user_branches,
  user_roles,
  users,
} from '../db/schema';
import { type BranchScope, inBranch } from '../lib/scope';

/** The token's row, its branch's zone and its minting user's roles (null when the user no longer holds). */
export const tokenRow = prepared('embed_token_auth', (db) =>
  db
    .select({
      id: embed_tokens.id,
      client_id: embed_tokens.client_id,
      time_zone: branches.time_zone,
      scope: embed_tokens.scope,
      student_id: embed_tokens.student_id,
      cashier_name: embed_tokens.cashier_name,
      expires_at: embed_tokens.expires_at,
      revoked: sql<boolean>`${embed_tokens.revoked_at} is not null`,
      expired: sql<boolean>`${embed_tokens.expires_at} <= now()`,
      // The minting user, still active and still in the branch (null otherwise: the token no longer holds).
      role_slugs: sql<string[] | null>`(select coalesce(array_agg(${roles.slug} order by ${roles.id}), '{}')
        from ${user_roles} join ${roles} on ${roles.id} = ${user_roles.role_id}
        where ${user_roles.user_id} = ${users.id})`,
    })
    .from(embed_tokens)
    .innerJoin(
      branches,
      and(eq(branches.id, embed_tokens.branch_id), eq(branches.client_id, embed_tokens.client_id)),
    )
    .leftJoin(
      users,
      and(
        eq(users.id, embed_tokens.user_id),
        eq(users.status, 1),
        eq(users.client_id, embed_tokens.client_id),
        sql`exists (select 1 from ${user_branches} where ${user_branches.user_id} = ${users.id}
          and ${user_branches.branch_id} = ${embed_tokens.branch_id})`,
      ),
    )
    .where(
      and(
        eq(embed_tokens.id, sql.placeholder('eid')),
        eq(embed_tokens.user_id, sql.placeholder('uid')),
        eq(embed_tokens.branch_id, sql.placeholder('bid')),
      ),
    )
    .limit(1),
);

/** The students of the bills, within the branch (bills of another branch are left out). */
export function studentsOfBills(db: Db, scope: BranchScope, billIds: number[]) {
  return db
    .select({ student_id: student_billings.student_id })
    .from(student_billings)
    .where(inBranch(scope, student_billings, inArray(student_billings.id, billIds)));
}
