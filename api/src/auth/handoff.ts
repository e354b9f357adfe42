/**
 * The google-set hand-off: a signed-in party (the suite's Google sign-in) asks for a one-use code and sends the
 * browser to `/google-set?token={code}`; the page exchanges the code for a session once. The code is random
 * (256 bits), valid HANDOFF_SECONDS, and only its SHA-256 is stored, so neither the address bar, the history nor
 * a database dump holds anything that signs in. Redeeming deletes the row in the same statement: one use.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { insertHandoff, takeHandoff } from './setup-queries';

export const HANDOFF_SECONDS = 60;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

export async function issueHandoff(database: Database, userId: number, branchId: number): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await database.transaction((tx) => insertHandoff(tx, hashOf(code), userId, branchId, HANDOFF_SECONDS));
  return code;
}

/** The user and branch of a valid code, which is used up; null for an unknown, used or expired one. */
export async function redeemHandoff(
  database: Database,
  code: string,
): Promise<{ userId: number; branchId: number } | null> {
  const [row] = await database.transaction((tx) => takeHandoff(tx, hashOf(code)));
  return row ?? null;
}
