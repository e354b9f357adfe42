/**
 * The user rows sign-in and sessions read and write. A session is valid while its token's version equals the
 * user's `token_version`: raising it ends every session issued before (docs/decisions.md "Sessions end on the server").
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';

/** The user signing in by username, compared without case. */
export async function userByUsername(db: Db, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.uname})`, username.toLowerCase()))
    .limit(1);
  return user;
}

/** The user's session version, or undefined for an unknown user. */
export async function tokenVersionOf(db: Db, userId: number): Promise<number | undefined> {
  const [user] = await db.select({ ver: users.token_version }).from(users).where(eq(users.id, userId));
  return user?.ver;
}

export async function passwordHashOf(db: Db, userId: number): Promise<string | undefined> {
  const [user] = await db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId));
  return user?.password_hash;
}

/** Ends every session of the user (sign-out everywhere). */
export async function endSessions(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, userId));
}

/** Remembers the branch the user chose, writing only when it changes. */
export async function rememberBranch(tx: Tx, userId: number, branchId: number): Promise<void> {
  await tx
    .update(users)
    .set({ last_branch_id: branchId, updated_at: new Date() })
    .where(and(eq(users.id, userId), sql`${users.last_branch_id} is distinct from ${branchId}`));
}

/** Sets a new password and ends the sessions issued before; answers the new session version. */
export async function changePassword(
  tx: Tx,
  userId: number,
  passwordHash: string,
): Promise<number | undefined> {
  const [changed] = await tx
    .update(users)
    .set({
      password_hash: passwordHash,
      token_version: sql`${users.token_version} + 1`,
      updated_at: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ ver: users.token_version });
  return changed?.ver;
}
