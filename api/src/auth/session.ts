/** Loading who is signed in: the token's claims checked against the database, and the SessionUser shape. */
import type { SessionUser } from '@keuangan/shared/contract';
import type { Db } from '../db/client';
import type { ZonedScope } from '../lib/scope';
import type { EmbedGrant } from './embed-tokens';
import { authUser, userBranches, userById, userRoles } from './session-queries';

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
  const user = await userById(db, userId);
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
