/**
 * A journal export as a workbook (docs/books.md "Exports"), built on a document thread (documents/builders.ts):
 * one sheet, the titles bold, rupiah as number cells, a date as a date cell, every other value a text cell
 * guarded like the CSV (export-layouts.ts guardText).
 */
import { DATE_FORMAT, dateCell, NUMBER_FORMAT, newWorkbook, workbookBuffer } from '../lib/xlsx';
import { type ExportCell, guardText, JOURNAL_LAYOUTS, type JournalLayoutName } from './export-layouts';
import type { JournalExportLine } from './queries';

const xlsxValue = (cell: ExportCell) =>
  typeof cell === 'number' ? cell : typeof cell === 'string' ? guardText(cell) : dateCell(cell.date);

export async function journalWorkbook(
  layoutName: JournalLayoutName,
  lines: JournalExportLine[],
): Promise<Buffer> {
  const layout = JOURNAL_LAYOUTS[layoutName];
  const book = newWorkbook();
  const sheet = book.addWorksheet(layout.sheet);
  layout.rows(lines).forEach((cells, index) => {
    const row = sheet.addRow(cells.map(xlsxValue));
    if (index < layout.titleRows) row.font = { bold: true };
    cells.forEach((cell, c) => {
      if (typeof cell === 'object') row.getCell(c + 1).numFmt = DATE_FORMAT;
      else if (typeof cell === 'number' && layout.groupNumbers) row.getCell(c + 1).numFmt = NUMBER_FORMAT;
    });
  });
  layout.widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  return workbookBuffer(book);
}
