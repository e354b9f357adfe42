/** Jurnal Umum's requests (api/ROUTES.md "Books"). */
import {
  apiDownload,
  apiGet,
  apiPost,
  type BooksExportFormat,
  ROUTES,
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
  usePagedQuery(ROUTES.books.journal(), { ...filter }, { pageSize: 50 });

export const fetchAccounts = (signal: AbortSignal) => apiGet(ROUTES.books.accounts(), undefined, { signal });

/** The filter as a file in one export format (docs/books.md "Exports"): CSV or XLSX by the format's end. */
export const downloadJournal = (format: BooksExportFormat, filter: JournalFilter) =>
  format.endsWith('-csv')
    ? apiDownload(ROUTES.books.journalExport(), { ...filter, format }, 'jurnal-umum.csv', 'text/csv')
    : apiDownload(ROUTES.books.journalExport(), { ...filter, format }, 'jurnal-umum.xlsx');

/** Neraca Saldo's period (either end may stay open). */
export interface TrialBalanceFilter {
  date_from?: string;
  date_to?: string;
}

export const fetchTrialBalance = (filter: TrialBalanceFilter, signal: AbortSignal) =>
  apiGet(ROUTES.books.trialBalance(), { ...filter }, { signal });

export const fetchTieOut = (signal: AbortSignal) => apiGet(ROUTES.books.tieOut(), undefined, { signal });

export const fetchPeriods = (signal: AbortSignal) => apiGet(ROUTES.books.periods(), undefined, { signal });

export const closePeriod = (mm: string) => apiPost(ROUTES.books.closePeriod(), { mm });

export const reopenPeriod = (mm: string, reason: string) =>
  apiPost(ROUTES.books.reopenPeriod(), { mm, reason });
