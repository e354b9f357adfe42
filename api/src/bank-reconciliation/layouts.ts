/**
 * The statement layouts an import understands: the generic template and one preset per bank export
 * (docs/bank-reconciliation.md "Layouts", with a sample of each). A layout says where its header row is (the
 * first row holding its columns), how dates and numbers are written, and how a credit is told from a debit.
 */
import type { BankLayoutKey } from '@keuangan/shared/contract';

/** How a date cell is written (an XLSX date cell is read as a date whatever the layout says). */
export type DateStyle = 'DD/MM/YYYY' | 'DD-MM-YYYY' | 'YYYY-MM-DD';
/** 'id': 1.250.000,00; 'en': 1,250,000.00 (or 1250000.00). */
export type NumberStyle = 'id' | 'en';

export interface Layout {
  key: BankLayoutKey;
  file: 'csv' | 'xlsx';
  /** CSV only. */
  delimiter?: string;
  date: DateStyle;
  number: NumberStyle;
  /** Header names, as the bank writes them (compared trimmed and case-insensitive). */
  columns: {
    date: string;
    description: string;
    balance?: string;
  } & (
    | { credit: string; debit: string }
    /** One amount column and a column (or the unnamed one right after the amount) saying CR/DB or K/D. */
    | { amount: string; side: string | null; creditMarks: string[] }
  );
}

export const LAYOUTS: Record<BankLayoutKey, Layout> = {
  generic: {
    key: 'generic',
    file: 'csv',
    delimiter: ';',
    date: 'DD/MM/YYYY',
    number: 'id',
    columns: {
      date: 'Tanggal',
      description: 'Keterangan',
      debit: 'Debet',
      credit: 'Kredit',
      balance: 'Saldo',
    },
  },
  bca: {
    key: 'bca',
    file: 'csv',
    delimiter: ',',
    date: 'DD/MM/YYYY',
    number: 'en',
    columns: {
      date: 'Tanggal Transaksi',
      description: 'Keterangan',
      amount: 'Jumlah',
      side: null,
      creditMarks: ['CR'],
      balance: 'Saldo',
    },
  },
  mandiri: {
    key: 'mandiri',
    file: 'xlsx',
    date: 'DD/MM/YYYY',
    number: 'en',
    columns: {
      date: 'Date',
      description: 'Description',
      debit: 'Debit',
      credit: 'Credit',
      balance: 'Balance',
    },
  },
  bni: {
    key: 'bni',
    file: 'csv',
    delimiter: ',',
    date: 'DD-MM-YYYY',
    number: 'en',
    columns: {
      date: 'Tanggal Transaksi',
      description: 'Uraian Transaksi',
      amount: 'Nominal',
      side: 'Tipe',
      creditMarks: ['K', 'C', 'CR'],
      balance: 'Saldo',
    },
  },
  bri: {
    key: 'bri',
    file: 'csv',
    delimiter: ';',
    date: 'YYYY-MM-DD',
    number: 'en',
    columns: {
      date: 'TGL_TRAN',
      description: 'DESK_TRAN',
      debit: 'MUTASI_DEBET',
      credit: 'MUTASI_KREDIT',
      balance: 'SALDO_AKHIR_MUTASI',
    },
  },
  bsi: {
    key: 'bsi',
    file: 'xlsx',
    date: 'DD/MM/YYYY',
    number: 'id',
    columns: {
      date: 'Tanggal',
      description: 'Keterangan',
      debit: 'Debet',
      credit: 'Kredit',
      balance: 'Saldo',
    },
  },
};

/** The generic template the screen offers: its header and one example line (docs/bank-reconciliation.md). */
export const GENERIC_TEMPLATE =
  'Tanggal;Keterangan;Debet;Kredit;Saldo\r\n' +
  '01/11/2026;TRANSFER DARI BUDI SANTOSO SPP 1234567;0;1.250.000,00;5.250.000,00\r\n';
