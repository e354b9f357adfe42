/** The statements behind the google-set hand-off codes (handoff.ts) and the stored JWT secret (secret.ts). */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { app_settings, auth_handoffs } from '../db/schema';

/** Stores a code's hash for `seconds`, after clearing the expired ones. */
export async function insertHandoff(
  tx: Tx,
  codeHash: string,
  userId: number,
  branchId: number,
  seconds: number,
): Promise<void> {
  await tx.delete(auth_handoffs).where(lt(auth_handoffs.expires_at, sql`now()`));
  await tx.insert(auth_handoffs).values({
    code_hash: codeHash,
    user_id: userId,
    branch_id: branchId,
    expires_at: sql`now() + make_interval(secs => ${seconds})`,
  });
}

/** Deletes a valid code's row in one statement, answering its user and branch (none: unknown, used or expired). */
export function takeHandoff(tx: Tx, codeHash: string) {
  return tx
    .delete(auth_handoffs)
    .where(and(eq(auth_handoffs.code_hash, codeHash), gt(auth_handoffs.expires_at, sql`now()`)))
    .returning({ userId: auth_handoffs.user_id, branchId: auth_handoffs.branch_id });
}

/** Insert-if-absent then read: two processes starting together end up with the same value. */
export async function settingKeptOnce(tx: Tx, key: string, value: string): Promise<string | undefined> {
  await tx.insert(app_settings).values({ key, value }).onConflictDoNothing();
  const [row] = await tx.select().from(app_settings).where(eq(app_settings.key, key));
  return row?.value;
}
