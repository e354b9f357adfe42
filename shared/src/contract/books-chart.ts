/**
 * Akun & Pemetaan (docs/books.md "The accounts"): the foundation's chart of accounts kept by admins and finance
 * managers, and the mappings of fee types, payment types and deductions to its accounts.
 */
import * as v from 'valibot';
import type { BooksAccount } from './books';
import { PAYMENT_TYPES } from './common';
import { requiredId, requiredText } from './fields';
import { pageEntries } from './query';
import { CREDIT_PTYPE } from './student-credit';

/** The payment types a mapping names: Saldo Titipan (9) always books to Titipan Siswa (docs/books.md). */
export const MAPPED_PAYMENT_TYPES = PAYMENT_TYPES.filter((t) => t.value !== CREDIT_PTYPE);

/** The kinds of account, with the label the screen shows. */
export const BOOKS_ACCOUNT_KINDS = [
  { value: 'asset', label: 'Aset' },
  { value: 'liability', label: 'Kewajiban' },
  { value: 'equity', label: 'Aset Neto' },
  { value: 'revenue', label: 'Pendapatan' },
  { value: 'contra_revenue', label: 'Pengurang Pendapatan' },
  { value: 'expense', label: 'Beban' },
] as const;

/** What each role's account is posted by default (docs/books.md "The accounts"), as the screen names it. */
export const BOOKS_ACCOUNT_ROLES: Readonly<Record<string, string>> = {
  cash: 'Kas tunai',
  bank: 'Bank',
  receivable_student: 'Piutang siswa',
  receivable_prospect: 'Piutang calon siswa',
  unearned: 'Diterima di muka',
  deposit: 'Pengurangan hutang',
  student_credit: 'Titipan siswa',
  revenue: 'Pendapatan lainnya',
  contra_discount: 'Potongan',
  contra_bail: 'Ditanggung',
  bank_fee: 'Biaya bank',
};

/** What a mapping maps (books_mappings.source), with its label. */
export const BOOKS_MAPPING_SOURCES = [
  { value: 'fee_type', label: 'Jenis Biaya' },
  { value: 'payment_type', label: 'Jenis Pembayaran' },
  { value: 'deduction', label: 'Potongan' },
] as const;
export type BooksMappingSource = (typeof BOOKS_MAPPING_SOURCES)[number]['value'];

/** The deduction kinds a mapping names (source_key 1 and 2). */
export const BOOKS_DEDUCTIONS = [
  { value: 1, label: 'Potongan' },
  { value: 2, label: 'Ditanggung' },
] as const;

/** Which kinds of account each mapping may point to (docs/books.md "The accounts"). */
export const BOOKS_MAPPING_KINDS: Readonly<Record<BooksMappingSource, readonly BooksAccount['kind'][]>> = {
  fee_type: ['revenue'],
  payment_type: ['asset', 'liability'],
  deduction: ['contra_revenue', 'expense'],
};

export const BOOKS_CHART_MESSAGES = {
  role: 'Hanya admin dan manajer keuangan yang dapat mengubah akun dan pemetaan',
  codeRequired: 'Kode akun wajib diisi',
  codeInvalid: 'Kode akun hanya boleh berisi angka, huruf, titik dan tanda minus',
  codeTaken: 'Kode akun sudah dipakai di bagan akun yayasan ini',
  nameRequired: 'Nama akun wajib diisi',
  kindInvalid: 'Jenis akun wajib dipilih dari daftar',
  kindLocked: 'Jenis akun yang sudah memiliki jurnal tidak dapat diubah',
  stillMapped: 'Akun masih dipakai pada pemetaan atau sebagai akun bawaan: ubah pemetaannya dulu',
  notFound: 'Akun tidak ditemukan pada bagan akun yayasan ini',
  sourceInvalid: 'Jenis pemetaan tidak valid',
  keyInvalid: 'Yang dipetakan tidak ditemukan',
  accountRequired: 'Akun wajib dipilih',
  receivableRequired: 'Akun piutang wajib dipilih',
  accountKind: 'Jenis akun ini tidak cocok untuk pemetaan tersebut',
  receivableKind: 'Akun piutang harus akun aset',
  inactive: 'Akun tidak aktif tidak dapat dipetakan',
  saved: 'Akun disimpan',
  mapped: 'Pemetaan disimpan',
} as const;

/** `POST /api/books/chart` and `PUT /api/books/chart/:id`: an account's code, name and kind. */
export const BooksAccountSaveSchema = v.object({
  code: v.pipe(
    requiredText(BOOKS_CHART_MESSAGES.codeRequired, 'Kode akun', 20),
    v.regex(/^[0-9A-Za-z.-]+$/, BOOKS_CHART_MESSAGES.codeInvalid),
  ),
  name: requiredText(BOOKS_CHART_MESSAGES.nameRequired, 'Nama akun', 100),
  kind: v.picklist(
    BOOKS_ACCOUNT_KINDS.map((k) => k.value),
    BOOKS_CHART_MESSAGES.kindInvalid,
  ),
});
export type BooksAccountSave = v.InferOutput<typeof BooksAccountSaveSchema>;

/** `POST /api/books/chart/:id/active`: deactivates (or activates again) an account; it is never deleted. */
export const BooksAccountActiveSchema = v.object({
  active: v.boolean('Status akun tidak valid'),
});

/** `GET /api/books/chart` and `GET /api/books/mappings`: paged. */
export const BooksChartQuerySchema = v.object(pageEntries(25));
export type BooksChartQuery = v.InferOutput<typeof BooksChartQuerySchema>;

/** An account of the chart as Akun & Pemetaan lists it. */
export interface BooksChartAccount extends BooksAccount {
  /** It has journal lines: its kind is fixed. */
  has_entries: boolean;
  /** Mappings pointing to it (a role counts as one): it cannot be deactivated while any remain. */
  mapped: number;
}

/** One mapping: a fee type, a payment type or a deduction, and the accounts it posts to. */
export interface BooksMappingRow {
  source: BooksMappingSource;
  source_key: number;
  /** The fee type's, payment type's or deduction's name. */
  label: string;
  account_id: number | null;
  account_code: string | null;
  account_name: string | null;
  /** Fee types only: the receivable. */
  receivable_account_id: number | null;
  receivable_code: string | null;
  receivable_name: string | null;
}

/** `PUT /api/books/mappings`: where one fee type, payment type or deduction posts from now on. */
export const BooksMappingSaveSchema = v.pipe(
  v.object({
    source: v.picklist(
      BOOKS_MAPPING_SOURCES.map((s) => s.value),
      BOOKS_CHART_MESSAGES.sourceInvalid,
    ),
    source_key: requiredId(BOOKS_CHART_MESSAGES.keyInvalid),
    account_id: requiredId(BOOKS_CHART_MESSAGES.accountRequired),
    receivable_account_id: v.nullish(requiredId(BOOKS_CHART_MESSAGES.receivableRequired), null),
  }),
  v.forward(
    v.check(
      (m) => m.source !== 'fee_type' || m.receivable_account_id !== null,
      BOOKS_CHART_MESSAGES.receivableRequired,
    ),
    ['receivable_account_id'],
  ),
);
export type BooksMappingSave = v.InferOutput<typeof BooksMappingSaveSchema>;
