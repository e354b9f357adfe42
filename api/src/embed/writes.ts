/** The embed-token writes, one transaction each with its audit row (api/ROUTES.md, "Embed tokens"). */
import { EMBED_MESSAGES, type EmbedTokenCreateSchema } from '@keuangan/shared/contract';
import type * as v from 'valibot';
import type { Database } from '../db/client';
import { embed_tokens, students } from '../db/schema';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError } from '../lib/errors';
import { type BranchScope, findInBranch } from '../lib/scope';
import { insertToken, revokeToken } from './queries';

type Who = BranchScope & { userId: number };

/** Issues a token for the caller's branch (its student, when named, must be the branch's); answers its id. */
export async function issueToken(
  database: Database,
  auth: Who,
  input: v.InferOutput<typeof EmbedTokenCreateSchema>,
): Promise<number> {
  if (input.student_id !== null) await findInBranch(database.db, auth, students, input.student_id);
  return database.transaction(async (tx) => {
    const id = await insertToken(tx, auth, input);
    await recordAudit(tx, auditWho(auth), {
      action: 'embed_token.create',
      entity: 'embed_token',
      entityId: id,
      after: {
        label: input.label,
        scope: input.scope,
        student_id: input.student_id,
        cashier_name: input.cashier_name,
        minutes: input.expires_in_minutes,
      },
    });
    return id;
  });
}

/** Revokes a token of the branch (404 when not the branch's, 409 when already revoked). */
export async function revokeOnce(database: Database, auth: Who, id: number): Promise<void> {
  await findInBranch(database.db, auth, embed_tokens, id);
  await database.transaction(async (tx) => {
    if (!(await revokeToken(tx, auth, id))) throw new ApiError(409, EMBED_MESSAGES.alreadyRevoked);
    await recordAudit(tx, auditWho(auth), {
      action: 'embed_token.revoke',
      entity: 'embed_token',
      entityId: id,
    });
  });
}
