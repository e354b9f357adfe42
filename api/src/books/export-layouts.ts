/**
 * The journal's export layouts (docs/books.md "Exports"): each turns the filter's lines into the rows of one
 * file, titles first. The same rows become a CSV (csv.ts) or a workbook (xlsx.ts): rupiah as numbers, dates as
 * the layout writes them, every other value as text.
 */
import { BOOKS_SOURCE_LABELS } from '@keuangan/shared/contract';
import type { JournalExportLine } from './queries';

/** A text, a whole rupiah, or a calendar date (`YYYY-MM-DD`) the file keeps as a date. */
export type ExportCell = string | number | { date: string };

export interface JournalLayout {
  /** Rows of column titles on top. */
  titleRows: number;
  /** Name of the file before the date, and of the workbook's one sheet. */
  fileStem: string;
  sheet: string;
  /** Column widths of the workbook, in characters. */
  widths: number[];
  /** Whether the workbook shows rupiah grouped (the values stay numbers either way). */
  groupNumbers: boolean;
  rows: (lines: JournalExportLine[]) => ExportCell[][];
}

export const JOURNAL_LAYOUT_NAMES = ['plain', 'mekari', 'accurate'] as const;
export type JournalLayoutName = (typeof JOURNAL_LAYOUT_NAMES)[number];

/** `YYYY-MM-DD` as `DD/MM/YYYY`, the day-first text both imports read. */
export const dayFirst = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const sourceLabel = (line: JournalExportLine) => BOOKS_SOURCE_LABELS[line.source_kind] ?? line.source_kind;
const amounts = (line: JournalExportLine) => [Number(line.debit), Number(line.credit)];

/** Lines grouped by voucher, in journal order (the query keeps an entry's lines together). */
function byVoucher(lines: JournalExportLine[]): JournalExportLine[][] {
  const groups: JournalExportLine[][] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last?.[0]?.voucher_number === line.voucher_number) last.push(line);
    else groups.push([line]);
  }
  return groups;
}

export const PLAIN_TITLES = [
  'Tanggal',
  'No. Voucher',
  'Kode Akun',
  'Nama Akun',
  'Debit',
  'Kredit',
  'Cabang',
  'Keterangan',
];

export const MEKARI_TITLES = [
  '*Transaction No',
  '*Transaction Date',
  'Tags',
  '*Account Code',
  'Description',
  '*Debit',
  '*Credit',
  'Memo',
];

export const ACCURATE_HEADER_TITLES = ['HEADER', 'No Bukti', 'Tanggal', 'Keterangan', 'Cabang'];
export const ACCURATE_ACCOUNT_TITLES = ['ACCOUNT', 'No Akun', 'Nama Akun', 'Debit', 'Kredit', 'Catatan Akun'];

export const JOURNAL_LAYOUTS: Record<JournalLayoutName, JournalLayout> = {
  // Any software: one row per line, the date as a date.
  plain: {
    titleRows: 1,
    fileStem: 'jurnal-umum',
    sheet: 'Jurnal Umum',
    widths: [12, 20, 12, 30, 14, 14, 20, 40],
    groupNumbers: true,
    rows: (lines) => [
      PLAIN_TITLES,
      ...lines.map((l) => [
        { date: l.entry_date },
        l.voucher_number,
        l.code,
        l.name,
        ...amounts(l),
        l.branch,
        l.description,
      ]),
    ],
  },
  // Jurnal by Mekari: one row per line; the lines sharing a transaction number are one journal entry.
  mekari: {
    titleRows: 1,
    fileStem: 'jurnal-umum-mekari',
    sheet: 'Jurnal Umum',
    widths: [20, 16, 20, 14, 40, 14, 14, 28],
    groupNumbers: false,
    rows: (lines) => [
      MEKARI_TITLES,
      ...lines.map((l) => [
        l.voucher_number,
        dayFirst(l.entry_date),
        l.branch,
        l.code,
        l.description,
        ...amounts(l),
        sourceLabel(l),
      ]),
    ],
  },
  // Accurate Online: two rows of titles, row 3 empty (its templates read from row 4), then a HEADER row per
  // voucher and an ACCOUNT row per line under it.
  accurate: {
    titleRows: 2,
    fileStem: 'jurnal-umum-accurate',
    sheet: 'Jurnal Umum',
    widths: [10, 20, 30, 40, 20, 28],
    groupNumbers: false,
    rows: (lines) => [
      ACCURATE_HEADER_TITLES,
      ACCURATE_ACCOUNT_TITLES,
      [],
      ...byVoucher(lines).flatMap(([first, ...rest]) => {
        if (!first) return [];
        return [
          ['HEADER', first.voucher_number, dayFirst(first.entry_date), first.description, first.branch],
          ...[first, ...rest].map((l) => ['ACCOUNT', l.code, l.name, ...amounts(l), sourceLabel(l)]),
        ];
      }),
    ],
  },
};

/** A text starting with = + - or @ gets a leading apostrophe, so no spreadsheet runs it as a formula. */
export const guardText = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);
