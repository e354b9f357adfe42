/** The Laporan Potongan download: per rule and class what the rules gave, with the filter chosen on top. */
import type { DiscountReport } from '@keuangan/shared/contract';
import { addTableSheet, newWorkbook, workbookBuffer } from '../lib/xlsx';

/** `filter`: the filter's lines (names, not ids), as `placementFilterLines` writes them. */
export function discountReportWorkbook(report: DiscountReport, filter: [string, string][]): Promise<Buffer> {
  const workbook = newWorkbook();
  const rows = [
    ...report.rows,
    { rule_name: 'Total', class_name: '', students: null, items: null, total: report.total },
  ];
  addTableSheet(
    workbook,
    'Laporan Potongan',
    [
      { header: 'Aturan', value: (r) => r.rule_name, width: 30 },
      { header: 'Kelas', value: (r) => r.class_name, width: 16 },
      { header: 'Siswa', value: (r) => r.students, kind: 'number' },
      { header: 'Item', value: (r) => r.items, kind: 'number' },
      { header: 'Total Potongan', value: (r) => r.total, kind: 'money', width: 20 },
    ],
    rows,
    {
      title: 'Laporan Potongan',
      filter,
    },
  );
  return workbookBuffer(workbook);
}
