/**
 * The plain balanced CSV of the journal (docs/books.md "Exports"): one row per line, rupiah as bare whole numbers,
 * text quoted; a text starting with = + - or @ gets a leading apostrophe so no spreadsheet runs it as a formula.
 */
import type { JournalCsvRow } from './queries';

export const CSV_HEADER = [
  'Tanggal',
  'No. Voucher',
  'Kode Akun',
  'Nama Akun',
  'Debit',
  'Kredit',
  'Cabang',
  'Keterangan',
];

const text = (value: string) => `"${(/^[=+\-@]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

export function journalCsv(rows: JournalCsvRow[]): string {
  const lines = rows.map((r) =>
    [
      r.entry_date,
      text(r.voucher_number),
      text(r.code),
      text(r.name),
      r.debit,
      r.credit,
      text(r.branch),
      text(r.description),
    ].join(','),
  );
  return `${[CSV_HEADER.map(text).join(','), ...lines].join('\r\n')}\r\n`;
}
