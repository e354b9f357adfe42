/** Jurnal Umum's requests (api/ROUTES.md "Books"). */
import {
  apiDownload,
  apiGet,
  apiPost,
  type BooksAccount,
  type BooksExportFormat,
  type BooksJournalEntry,
  type BooksPeriods,
  type BooksTieOut,
  type BooksTrialBalance,
  usePagedQuery,
} from '@keuangan/shared';

/** The journal's filter as the API takes it (empty values left out). */
export interface JournalFilter {
  date_from?: string;
  date_to?: string;
  account_id?: number;
  voucher?: string;
}

export const useJournal = (filter: JournalFilter) =>
  usePagedQuery<BooksJournalEntry>('/api/books/journal', { ...filter }, { pageSize: 50 });

export const fetchAccounts = (signal: AbortSignal) =>
  apiGet<BooksAccount[]>('/api/books/accounts', undefined, { signal });

/** The filter as a file in one export format (docs/books.md "Exports"): CSV or XLSX by the format's end. */
export const downloadJournal = (format: BooksExportFormat, filter: JournalFilter) =>
  format.endsWith('-csv')
    ? apiDownload('/api/books/journal/export', { ...filter, format }, 'jurnal-umum.csv', 'text/csv')
    : apiDownload('/api/books/journal/export', { ...filter, format }, 'jurnal-umum.xlsx');

/** Neraca Saldo's period (either end may stay open). */
export interface TrialBalanceFilter {
  date_from?: string;
  date_to?: string;
}

export const fetchTrialBalance = (filter: TrialBalanceFilter, signal: AbortSignal) =>
  apiGet<BooksTrialBalance>('/api/books/trial-balance', { ...filter }, { signal });

export const fetchTieOut = (signal: AbortSignal) =>
  apiGet<BooksTieOut>('/api/books/tie-out', undefined, { signal });

export const fetchPeriods = (signal: AbortSignal) =>
  apiGet<BooksPeriods>('/api/books/periods', undefined, { signal });

export const closePeriod = (mm: string) => apiPost<BooksPeriods>('/api/books/periods/close', { mm });

export const reopenPeriod = (mm: string, reason: string) =>
  apiPost<BooksPeriods>('/api/books/periods/reopen', { mm, reason });
