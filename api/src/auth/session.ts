/** Loading who is signed in: the token's claims checked against the database, and the SessionUser shape. */
import type { SessionUser } from '@keuangan/shared/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { branches, roles, user_branches, user_roles, users } from '../db/schema';
import type { ZonedScope } from '../lib/scope';
import type { EmbedGrant } from './embed-tokens';

/** Claims of our JWT: the user, the branch the session works in, and the user's token version when issued. */
export interface TokenClaims {
  uid: number;
  bid: number;
  ver: number;
}

/** What a guarded request knows about its caller (request.auth). */
export interface AuthContext extends ZonedScope {
  userId: number;
  roleSlugs: string[];
  /** The user's token version: tokens signed for this request's user carry it. */
  tokenVersion: number;
  /** What the request's embed token grants; null for a staff session (embed-tokens.ts). */
  embed: EmbedGrant | null;
}

/** Branches the user may work in: their own, within their client. */
export function userBranches(db: Db, userId: number, clientId: number) {
  return db
    .select({ id: branches.id, name: branches.name, time_zone: branches.time_zone })
    .from(user_branches)
    .innerJoin(branches, eq(branches.id, user_branches.branch_id))
    .where(and(eq(user_branches.user_id, userId), eq(branches.client_id, clientId)))
    .orderBy(asc(branches.id));
}

function userRoles(db: Db, userId: number) {
  return db
    .select({ id: roles.id, slug: roles.slug, title: roles.title, bg_color: roles.bg_color })
    .from(user_roles)
    .innerJoin(roles, eq(roles.id, user_roles.role_id))
    .where(eq(user_roles.user_id, userId))
    .orderBy(asc(roles.id));
}

/**
 * The caller of a token, or null when the token no longer holds: the user is gone or inactive, the branch is
 * no longer one of theirs, or the token was issued before a password change or a sign-out (token version).
 */
/**
 * The user of the claims (`uid`, `bid`, `ver`) if still active, in the branch and of that token version, with
 * its roles and the branch's time zone. One round trip, prepared: every guarded request makes it.
 */
const authUser = prepared('auth_user', (db) =>
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

/**
 * The caller of a token, or null when the token no longer holds: the user is gone or inactive, the branch is
 * no longer one of theirs, or the token was issued before a password change or a sign-out (token version).
 */
export async function loadAuthContext(db: Db, claims: TokenClaims): Promise<AuthContext | null> {
  const [user] = await authUser(db, { uid: claims.uid, bid: claims.bid, ver: claims.ver });
  if (!user) return null;
  return {
    userId: user.id,
    clientId: user.client_id,
    branchId: claims.bid,
    timeZone: user.time_zone,
    roleSlugs: user.role_slugs,
    tokenVersion: claims.ver,
    embed: null,
  };
}

/** The SessionUser of auth/login, auth/me and auth/set-active-branch. */
export async function loadSessionUser(db: Db, userId: number, activeBranchId: number): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`User ${userId} not found`);
  const [roleRows, branchRows] = await Promise.all([
    userRoles(db, userId),
    userBranches(db, userId, user.client_id),
  ]);
  const active = branchRows.find((b) => b.id === activeBranchId);
  if (!active) throw new Error(`Branch ${activeBranchId} is not a branch of user ${userId}`);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    uname: user.uname,
    utype_name: user.utype_name,
    avatar: user.avatar,
    google_id_registran: user.google_id_registran,
    roles: roleRows,
    branches: branchRows,
    active_branch: active,
  };
}
