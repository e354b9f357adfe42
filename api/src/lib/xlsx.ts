/**
 * The one way the API writes a spreadsheet (exceljs): the cell formats, a table sheet with an optional title
 * and filter block on top, the byte buffer, and the download answer. Used by the prospect download
 * (prospects/xls.ts) and the reports (reports/xlsx.ts).
 */
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { sendFile } from './download';

/**
 * Rupiah as a whole number, currency symbol tagged with the Indonesian locale (LCID 0421): the value stays a
 * number to sum, and a spreadsheet set to Indonesian shows 'Rp 1.250.000'.
 */
export const RUPIAH_FORMAT = '[$Rp-421] #,##0';
export const NUMBER_FORMAT = '#,##0';
export const PERCENT_FORMAT = '0.0%';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows a download may hold; past that the filter must be narrowed. */
export const MAX_XLS_ROWS = 10_000;

export type Cell = string | number | Date | null;

/** 'YYYY-MM-DD' as a date cell (UTC midnight: spreadsheets have no time zone), or empty. */
export const dateCell = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

export interface SheetColumn<Row> {
  header: string;
  value: (row: Row, index: number) => Cell;
  /** money: rupiah; number: grouped integer; percent: a fraction shown as %; date; text (default). */
  kind?: 'text' | 'money' | 'number' | 'percent' | 'date';
  width?: number;
}

const FORMATS: Record<NonNullable<SheetColumn<unknown>['kind']>, string | undefined> = {
  text: undefined,
  money: RUPIAH_FORMAT,
  number: NUMBER_FORMAT,
  percent: PERCENT_FORMAT,
  date: DATE_FORMAT,
};

export function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Keuangan';
  workbook.created = new Date();
  return workbook;
}

/**
 * A sheet holding one table. With a `title`, the sheet starts with the title and the filter as label/value
 * rows, then an empty row; then the bold header row and the rows. Sheet names are cut to 31 characters, as
 * spreadsheets require.
 */
export function addTableSheet<Row>(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: SheetColumn<Row>[],
  rows: Row[],
  heading?: { title: string; filter: [string, string][] },
): ExcelJS.Worksheet {
  const top = heading ? heading.filter.length + 2 : 0;
  const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: top + 1 }] });
  if (heading) {
    sheet.addRow([heading.title]).font = { bold: true, size: 13 };
    for (const [label, value] of heading.filter) sheet.addRow([label, value]);
    sheet.addRow([]);
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  rows.forEach((row, index) => {
    sheet.addRow(columns.map((c) => c.value(row, index)));
  });
  columns.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = column.width ?? Math.max(12, column.header.length + 4);
    const format = FORMATS[column.kind ?? 'text'];
    if (!format) return;
    // Only the table's cells: the title and filter rows above keep their text.
    for (let r = top + 2; r <= top + 1 + rows.length; r++) sheet.getCell(r, i + 1).numFmt = format;
  });
  return sheet;
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Answers a workbook as a download named `filename`, never cached. */
export const sendXlsx = (reply: FastifyReply, file: Buffer, filename: string) =>
  sendFile(reply, file, XLSX_TYPE, filename, 'attachment');
