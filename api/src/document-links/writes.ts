/** The link write: one transaction that clears expired links and stores the new one (api/ROUTES.md). */
import type { DocumentLinkKind } from '@keuangan/shared/contract';
import type { Database } from '../db/client';
import type { BranchScope } from '../lib/scope';
import { insertLink } from './queries';

/** Stores a one-use link to a payment's document; answers when it expires. */
export function createLink(
  database: Database,
  scope: BranchScope,
  code: string,
  link: { kind: DocumentLinkKind; paymentId: number },
): Promise<Date> {
  return database.transaction((tx) => insertLink(tx, scope, code, link));
}
