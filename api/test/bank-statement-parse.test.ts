/**
 * The statement layouts on their sample files (test/fixtures/bank-statements/, docs/bank-reconciliation.md
 * "Layouts") and every kind of bad file refused whole with the line and column named.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LAYOUTS } from '../src/bank-reconciliation/layouts';
import { parseStatement } from '../src/bank-reconciliation/parse';
import type { ApiError } from '../src/lib/errors';

const TODAY = '2026-11-27';
const sample = (name: string) => readFileSync(new URL(`./fixtures/bank-statements/${name}`, import.meta.url));

async function refusal(file: Buffer, key: keyof typeof LAYOUTS = 'generic', today = TODAY) {
  const error = (await parseStatement(file, LAYOUTS[key], today).then(
    () => undefined,
    (e: unknown) => e,
  )) as ApiError | undefined;
  expect(error, 'the file was accepted').toBeDefined();
  expect(error?.statusCode).toBeGreaterThanOrEqual(400);
  expect(error?.statusCode).toBeLessThan(500);
  return error?.message ?? '';
}

const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

describe('each layout reads its sample', () => {
  const files = {
    generic: 'generic.csv',
    bca: 'bca.csv',
    mandiri: 'mandiri.xlsx',
    bni: 'bni.csv',
    bri: 'bri.csv',
    bsi: 'bsi.xlsx',
  } as const;
  for (const [key, file] of Object.entries(files) as [keyof typeof files, string][]) {
    it(key, async () => {
      const statement = await parseStatement(sample(file), LAYOUTS[key], TODAY);
      expect(statement.lines.map((l) => [l.line_date, l.credit, l.debit, l.balance])).toEqual([
        ['2026-11-02', 5_000_000, 0, 5_000_000],
        ['2026-11-03', 1_250_000, 0, 6_250_000],
        ['2026-11-04', 0, 15_000, 6_235_000],
        ['2026-11-05', 750_000, 0, 6_985_000],
      ]);
      expect(statement.lines[1]?.description).toMatch(/BUDI SANTOSO.*1001/);
      expect(statement.closing_balance).toBe(6_985_000);
      // The first line's balance less its credit: the account was empty before it.
      expect(statement.opening_balance).toBe(0);
    });
  }
});

describe('the opening balance', () => {
  const header = 'Tanggal;Keterangan;Debet;Kredit;Saldo';
  it('is the first line balance less its credit plus its debit', async () => {
    const file = csv(
      header,
      '02/11/2026;BIAYA;10.000,00;0;490.000,00',
      '03/11/2026;TRF;0;5.000,00;495.000,00',
    );
    expect((await parseStatement(file, LAYOUTS.generic, TODAY)).opening_balance).toBe(500_000);
  });
  it("is the file's Saldo Awal row when the first line has no balance, else unknown", async () => {
    const lines = ['02/11/2026;TRF;0;5.000,00;', '03/11/2026;TRF 2;0;5.000,00;1.010.000,00'];
    const withRow = csv(header, ...lines, 'Saldo Awal;;;;1.000.000,00', 'Saldo Akhir;;;;1.010.000,00');
    expect((await parseStatement(withRow, LAYOUTS.generic, TODAY)).opening_balance).toBe(1_000_000);
    expect((await parseStatement(csv(header, ...lines), LAYOUTS.generic, TODAY)).opening_balance).toBeNull();
  });
});

describe('bad files are refused whole, naming line and column', () => {
  const header = 'Tanggal;Keterangan;Debet;Kredit;Saldo';

  it('empty', async () => {
    expect(await refusal(Buffer.alloc(0))).toMatch(/kosong/);
    expect(await refusal(csv('', ''))).toMatch(/kosong/);
  });

  it('wrong layout', async () => {
    expect(await refusal(sample('bca.csv'), 'generic')).toMatch(/tidak sesuai format GENERIC.*Kredit/);
    expect(await refusal(sample('generic.csv'), 'bri')).toMatch(/MUTASI_KREDIT/);
  });

  it('binary, and an XLSX that is not one', async () => {
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff]))).toMatch(/bukan CSV/);
    expect(await refusal(Buffer.from([0xc3, 0x28, 0x41]))).toMatch(/bukan CSV/);
    expect(await refusal(sample('generic.csv'), 'mandiri')).toMatch(/bukan XLSX/);
  });

  it('dot decimals where the layout writes 1.250.000,00', async () => {
    const message = await refusal(csv(header, '03/11/2026;TRF;0;1250000.00;1250000.00'));
    expect(message).toContain('Baris 2, kolom Kredit');
    expect(message).toContain('1.250.000,00');
  });

  it('sen are refused (whole rupiah)', async () => {
    expect(await refusal(csv(header, '03/11/2026;TRF;0;1.250.000,50;'))).toMatch(
      /Baris 2, kolom Kredit.*sen/,
    );
  });

  it('dates in the future and dates not in the layout', async () => {
    expect(await refusal(csv(header, '28/11/2026;TRF;0;1.000,00;'))).toMatch(
      /Baris 2, kolom Tanggal.*masa depan/,
    );
    expect(await refusal(csv(header, '01/11/2026;A;0;1.000,00;', '31/02/2026;B;0;1.000,00;'))).toMatch(
      /Baris 3, kolom Tanggal.*31\/02\/2026/,
    );
  });

  it('formula cells in CSV and XLSX', async () => {
    expect(await refusal(csv(header, '03/11/2026;=HYPERLINK("x");0;1.000,00;'))).toMatch(
      /Baris 2, kolom Keterangan: sel berisi rumus/,
    );
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Mutasi');
    sheet.addRow(['Tanggal', 'Keterangan', 'Debet', 'Kredit', 'Saldo']);
    sheet.addRow(['03/11/2026', 'TRF', '0', { formula: '1000+1', result: 1001 }, '']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(await refusal(file, 'bsi')).toMatch(/Baris 2, kolom D: sel berisi rumus/);
  });

  it('every bad line is named, not only the first, and nothing is returned', async () => {
    const message = await refusal(
      csv(header, '01/11/2026;A;0;1.000.00;', '02/11/2026;B;0;x;', '03/11/2026;C;0;1.000,00;'),
    );
    expect(message).toContain('Baris 2');
    expect(message).toContain('Baris 3');
    expect(message).not.toContain('Baris 4');
  });

  it('a header and no lines', async () => {
    expect(await refusal(csv(header))).toMatch(/tidak berisi baris mutasi/);
  });
});
