/**
 * A journal export as CSV (docs/books.md "Exports"): UTF-8, comma-separated, CRLF; rupiah as bare whole numbers,
 * a date as bare `YYYY-MM-DD`, every text quoted and guarded against formulas (export-layouts.ts guardText).
 */
import { type ExportCell, guardText, JOURNAL_LAYOUTS, type JournalLayoutName } from './export-layouts';
import type { JournalExportLine } from './queries';

const csvCell = (cell: ExportCell) =>
  typeof cell === 'number'
    ? String(cell)
    : typeof cell === 'string'
      ? `"${guardText(cell).replace(/"/g, '""')}"`
      : cell.date;

export function journalCsv(layout: JournalLayoutName, lines: JournalExportLine[]): string {
  const rows = JOURNAL_LAYOUTS[layout].rows(lines);
  return `${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
