/**
 * The books (docs/books.md): the journal (Jurnal Umum), the trial balance (Neraca Saldo) and the tie-out of
 * Piutang against the unpaid bills, for the active branch (the cost centre).
 */
import * as v from 'valibot';
import { pageEntries, periodInOrder, periodQueryEntries, queryChoiceId } from './query';

export const BOOKS_MESSAGES = {
  fromInvalid: 'Tanggal awal tidak valid',
  toInvalid: 'Tanggal akhir tidak valid',
  order: 'Tanggal awal tidak boleh setelah tanggal akhir',
  voucherInvalid: 'No. Voucher tidak valid',
} as const;

/** What wrote an entry, as the journal names it. */
export const BOOKS_SOURCE_LABELS: Record<string, string> = {
  student_bill: 'Tagihan Siswa',
  student_bill_deduction: 'Potongan/Ditanggung',
  student_payment: 'Pembayaran Siswa',
  student_payment_void: 'Pembatalan Pembayaran',
  prospect_bill: 'Tagihan Calon Siswa',
  prospect_payment: 'Pembayaran Calon Siswa',
  prospect_payment_void: 'Pembatalan Pembayaran Calon Siswa',
  student_credit: 'Saldo Titipan',
};

const PERIOD_ENTRIES = periodQueryEntries(BOOKS_MESSAGES.fromInvalid, BOOKS_MESSAGES.toInvalid);

/** The journal's filter: period, account and part of a voucher number. */
const JOURNAL_FILTER_ENTRIES = {
  ...PERIOD_ENTRIES,
  account_id: queryChoiceId('Akun'),
  voucher: v.optional(
    v.pipe(
      v.string(BOOKS_MESSAGES.voucherInvalid),
      v.trim(),
      v.maxLength(40, BOOKS_MESSAGES.voucherInvalid),
      v.transform((s) => s || undefined),
    ),
  ),
};

/** `GET /api/books/journal`: Jurnal Umum of the active branch, by date, account and voucher, paged. */
export const BooksJournalQuerySchema = v.pipe(
  v.object({ ...JOURNAL_FILTER_ENTRIES, ...pageEntries(50) }),
  v.forward(
    v.check((q) => periodInOrder(q), BOOKS_MESSAGES.order),
    ['date_to'],
  ),
);
export type BooksJournalQuery = v.InferOutput<typeof BooksJournalQuerySchema>;

/**
 * The journal's export files (docs/books.md "Exports"): the import layouts of Jurnal by Mekari and Accurate
 * Online and the plain balanced layout, each as XLSX or CSV, with the label the Ekspor menu shows.
 */
export const BOOKS_EXPORT_FORMATS = [
  { value: 'mekari-xlsx', label: 'Jurnal by Mekari (XLSX)' },
  { value: 'mekari-csv', label: 'Jurnal by Mekari (CSV)' },
  { value: 'accurate-xlsx', label: 'Accurate Online (XLSX)' },
  { value: 'accurate-csv', label: 'Accurate Online (CSV)' },
  { value: 'plain-xlsx', label: 'Jurnal seimbang biasa (XLSX)' },
  { value: 'plain-csv', label: 'Jurnal seimbang biasa (CSV)' },
] as const;
export type BooksExportFormat = (typeof BOOKS_EXPORT_FORMATS)[number]['value'];
export const BOOKS_EXPORT_FORMAT_INVALID = 'Format ekspor tidak dikenal';

/** `GET /api/books/journal/export`: the journal's filter as one file of the chosen format. */
export const BooksJournalExportQuerySchema = v.pipe(
  v.object({
    ...JOURNAL_FILTER_ENTRIES,
    format: v.picklist(
      BOOKS_EXPORT_FORMATS.map((f) => f.value),
      BOOKS_EXPORT_FORMAT_INVALID,
    ),
  }),
  v.forward(
    v.check((q) => periodInOrder(q), BOOKS_MESSAGES.order),
    ['date_to'],
  ),
);
export type BooksJournalExportQuery = v.InferOutput<typeof BooksJournalExportQuerySchema>;

/** `GET /api/books/trial-balance`: Neraca Saldo of the active branch over a period (open ends allowed). */
export const BooksTrialBalanceQuerySchema = v.pipe(
  v.object(PERIOD_ENTRIES),
  v.forward(
    v.check((q) => periodInOrder(q), BOOKS_MESSAGES.order),
    ['date_to'],
  ),
);
export type BooksTrialBalanceQuery = v.InferOutput<typeof BooksTrialBalanceQuerySchema>;

export interface BooksAccount {
  id: number;
  code: string;
  name: string;
  kind: 'asset' | 'liability' | 'equity' | 'revenue' | 'contra_revenue' | 'expense';
  role: string | null;
  /** A deactivated account keeps its entries but takes no new mapping (docs/books.md "The accounts"). */
  active: boolean;
}

export interface BooksJournalLine {
  account_id: number;
  account_code: string;
  account_name: string;
  debit: number;
  credit: number;
}

export interface BooksJournalEntry {
  id: number;
  voucher_number: string;
  entry_date: string;
  source_kind: string;
  /** `BOOKS_SOURCE_LABELS` of the source kind. */
  source_label: string;
  description: string;
  /** The voucher this entry reverses, if it is a reversal. */
  reverses: string | null;
  lines: BooksJournalLine[];
}

export interface BooksJournalPage {
  data: BooksJournalEntry[];
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  total: number;
  /** The debits and credits of every entry the filter finds (all pages): equal when the books balance. */
  total_debit: number;
  total_credit: number;
}

export interface BooksTrialBalanceRow {
  account_id: number;
  code: string;
  name: string;
  kind: BooksAccount['kind'];
  /** Movements in the period. */
  debit: number;
  credit: number;
  /** The balance at the period's end (everything up to it), on its side. */
  balance_debit: number;
  balance_credit: number;
}

export interface BooksTrialBalance {
  period: { from: string | null; to: string | null };
  rows: BooksTrialBalanceRow[];
  totals: { debit: number; credit: number; balance_debit: number; balance_credit: number };
}

/** One bill (a student's or a prospect's) whose Piutang in the ledger differs from what billing says it owes. */
export interface BooksTieOutLine {
  bill_id: number;
  bill_number: string;
  ledger: number;
  billing: number;
  difference: number;
}

/** One receivable in the ledger against the unpaid bills billing holds. */
export interface BooksTieOutReceivable {
  ledger: number;
  billing: number;
  difference: number;
  /** The bills that differ, at most 100, largest difference first. */
  lines: BooksTieOutLine[];
}

/**
 * `GET /api/books/tie-out`, for the branch: Piutang Siswa against the unpaid confirmed student bills (at the top
 * level), Piutang Calon Siswa against the unpaid prospect bills, Titipan Siswa against the students' credit.
 */
export interface BooksTieOut extends BooksTieOutReceivable {
  prospects: BooksTieOutReceivable;
  /** `balance`: the sum of the branch's Saldo Titipan movements. */
  credit: { ledger: number; balance: number; difference: number };
}

// Tutup Buku (docs/books.md "Closing a month"): a branch's month closed and reopened by finance managers.
export const BOOKS_PERIOD_MESSAGES = {
  monthInvalid: 'Bulan tidak valid',
  reasonRequired: 'Alasan membuka kembali wajib diisi',
  reasonTooLong: 'Alasan maksimal 500 karakter',
  role: 'Hanya manajer keuangan yang dapat menutup atau membuka kembali buku',
  notEnded: 'Hanya bulan yang sudah berakhir yang dapat ditutup',
  alreadyClosed: 'Buku bulan ini sudah ditutup',
  notClosed: 'Buku bulan ini belum ditutup',
  closed: 'Buku berhasil ditutup',
  reopened: 'Buku berhasil dibuka kembali',
} as const;

const PERIOD_MONTH = v.pipe(
  v.string(BOOKS_PERIOD_MESSAGES.monthInvalid),
  v.trim(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, BOOKS_PERIOD_MESSAGES.monthInvalid),
);

/** `POST /api/books/periods/close`: closes a month ('YYYY-MM') of the active branch. */
export const BooksPeriodCloseSchema = v.object({ mm: PERIOD_MONTH });
export type BooksPeriodCloseInput = v.InferOutput<typeof BooksPeriodCloseSchema>;

/** `POST /api/books/periods/reopen`: reopens a closed month; the reason is required and audited. */
export const BooksPeriodReopenSchema = v.object({
  mm: PERIOD_MONTH,
  reason: v.pipe(
    v.string(BOOKS_PERIOD_MESSAGES.reasonRequired),
    v.trim(),
    v.nonEmpty(BOOKS_PERIOD_MESSAGES.reasonRequired),
    v.maxLength(500, BOOKS_PERIOD_MESSAGES.reasonTooLong),
  ),
});
export type BooksPeriodReopenInput = v.InferOutput<typeof BooksPeriodReopenSchema>;

/** A month of the active branch that was ever closed, as its latest closing or reopening left it. */
export interface BooksPeriod {
  mm: string;
  closed: boolean;
  /** When and by whom it was last closed or reopened, and the reopening's reason. */
  changed_at: string;
  changed_by: string | null;
  reason: string | null;
}

/** `GET /api/books/periods`: the branch's months ever closed (newest first) and whether the user may manage them. */
export interface BooksPeriods {
  periods: BooksPeriod[];
  can_manage: boolean;
}
