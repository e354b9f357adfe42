/** The Laporan Saldo Titipan download: every student of the filter with credit, a total row, the filter on top. */
import { type BranchTimeZone, dateIn, type StudentCreditReport } from '@keuangan/shared/contract';
import { addTableSheet, dateCell, newWorkbook, workbookBuffer } from '../lib/xlsx';

/** `filter`: the filter's lines (names, not ids); `timeZone`: the branch's, for the day of the last movement. */
export function creditReportWorkbook(
  report: StudentCreditReport,
  filter: [string, string][],
  timeZone: BranchTimeZone,
): Promise<Buffer> {
  const workbook = newWorkbook();
  const rows = [
    ...report.data.map((r) => ({ ...r, day: dateIn(timeZone, new Date(r.last_movement_at)) })),
    {
      nis: null,
      name: 'Total',
      department_name: '',
      class_name: null,
      balance: report.total_balance,
      day: null,
    },
  ];
  addTableSheet(
    workbook,
    'Saldo Titipan',
    [
      { header: 'NIS', value: (r) => r.nis, width: 14 },
      { header: 'Nama Siswa', value: (r) => r.name, width: 30 },
      { header: 'Departemen', value: (r) => r.department_name, width: 14 },
      { header: 'Kelas', value: (r) => r.class_name, width: 12 },
      { header: 'Saldo Titipan', value: (r) => r.balance, kind: 'money', width: 20 },
      { header: 'Mutasi Terakhir', value: (r) => dateCell(r.day), kind: 'date', width: 16 },
    ],
    rows,
    { title: 'Laporan Saldo Titipan', filter },
  );
  return workbookBuffer(workbook);
}
