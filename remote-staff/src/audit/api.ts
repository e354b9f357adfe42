/** Log Audit's requests, one function or hook each (docs/architecture.md "Code layout"). */
import { apiDownload, apiGet, ROUTES, usePagedQuery } from '@keuangan/shared';

/** The filter both the list and its spreadsheet take. */
export interface AuditLogFilter {
  date_from: string;
  date_to: string;
  user_id?: number;
  action?: string;
  entity?: string;
}

/** `GET /api/audit-log-users`: who appears in the log (the user filter's choices). */
export const fetchAuditLogUsers = () => apiGet(ROUTES.admin.auditLogUsers());

/** `GET /api/audit-log`: one page of entries, newest first. */
export const useAuditLog = (filter: AuditLogFilter) =>
  usePagedQuery(ROUTES.admin.auditLog(), { ...filter, orderby: 'id', sort: 'desc' });

/** `GET /api/audit-log-xlsx`: the filtered log as a spreadsheet, saved as `fileName`. */
export const downloadAuditLog = (filter: AuditLogFilter, fileName: string) =>
  apiDownload(ROUTES.admin.auditLogXlsx(), filter, fileName);
