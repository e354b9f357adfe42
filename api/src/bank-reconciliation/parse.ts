/**
 * A statement file read into its lines with csv-parse or exceljs, all or nothing: any bad cell refuses the whole
 * file with 422 naming the line (as the file counts them) and the column (docs/bank-reconciliation.md "Bad files").
 */
import { BANK_MESSAGES, BANK_STATEMENT_FIELD } from '@keuangan/shared/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ApiError } from '../lib/errors';
import { type Cell, readAmount, readDate, readText } from './cells';
import type { Layout } from './layouts';

export interface StatementLine {
  /** The line's number in the file (1-based, as a spreadsheet shows it). */
  row: number;
  line_date: string;
  description: string;
  /** Credit (money in) when > 0; debit lines are counted, not kept. */
  credit: number;
  debit: number;
  balance: number | null;
}

export interface Statement {
  lines: StatementLine[];
  /** The balance before the first line: its Saldo less its credit plus its debit, else the file's Saldo Awal row. */
  opening_balance: number | null;
  closing_balance: number | null;
}

const MAX_ERRORS = 5;

const refuse = (messages: string[]) => {
  const shown = messages.slice(0, MAX_ERRORS);
  if (messages.length > MAX_ERRORS)
    shown.push(`${BANK_MESSAGES.tooManyErrors} (${messages.length - MAX_ERRORS})`);
  // ';' between messages: the screens turn commas into line breaks.
  return new ApiError(422, shown.join('; '), { [BANK_STATEMENT_FIELD]: shown });
};

/** A spreadsheet formula or a CSV cell that a spreadsheet would run as one (formula injection). */
const looksLikeFormula = (text: string) => /^[=@]|^[+-]\s*[A-Za-z_(]/.test(text.trim());

function csvRows(file: Buffer, layout: Layout): Cell[][] {
  if (file.includes(0)) throw refuse([BANK_MESSAGES.notText]);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw refuse([BANK_MESSAGES.notText]);
  }
  try {
    return parseCsv(text.replace(/^\uFEFF/, ''), {
      delimiter: layout.delimiter ?? ',',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refuse([`${line ? `Baris ${line}: ` : ''}${BANK_MESSAGES.notText}`]);
  }
}

async function xlsxRows(file: Buffer): Promise<{ rows: Cell[][]; formulas: string[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw refuse([BANK_MESSAGES.notXlsx]);
  }
  const sheet = workbook.worksheets[0];
  const rows: Cell[][] = [];
  const formulas: string[] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const value = cell.value;
      if (cell.formula || cell.type === ExcelJS.ValueType.Formula) {
        formulas.push(`Baris ${rowNumber}, kolom ${cell.address.replace(/\d+$/, '')}: sel berisi rumus`);
      }
      let read: Cell = null;
      if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) read = value;
      else if (value && typeof value === 'object' && 'richText' in value)
        read = value.richText.map((r) => r.text).join('');
      cells[col - 1] = read;
    });
    rows[rowNumber - 1] = cells;
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return { rows, formulas };
}

const norm = (text: Cell) => readText(text).toLowerCase();

/** The header row's index and each column's index; undefined when no row holds the layout's columns. */
function findHeader(rows: Cell[][], layout: Layout) {
  const c = layout.columns;
  const wanted = [c.date, c.description, ...('credit' in c ? [c.credit, c.debit] : [c.amount])];
  for (let r = 0; r < Math.min(rows.length, 30); r++) {
    const names = (rows[r] ?? []).map(norm);
    const at = (name: string | undefined) => (name ? names.indexOf(name.toLowerCase()) : -1);
    if (wanted.every((name) => at(name) >= 0)) {
      const amount = 'amount' in c ? at(c.amount) : -1;
      return {
        row: r,
        date: at(c.date),
        description: at(c.description),
        balance: at(c.balance),
        credit: 'credit' in c ? at(c.credit) : -1,
        debit: 'credit' in c ? at(c.debit) : -1,
        amount,
        // BCA writes CR/DB in the unnamed column right after Jumlah.
        side: 'amount' in c ? (c.side ? at(c.side) : amount + 1) : -1,
      };
    }
  }
  return undefined;
}

/** Reads a statement file of `layout`; throws 4xx naming every bad line and column, nothing half read. */
export async function parseStatement(file: Buffer, layout: Layout, today: string): Promise<Statement> {
  if (file.length === 0) throw refuse([BANK_MESSAGES.empty]);
  const { rows, formulas } =
    layout.file === 'csv' ? { rows: csvRows(file, layout), formulas: [] } : await xlsxRows(file);
  if (formulas.length > 0) throw refuse(formulas);
  if (rows.every((row) => row.every((cell) => readText(cell) === ''))) throw refuse([BANK_MESSAGES.empty]);
  const at = findHeader(rows, layout);
  const c = layout.columns;
  if (!at) {
    const names = [c.date, c.description, ...('credit' in c ? [c.debit, c.credit] : [c.amount])];
    throw refuse([
      `${BANK_MESSAGES.noHeader} ${layout.key.toUpperCase()}: baris judul ${names.join(', ')} tidak ditemukan`,
    ]);
  }
  const errors: string[] = [];
  const lines: StatementLine[] = [];
  let closing: number | null = null;
  for (let r = at.row + 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    const cell = (i: number): Cell => (i >= 0 ? (row[i] ?? null) : null);
    const texts = row.map(readText);
    if (texts.every((t) => t === '')) continue;
    const where = (column: string | undefined) => `Baris ${r + 1}, kolom ${column ?? ''}`;
    const formula = texts.findIndex((t) => looksLikeFormula(t));
    if (formula >= 0) {
      errors.push(
        `Baris ${r + 1}, kolom ${readText(rows[at.row]?.[formula] ?? null) || formula + 1}: sel berisi rumus`,
      );
      continue;
    }
    // Closing rows of a bank's export (Saldo Awal, Mutasi Kredit, Saldo Akhir...) carry no date: the table ends.
    const dateCell = cell(at.date);
    if (!(dateCell instanceof Date) && !/\d/.test(readText(dateCell))) break;
    const date = readDate(cell(at.date), layout.date, today);
    if (!date.ok) errors.push(`${where(c.date)}: ${date.reason}`);
    let credit = 0;
    let debit = 0;
    if ('credit' in c) {
      const cr = readAmount(cell(at.credit), layout.number);
      const db = readAmount(cell(at.debit), layout.number);
      if (!cr.ok) errors.push(`${where(c.credit)}: ${cr.reason}`);
      if (!db.ok) errors.push(`${where(c.debit)}: ${db.reason}`);
      if (cr.ok && db.ok) [credit, debit] = [cr.value, db.value];
    } else {
      const amount = readAmount(cell(at.amount), layout.number);
      const side = readText(cell(at.side)).toUpperCase();
      if (!amount.ok) errors.push(`${where(c.amount)}: ${amount.reason}`);
      else if (c.creditMarks.includes(side)) credit = amount.value;
      else debit = amount.value;
    }
    const balance = at.balance >= 0 ? readAmount(cell(at.balance), layout.number) : undefined;
    if (balance && !balance.ok) errors.push(`${where(c.balance)}: ${balance.reason}`);
    const description = readText(cell(at.description)).slice(0, 500);
    if (date.ok && (!balance || balance.ok)) {
      const kept = balance?.ok && readText(cell(at.balance)) !== '' ? balance.value : null;
      if (kept !== null) closing = kept;
      lines.push({ row: r + 1, line_date: date.value, description, credit, debit, balance: kept });
    }
  }
  if (errors.length > 0) throw refuse(errors);
  if (lines.length === 0) throw refuse([BANK_MESSAGES.noLines]);
  const [first] = lines;
  const opening =
    first && first.balance !== null ? first.balance - first.credit + first.debit : saldoAwal(rows, layout);
  return { lines, opening_balance: opening, closing_balance: closing };
}

/** The amount of a row labelled "Saldo Awal" (above the table or among the closing rows), when there is one. */
function saldoAwal(rows: Cell[][], layout: Layout): number | null {
  for (const row of rows) {
    const texts = row.map(readText);
    const label = texts.findIndex((t) => t !== '');
    if (label < 0 || !/^saldo awal\b/i.test(texts[label] ?? '')) continue;
    for (const cell of row.slice(label + 1)) {
      if (readText(cell).replace(/^[:\s]+/, '') === '') continue;
      const amount = readAmount(cell, layout.number);
      return amount.ok ? amount.value : null;
    }
  }
  return null;
}
