/**
 * The google-set hand-off: a signed-in party (the suite's Google sign-in) asks for a one-use code and sends the
 * browser to `/google-set?token={code}`; the page exchanges the code for a session once. The code is random
 * (256 bits), valid HANDOFF_SECONDS, and only its SHA-256 is stored, so neither the address bar, the history nor
 * a database dump holds anything that signs in. Redeeming deletes the row in the same statement: one use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auth_handoffs } from '../db/schema';

export const HANDOFF_SECONDS = 60;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

export async function issueHandoff(database: Database, userId: number, branchId: number): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await database.transaction(async (tx) => {
    await tx.delete(auth_handoffs).where(lt(auth_handoffs.expires_at, sql`now()`));
    await tx.insert(auth_handoffs).values({
      code_hash: hashOf(code),
      user_id: userId,
      branch_id: branchId,
      expires_at: sql`now() + make_interval(secs => ${HANDOFF_SECONDS})`,
    });
  });
  return code;
}

/** The user and branch of a valid code, which is used up; null for an unknown, used or expired one. */
export async function redeemHandoff(
  database: Database,
  code: string,
): Promise<{ userId: number; branchId: number } | null> {
  const [row] = await database.transaction((tx) =>
    tx
      .delete(auth_handoffs)
      .where(and(eq(auth_handoffs.code_hash, hashOf(code)), gt(auth_handoffs.expires_at, sql`now()`)))
      .returning({ userId: auth_handoffs.user_id, branchId: auth_handoffs.branch_id }),
  );
  return row ?? null;
}
