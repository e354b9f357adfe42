/** Log Audit's requests, one function or hook each (docs/architecture.md "Code layout"). */
import { type AuditLogEntry, type AuditLogUser, apiDownload, apiGet, usePagedQuery } from '@keuangan/shared';

/** The filter both the list and its spreadsheet take. */
export interface AuditLogFilter {
  date_from: string;
  date_to: string;
  user_id?: number;
  action?: string;
  entity?: string;
}

/** `GET /api/audit-log-users`: who appears in the log (the user filter's choices). */
export const fetchAuditLogUsers = () => apiGet<AuditLogUser[]>('/api/audit-log-users');

/** `GET /api/audit-log`: one page of entries, newest first. */
export const useAuditLog = (filter: AuditLogFilter) =>
  usePagedQuery<AuditLogEntry>('/api/audit-log', { ...filter, orderby: 'id', sort: 'desc' });

/** `GET /api/audit-log-xlsx`: the filtered log as a spreadsheet, saved as `fileName`. */
export const downloadAuditLog = (filter: AuditLogFilter, fileName: string) =>
  apiDownload('/api/audit-log-xlsx', filter, fileName);
