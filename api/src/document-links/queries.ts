/**
 * The one-use link rows: only the code's SHA-256 is stored, and redeeming deletes the row in the same statement,
 * so a code opens its document once.
 */
import { createHash } from 'node:crypto';
import { DOCUMENT_LINK_SECONDS, type DocumentLinkKind } from '@keuangan/shared/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { document_links } from '../db/schema';
import type { BranchScope } from '../lib/scope';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** Stores a new link for `code` (dropping the expired ones); answers when it expires. */
export async function insertLink(
  tx: Tx,
  scope: BranchScope,
  code: string,
  link: { kind: DocumentLinkKind; paymentId: number },
): Promise<Date> {
  await tx.delete(document_links).where(lt(document_links.expires_at, sql`now()`));
  const [row] = await tx
    .insert(document_links)
    .values({
      code_hash: hashOf(code),
      client_id: scope.clientId,
      branch_id: scope.branchId,
      kind: link.kind,
      payment_id: link.paymentId,
      expires_at: sql`now() + make_interval(secs => ${DOCUMENT_LINK_SECONDS})`,
    })
    .returning({ expires_at: document_links.expires_at });
  return row?.expires_at ?? new Date();
}

/** The link of `code` if it is still valid, deleted as it is read: a second use finds nothing. */
export async function redeemLink(db: Db, code: string) {
  const [link] = await db
    .delete(document_links)
    .where(and(eq(document_links.code_hash, hashOf(code)), gt(document_links.expires_at, sql`now()`)))
    .returning();
  return link;
}
