/**
 * Embed tokens (Token Integrasi): a JWT naming a row of `embed_tokens`, read on every request so a revoke holds
 * at once on every instance. What each scope reaches: api/ROUTES.md "Embed tokens", docs/roles.md#embed-tokens.
 */
import { EMBED_MESSAGES, type EmbedScope } from '@keuangan/shared/contract';
import type { Db } from '../db/client';
import { forbidden } from '../lib/errors';
import type { BranchScope, ZonedScope } from '../lib/scope';
import type { EmbedAccess } from '../openapi/route-docs';
import { studentsOfBills, tokenRow } from './embed-token-queries';

/** The `aud` of embed tokens: a session check never accepts one, and the reverse. */
export const EMBED_AUDIENCE = 'keuangan-embed';

/** The claims of an embed token: the row, and (for a quick refusal) its user and branch. */
export interface EmbedClaims {
  eid: number;
  uid: number;
  bid: number;
}

/** What the request's embed token grants (request.auth.embed). */
export interface EmbedGrant {
  tokenId: number;
  scope: EmbedScope;
  /** Null: every student of the branch. */
  studentId: number | null;
  expiresAt: Date;
  /** A kasir token's cashier; null: the token may not record a payment (guard.ts). */
  cashierName: string | null;
}

export const embedReaches = (access: EmbedAccess | undefined, scope: EmbedScope): boolean =>
  access === 'read' || ((access === 'pay' || access === 'pay_online') && scope === 'billing:pay');

/** The caller of an embed token, or the Indonesian reason it no longer holds. */
export async function loadEmbedCaller(
  db: Db,
  claims: EmbedClaims,
): Promise<
  | { ok: true; scope: ZonedScope & { userId: number; roleSlugs: string[] }; grant: EmbedGrant }
  | { ok: false; message: string }
> {
  const [row] = await tokenRow(db, { eid: claims.eid, uid: claims.uid, bid: claims.bid });
  if (!row || row.role_slugs === null) return { ok: false, message: EMBED_MESSAGES.invalid };
  if (row.revoked) return { ok: false, message: EMBED_MESSAGES.revokedToken };
  if (row.expired) return { ok: false, message: EMBED_MESSAGES.expired };
  return {
    ok: true,
    scope: {
      clientId: row.client_id,
      branchId: claims.bid,
      timeZone: row.time_zone,
      userId: claims.uid,
      roleSlugs: row.role_slugs,
    },
    grant: {
      tokenId: row.id,
      scope: row.scope as EmbedScope,
      studentId: row.student_id,
      expiresAt: row.expires_at,
      cashierName: row.cashier_name,
    },
  };
}

/** Refuses (403) a student the caller's embed token does not name; sessions and branch-wide tokens pass. */
export function assertStudentReachable(
  auth: { embed: EmbedGrant | null },
  studentId: number | null | undefined,
) {
  const only = auth.embed?.studentId;
  if (only && only !== studentId) throw forbidden(EMBED_MESSAGES.wrongStudent);
}

/** The same for the bills about to be paid (bills of another branch are left to the payment's own 404). */
export async function assertBillsReachable(
  db: Db,
  auth: BranchScope & { embed: EmbedGrant | null },
  billIds: number[],
): Promise<void> {
  if (!auth.embed?.studentId || billIds.length === 0) return;
  const rows = await studentsOfBills(db, auth, billIds);
  for (const row of rows) assertStudentReachable(auth, row.student_id);
}
