/**
 * The audit records a branch's admins read: the branch's own and the failed sign-ins of its client's accounts
 * (docs/roles.md "Audit log"), filtered by day in the branch's time zone.
 */
import type { AuditLogEntry, AuditLogUser } from '@keuangan/shared/contract';
import { and, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { audit_logs } from '../db/schema';
import { fetchPage, orderOf } from '../lib/paging';
import type { ZonedScope } from '../lib/scope';
import type { BranchTimeZone } from '../lib/time';

/** The filters of the log's screen and download. */
export interface AuditFilter {
  date_from?: string | undefined;
  date_to?: string | undefined;
  user_id?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
}

/** The start of a day in the branch's time zone. */
const dayStart = (date: string, timeZone: BranchTimeZone) =>
  sql`(${date}::date::timestamp at time zone ${timeZone})`;

/**
 * The branch's records, and the sign-ins that failed (no branch: of the client's accounts, or of names no
 * account has), newest first by default on the screen.
 */
function filterOf(scope: ZonedScope, query: AuditFilter): SQL {
  return and(
    or(
      eq(audit_logs.branch_id, scope.branchId),
      and(
        isNull(audit_logs.branch_id),
        or(eq(audit_logs.client_id, scope.clientId), isNull(audit_logs.client_id)),
      ),
    ),
    query.date_from ? gte(audit_logs.occurred_at, dayStart(query.date_from, scope.timeZone)) : undefined,
    query.date_to
      ? lt(audit_logs.occurred_at, sql`${dayStart(query.date_to, scope.timeZone)} + interval '1 day'`)
      : undefined,
    query.user_id ? eq(audit_logs.user_id, query.user_id) : undefined,
    query.action ? eq(audit_logs.action, query.action) : undefined,
    query.entity ? eq(audit_logs.entity, query.entity) : undefined,
  ) as SQL;
}

const columns = {
  id: audit_logs.id,
  occurred_at: audit_logs.occurred_at,
  user_id: audit_logs.user_id,
  user_name: audit_logs.user_name,
  action: audit_logs.action,
  entity: audit_logs.entity,
  entity_id: audit_logs.entity_id,
  before: audit_logs.before,
  after: audit_logs.after,
  reason: audit_logs.reason,
};
const toEntry = (row: { occurred_at: Date } & Record<string, unknown>) =>
  ({ ...row, occurred_at: row.occurred_at.toISOString() }) as AuditLogEntry;

/** One page of the records, newest first unless the screen asks otherwise. */
export async function auditPage(
  db: Db,
  scope: ZonedScope,
  query: AuditFilter & { page: number; limit: number; orderby: 'id' | 'occurred_at'; sort: 'asc' | 'desc' },
) {
  const where = filterOf(scope, query);
  const page = await fetchPage(db, audit_logs, where, query, (limit, offset) =>
    db
      .select(columns)
      .from(audit_logs)
      .where(where)
      .orderBy(...orderOf({ id: audit_logs.id, occurred_at: audit_logs.occurred_at }, query, audit_logs.id))
      .limit(limit)
      .offset(offset),
  );
  return { ...page, data: page.data.map(toEntry) };
}

/** The newest `limit` records of the filter (the download). */
export async function auditRows(db: Db, scope: ZonedScope, filter: AuditFilter, limit: number) {
  const rows = await db
    .select(columns)
    .from(audit_logs)
    .where(filterOf(scope, filter))
    .orderBy(sql`${audit_logs.id} desc`)
    .limit(limit);
  return rows.map(toEntry);
}

/** Who appears in the branch's records, by name. */
export async function auditUsers(db: Db, scope: ZonedScope): Promise<AuditLogUser[]> {
  const rows = await db
    .selectDistinct({ id: audit_logs.user_id, name: audit_logs.user_name })
    .from(audit_logs)
    .where(and(eq(audit_logs.branch_id, scope.branchId), isNotNull(audit_logs.user_id)));
  return rows
    .map((row) => ({ id: row.id as number, name: row.name ?? `#${row.id}` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
