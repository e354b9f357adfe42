/** The Log Audit download: one sheet of the filtered records, with the filter on top. */
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditAction,
  type AuditLogEntry,
  auditChangeText,
  auditEntityText,
  labelOf,
} from '@keuangan/shared/contract';
import { type BranchTimeZone, DEFAULT_TIME_ZONE } from '../lib/time';
import { addTableSheet, newWorkbook, workbookBuffer } from '../lib/xlsx';

export interface AuditDownloadFilter {
  date_from?: string | undefined;
  date_to?: string | undefined;
  action?: AuditAction | undefined;
  entity?: string | undefined;
}

/** Times are shown in `timeZone`, the branch's. */
export function auditWorkbook(
  rows: AuditLogEntry[],
  query: AuditDownloadFilter,
  timeZone: BranchTimeZone = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const workbook = newWorkbook();
  addTableSheet(
    workbook,
    'Log Audit',
    [
      {
        header: 'Waktu',
        value: (r) => new Date(r.occurred_at).toLocaleString('id-ID', { timeZone }),
        width: 20,
      },
      { header: 'Pengguna', value: (r) => r.user_name ?? '-', width: 22 },
      { header: 'Jenis', value: (r) => labelOf(AUDIT_ACTIONS, r.action), width: 28 },
      { header: 'Entitas', value: auditEntityText, width: 28 },
      // The same words as the screen's Perubahan column, never the stored JSON (docs/roles.md "Audit log").
      { header: 'Perubahan', value: (r) => auditChangeText(r) || '-', width: 70 },
      { header: 'Alasan', value: (r) => r.reason ?? '', width: 30 },
    ],
    rows,
    {
      title: 'Log Audit',
      filter: [
        ['Dari', query.date_from ?? '-'],
        ['Sampai', query.date_to ?? '-'],
        ['Jenis', query.action ? labelOf(AUDIT_ACTIONS, query.action) : 'Semua'],
        ['Entitas', query.entity ? labelOf(AUDIT_ENTITIES, query.entity) : 'Semua'],
      ],
    },
  );
  return workbookBuffer(workbook);
}
