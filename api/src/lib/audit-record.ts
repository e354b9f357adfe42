/**
 * Writes one audit record inside the transaction of the change it records, so the two land or fail together.
 * `before` and `after` hold the changed fields only (small objects), never whole rows or passwords.
 */
import type { AuditAction } from '@keuangan/shared/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { audit_logs, users } from '../db/schema';

/** Who did it: the request's session (a failed sign-in has no user, and maybe no branch). */
export interface AuditWho {
  clientId: number | null;
  branchId: number | null;
  userId: number | null;
}

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

export async function recordAudit(tx: Tx | Db, who: AuditWho, entry: AuditEntry): Promise<void> {
  await auditInsert(tx, who, entry);
}

/**
 * The audit record's INSERT, unrun: `recordAudit` runs it, a hot path may run it inside one of its own statements
 * (the payment's last statement, lib/numbering.ts `numberAtCommit`). The user's name is read in the same statement.
 */
export function auditInsert(
  tx: Tx | Db,
  who: AuditWho,
  entry: AuditEntry,
): { getSQL(): SQL } & PromiseLike<unknown> {
  const userName = who.userId
    ? sql<string>`(select ${users.name} from ${users} where ${eq(users.id, who.userId)})`
    : null;
  return tx.insert(audit_logs).values({
    client_id: who.clientId,
    branch_id: who.branchId,
    user_id: who.userId,
    user_name: userName,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

/** The audit's who of a signed-in request. */
export const auditWho = (auth: { clientId: number; branchId: number; userId: number }): AuditWho => ({
  clientId: auth.clientId,
  branchId: auth.branchId,
  userId: auth.userId,
});
