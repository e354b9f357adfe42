/** The statements behind a session (session.ts): the caller of a token and the SessionUser's rows. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { branches, roles, user_branches, user_roles, users } from '../db/schema';

/** Branches the user may work in: their own, within their client. */
export function userBranches(db: Db, userId: number, clientId: number) {
  return db
    .select({ id: branches.id, name: branches.name, time_zone: branches.time_zone })
    .from(user_branches)
    .innerJoin(branches, eq(branches.id, user_branches.branch_id))
    .where(and(eq(user_branches.user_id, userId), eq(branches.client_id, clientId)))
    .orderBy(asc(branches.id));
}

export function userRoles(db: Db, userId: number) {
  return db
    .select({ id: roles.id, slug: roles.slug, title: roles.title, bg_color: roles.bg_color })
    .from(user_roles)
    .innerJoin(roles, eq(roles.id, user_roles.role_id))
    .where(eq(user_roles.user_id, userId))
    .orderBy(asc(roles.id));
}

/**
 * The user of the claims (`uid`, `bid`, `ver`) if still active, in the branch and of that token version, with
 * its roles and the branch's time zone. One round trip, prepared: every guarded request makes it.
 */
export const authUser = prepared('auth_user', (db) =>
  db
    .select({
      id: users.id,
      client_id: users.client_id,
      time_zone: branches.time_zone,
      role_slugs: sql<
        string[]
      >`coalesce((select array_agg(${roles.slug} order by ${roles.id}) from ${user_roles}
        join ${roles} on ${roles.id} = ${user_roles.role_id} where ${user_roles.user_id} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(
      user_branches,
      and(eq(user_branches.user_id, users.id), eq(user_branches.branch_id, sql.placeholder('bid'))),
    )
    .innerJoin(
      branches,
      and(eq(branches.id, user_branches.branch_id), eq(branches.client_id, users.client_id)),
    )
    .where(
      and(
        eq(users.id, sql.placeholder('uid')),
        eq(users.status, 1),
        eq(users.token_version, sql.placeholder('ver')),
      ),
    )
    .limit(1),
);

/** The user's row, by id. */
export async function userById(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}
