/**
 * Log Audit: `GET /api/audit-log` (paged, newest first; filters date_from, date_to, user_id, action, entity)
 * and `GET /api/audit-log-xlsx` (the same filter, one sheet). Admins and superadmins of the branch only. There
 * is no route that changes or deletes a record (and the table refuses it: migration 0010).
 */
import {
  type AuditLogEntry,
  type AuditLogUser,
  canViewAuditLog,
  type Paged,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { forbidden } from '../lib/errors';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { MAX_XLS_ROWS, sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { auditPage, auditRows, auditUsers } from './queries';

export const AUDIT_FORBIDDEN = 'Hanya admin yang dapat melihat Log Audit';

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
    ROUTES.admin.auditLog.local,
    documented(guard, {
      summary: 'Audit records of the branch and failed sign-ins, paged (admins)',
      response: 'AuditLogPage',
    }),
    async (request): Promise<Paged<AuditLogEntry>> => {
      const auth = viewer(request);
      const query = validate(ROUTE_INPUTS.admin.auditLog.query, request.query);
      return auditPage(db, auth, query);
    },
  );

  app.get(
    ROUTES.admin.auditLogUsers.local,
    documented(guard, {
      summary: 'Who appears in the audit log (admins)',
      input: 'none',
      response: 'AuditLogUsers',
    }),
    async (request): Promise<AuditLogUser[]> => {
      const auth = viewer(request);
      return auditUsers(db, auth);
    },
  );

  app.get(
    ROUTES.admin.auditLogXlsx.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'The filtered audit log as a workbook (admins)',
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const auth = viewer(request);
      const query = validate(ROUTE_INPUTS.admin.auditLogXlsx.query, request.query);
      const rows = await auditRows(db, auth, query, MAX_XLS_ROWS);
      const file = await app.documents.build('auditWorkbook', rows, query, auth.timeZone);
      return sendXlsx(reply, file, `log-audit-${todayIn(auth)}.xlsx`);
    },
  );
}
