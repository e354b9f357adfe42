/**
 * Log Audit: `GET /api/audit-log` (paged, newest first; filters date_from, date_to, user_id, action, entity)
 * and `GET /api/audit-log-xlsx` (the same filter, one sheet). Admins and superadmins of the branch only. There
 * is no route that changes or deletes a record (and the table refuses it: migration 0010).
 */
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ORDER_FIELDS,
  type AuditLogEntry,
  type AuditLogUser,
  CashDayField,
  canViewAuditLog,
  type Paged,
} from '@keuangan/shared/contract';
import { and, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { audit_logs } from '../db/schema';
import { DOCUMENT_ROUTE } from '../documents/limit';
import { forbidden } from '../lib/errors';
import { fetchPage, listQueryEntries, orderOf } from '../lib/paging';
import type { ZonedScope } from '../lib/scope';
import { type BranchTimeZone, todayIn } from '../lib/time';
import { optionalQueryId, validate } from '../lib/validate';
import { MAX_XLS_ROWS, sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';

export const AUDIT_FORBIDDEN = 'Hanya admin yang dapat melihat Log Audit';

const filterEntries = {
  date_from: v.optional(CashDayField),
  date_to: v.optional(CashDayField),
  user_id: optionalQueryId('Pengguna'),
  action: v.optional(
    v.picklist(
      AUDIT_ACTIONS.map((a) => a.value),
      'Jenis tidak valid',
    ),
  ),
  entity: v.optional(
    v.picklist(
      AUDIT_ENTITIES.map((e) => e.value),
      'Entitas tidak valid',
    ),
  ),
};
const ListQuery = v.object({ ...filterEntries, ...listQueryEntries(AUDIT_ORDER_FIELDS) });
const DownloadQuery = v.object(filterEntries);

/** The start of a day in the branch's time zone. */
const dayStart = (date: string, timeZone: BranchTimeZone) =>
  sql`(${date}::date::timestamp at time zone ${timeZone})`;

/**
 * The branch's records, and the sign-ins that failed (no branch: of the client's accounts, or of names no
 * account has), newest first by default on the screen.
 */
function filterOf(scope: ZonedScope, query: v.InferOutput<typeof DownloadQuery>): SQL {
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

/** Admins and superadmins only (403 for the other finance editors). */
function viewer(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (!canViewAuditLog(auth.roleSlugs)) throw forbidden(AUDIT_FORBIDDEN);
  return auth;
}

const documented = routeDocs('Audit log');

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    '/audit-log',
    documented(guard, {
      summary: 'Audit records of the branch and failed sign-ins, paged (admins)',
      input: { query: ListQuery },
      response: 'AuditLogPage',
    }),
    async (request): Promise<Paged<AuditLogEntry>> => {
      const auth = viewer(request);
      const query = validate(ListQuery, request.query);
      const where = filterOf(auth, query);
      const page = await fetchPage(db, audit_logs, where, query, (limit, offset) =>
        db
          .select(columns)
          .from(audit_logs)
          .where(where)
          .orderBy(
            ...orderOf(
              { id: audit_logs.id, occurred_at: audit_logs.occurred_at },
              { ...query, sort: query.sort },
              audit_logs.id,
            ),
          )
          .limit(limit)
          .offset(offset),
      );
      return { ...page, data: page.data.map(toEntry) };
    },
  );

  app.get(
    '/audit-log-users',
    documented(guard, {
      summary: 'Who appears in the audit log (admins)',
      input: 'none',
      response: 'AuditLogUsers',
    }),
    async (request): Promise<AuditLogUser[]> => {
      const auth = viewer(request);
      const rows = await db
        .selectDistinct({ id: audit_logs.user_id, name: audit_logs.user_name })
        .from(audit_logs)
        .where(and(eq(audit_logs.branch_id, auth.branchId), isNotNull(audit_logs.user_id)));
      return rows
        .map((row) => ({ id: row.id as number, name: row.name ?? `#${row.id}` }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  );

  app.get(
    '/audit-log-xlsx',
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'The filtered audit log as a workbook (admins)',
        input: { query: DownloadQuery },
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const auth = viewer(request);
      const query = validate(DownloadQuery, request.query);
      const rows = (
        await db
          .select(columns)
          .from(audit_logs)
          .where(filterOf(auth, query))
          .orderBy(sql`${audit_logs.id} desc`)
          .limit(MAX_XLS_ROWS)
      ).map(toEntry);
      const file = await app.documents.build('auditWorkbook', rows, query, auth.timeZone);
      return sendXlsx(reply, file, `log-audit-${todayIn(auth)}.xlsx`);
    },
  );
}
