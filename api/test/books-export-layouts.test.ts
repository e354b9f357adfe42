/**
 * The journal's export layouts (docs/books.md "Exports"), without a server: each file's columns, date format,
 * rupiah as numbers and codes as text, every voucher balanced, and texts guarded against formulas, the workbooks
 * read back with exceljs and the CSVs with csv-parse.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { journalCsv } from '../src/books/csv';
import {
  ACCURATE_ACCOUNT_TITLES,
  ACCURATE_HEADER_TITLES,
  type JournalLayoutName,
  MEKARI_TITLES,
  PLAIN_TITLES,
} from '../src/books/export-layouts';
import type { JournalExportLine } from '../src/books/queries';
import { journalWorkbook } from '../src/books/xlsx';

const line = (voucher: string, code: string, debit: number, credit: number, description: string) =>
  ({
    entry_date: '2026-03-05',
    voucher_number: voucher,
    code,
    name: code === '1-1100' ? 'Kas Cabang' : 'Piutang Siswa',
    debit: String(debit),
    credit: String(credit),
    branch: 'Cabang Bandung',
    description,
    source_kind: 'student_payment',
  }) satisfies JournalExportLine;

// Two vouchers; the second's description would be a formula if written as is.
const LINES: JournalExportLine[] = [
  line('JU-BDG-2026-00001', '1-1100', 1_250_000, 0, 'Pembayaran SPP Maret'),
  line('JU-BDG-2026-00001', '1-1300', 0, 1_250_000, 'Pembayaran SPP Maret'),
  line('JU-BDG-2026-00002', '1-1100', 300_000, 0, '=HYPERLINK("http://x")'),
  line('JU-BDG-2026-00002', '1-1300', 0, 300_000, '=HYPERLINK("http://x")'),
];

async function readSheet(layout: JournalLayoutName) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await journalWorkbook(layout, LINES)) as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return { sheet, rows };
}

const csvRows = (layout: JournalLayoutName) =>
  parseCsv(journalCsv(layout, LINES), { relaxColumnCount: true }) as string[][];

/** Debit and credit per voucher, from rows of [voucher, debit, credit]. */
function totalsByVoucher(rows: [unknown, unknown, unknown][]) {
  const totals = new Map<unknown, { debit: number; credit: number }>();
  for (const [voucher, debit, credit] of rows) {
    const t = totals.get(voucher) ?? { debit: 0, credit: 0 };
    t.debit += Number(debit);
    t.credit += Number(credit);
    totals.set(voucher, t);
  }
  return [...totals.values()];
}
const expectBalanced = (rows: [unknown, unknown, unknown][]) => {
  const totals = totalsByVoucher(rows);
  expect(totals).toHaveLength(2);
  for (const t of totals) {
    expect(t.debit).toBeGreaterThan(0);
    expect(t.debit).toBe(t.credit);
  }
};

describe('the plain layout', () => {
  it('XLSX: its columns, the date as a date cell, rupiah as numbers, codes as text, guarded', async () => {
    const { rows } = await readSheet('plain');
    const [titles, ...data] = rows;
    expect(titles).toEqual(PLAIN_TITLES);
    expect(data).toHaveLength(4);
    expect(data[0]).toEqual([
      new Date('2026-03-05T00:00:00Z'),
      'JU-BDG-2026-00001',
      '1-1100',
      'Kas Cabang',
      1_250_000,
      0,
      'Cabang Bandung',
      'Pembayaran SPP Maret',
    ]);
    expect(data[2]?.[7]).toBe('\'=HYPERLINK("http://x")');
    expectBalanced(data.map((r) => [r[1], r[4], r[5]]));
  });

  it('CSV: as before, bare YYYY-MM-DD and whole numbers, every text quoted and guarded', () => {
    const text = journalCsv('plain', LINES);
    expect(text.split('\r\n')[0]).toBe(PLAIN_TITLES.map((t) => `"${t}"`).join(','));
    expect(text.split('\r\n')[1]).toBe(
      '2026-03-05,"JU-BDG-2026-00001","1-1100","Kas Cabang",1250000,0,"Cabang Bandung","Pembayaran SPP Maret"',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    const [, ...data] = csvRows('plain');
    expect(data[2]?.[7]).toBe('\'=HYPERLINK("http://x")');
    expectBalanced(data.map((r) => [r[1], r[4], r[5]]));
  });
});

describe('the Jurnal by Mekari layout', () => {
  it('XLSX: its columns, DD/MM/YYYY as text, rupiah as numbers, one transaction number per voucher', async () => {
    const { rows } = await readSheet('mekari');
    const [titles, ...data] = rows;
    expect(titles).toEqual(MEKARI_TITLES);
    expect(data[0]).toEqual([
      'JU-BDG-2026-00001',
      '05/03/2026',
      'Cabang Bandung',
      '1-1100',
      'Pembayaran SPP Maret',
      1_250_000,
      0,
      'Pembayaran Siswa',
    ]);
    expect(
      data.every((r) => typeof r[3] === 'string' && typeof r[5] === 'number' && typeof r[6] === 'number'),
    ).toBe(true);
    expect(data[2]?.[4]).toBe('\'=HYPERLINK("http://x")');
    expectBalanced(data.map((r) => [r[0], r[5], r[6]]));
  });

  it('CSV: the same columns, the date quoted as text, rupiah bare', () => {
    const text = journalCsv('mekari', LINES);
    expect(text.split('\r\n')[1]).toBe(
      '"JU-BDG-2026-00001","05/03/2026","Cabang Bandung","1-1100","Pembayaran SPP Maret",1250000,0,"Pembayaran Siswa"',
    );
    const [titles, ...data] = csvRows('mekari');
    expect(titles).toEqual(MEKARI_TITLES);
    expect(text).not.toMatch(/(^|,)"[=+\-@]/m);
    expectBalanced(data.map((r) => [r[0], r[5], r[6]]));
  });
});

describe('the Accurate Online layout', () => {
  it('XLSX: two title rows, row 3 empty, a HEADER row per voucher and its ACCOUNT rows, balanced', async () => {
    const { sheet, rows } = await readSheet('accurate');
    expect(sheet.getRow(3).cellCount).toBe(0);
    expect(sheet.getCell('B4').value).toBe('JU-BDG-2026-00001');
    expect(rows[0]).toEqual(ACCURATE_HEADER_TITLES);
    expect(rows[1]).toEqual(ACCURATE_ACCOUNT_TITLES);
    expect(rows.slice(2).map((r) => r[0])).toEqual([
      'HEADER',
      'ACCOUNT',
      'ACCOUNT',
      'HEADER',
      'ACCOUNT',
      'ACCOUNT',
    ]);
    expect(rows[2]).toEqual([
      'HEADER',
      'JU-BDG-2026-00001',
      '05/03/2026',
      'Pembayaran SPP Maret',
      'Cabang Bandung',
    ]);
    expect(rows[3]).toEqual(['ACCOUNT', '1-1100', 'Kas Cabang', 1_250_000, 0, 'Pembayaran Siswa']);
    expect(rows[5]?.[3]).toBe('\'=HYPERLINK("http://x")');
    // Each ACCOUNT row belongs to the HEADER above it.
    let voucher: unknown = null;
    const lines: [unknown, unknown, unknown][] = [];
    for (const r of rows.slice(2)) {
      if (r[0] === 'HEADER') voucher = r[1];
      else lines.push([voucher, r[3], r[4]]);
    }
    expect(lines.every(([, debit, credit]) => typeof debit === 'number' && typeof credit === 'number')).toBe(
      true,
    );
    expectBalanced(lines);
  });

  it('CSV: the same rows, texts quoted and guarded, rupiah bare', () => {
    const text = journalCsv('accurate', LINES);
    const lines = text.split('\r\n');
    expect(lines[2]).toBe('');
    expect(lines[3]).toBe(
      '"HEADER","JU-BDG-2026-00001","05/03/2026","Pembayaran SPP Maret","Cabang Bandung"',
    );
    expect(lines[4]).toBe('"ACCOUNT","1-1100","Kas Cabang",1250000,0,"Pembayaran Siswa"');
    expect(lines[6]).toBe(
      '"HEADER","JU-BDG-2026-00002","05/03/2026","\'=HYPERLINK(""http://x"")","Cabang Bandung"',
    );
    expect(lines[7]).toBe('"ACCOUNT","1-1100","Kas Cabang",300000,0,"Pembayaran Siswa"');
  });
});
