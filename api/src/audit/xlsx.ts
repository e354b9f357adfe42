/** The Log Audit download: one sheet of the filtered records, with the filter on top. */
import { AUDIT_ACTIONS, type AuditAction, type AuditLogEntry, labelOf } from '@keuangan/shared/contract';
import { type BranchTimeZone, DEFAULT_TIME_ZONE } from '../lib/time';
import { addTableSheet, newWorkbook, workbookBuffer } from '../lib/xlsx';

export interface AuditDownloadFilter {
  date_from?: string | undefined;
  date_to?: string | undefined;
  action?: AuditAction | undefined;
}

/** Times are shown in `timeZone`, the branch's. */
export function auditWorkbook(
  rows: AuditLogEntry[],
  query: AuditDownloadFilter,
  timeZone: BranchTimeZone = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const workbook = newWorkbook();
  const json = (value: unknown) => (value ? JSON.stringify(value) : '');
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
      { header: 'Entitas', value: (r) => `${r.entity}${r.entity_id ? ` #${r.entity_id}` : ''}`, width: 28 },
      { header: 'Sebelum', value: (r) => json(r.before), width: 40 },
      { header: 'Sesudah', value: (r) => json(r.after), width: 40 },
      { header: 'Alasan', value: (r) => r.reason ?? '', width: 30 },
    ],
    rows,
    {
      title: 'Log Audit',
      filter: [
        ['Dari', query.date_from ?? '-'],
        ['Sampai', query.date_to ?? '-'],
        ['Jenis', query.action ? labelOf(AUDIT_ACTIONS, query.action) : 'Semua'],
      ],
    },
  );
  return workbookBuffer(workbook);
}
