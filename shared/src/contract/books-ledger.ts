/**
 * Buku Besar (docs/books.md "Reports"): one account's journal lines in a period with the running balance, on the
 * account's normal side, computed by the server so every page starts from the right balance.
 */
import * as v from 'valibot';
import type { BooksAccount } from './books';
import type { Paged } from './common';
import { pageEntries, periodInOrder, periodQueryEntries, requiredQueryId } from './query';

export const BOOKS_LEDGER_MESSAGES = {
  fromInvalid: 'Tanggal awal tidak valid',
  toInvalid: 'Tanggal akhir tidak valid',
  order: 'Tanggal awal tidak boleh setelah tanggal akhir',
  accountNotFound: 'Akun tidak ditemukan pada bagan akun yayasan ini',
  empty: 'Tidak ada transaksi pada periode ini',
} as const;

/** `GET /api/books/ledger`: an account (required) of the foundation's chart, a period (open ends allowed), a page. */
export const BooksLedgerQuerySchema = v.pipe(
  v.object({
    account_id: requiredQueryId('Akun'),
    ...periodQueryEntries(BOOKS_LEDGER_MESSAGES.fromInvalid, BOOKS_LEDGER_MESSAGES.toInvalid),
    ...pageEntries(50),
  }),
  v.forward(
    v.check((q) => periodInOrder(q), BOOKS_LEDGER_MESSAGES.order),
    ['date_to'],
  ),
);
export type BooksLedgerQuery = v.InferOutput<typeof BooksLedgerQuerySchema>;

/** The side an account's balance is kept on: debit for assets, expenses and contra revenue, else credit. */
export type BooksNormalSide = 'debit' | 'credit';

export const normalSideOf = (kind: BooksAccount['kind']): BooksNormalSide =>
  kind === 'asset' || kind === 'expense' || kind === 'contra_revenue' ? 'debit' : 'credit';

/** One journal line of the account, with the balance after it (on the account's normal side). */
export interface BooksLedgerLine {
  line_id: number;
  entry_id: number;
  entry_date: string;
  voucher_number: string;
  description: string;
  /** `BOOKS_SOURCE_LABELS` of what wrote the entry. */
  source_label: string;
  /** The voucher this line's entry reverses, if it is a reversal (a void shows as its reversing line). */
  reverses: string | null;
  debit: number;
  credit: number;
  balance: number;
}

/** `GET /api/books/ledger`: a page of the account's lines, with its opening and closing balances and totals. */
export interface BooksLedgerPage extends Paged<BooksLedgerLine> {
  account: Pick<BooksAccount, 'id' | 'code' | 'name' | 'kind'> & { side: BooksNormalSide };
  period: { from: string | null; to: string | null };
  /** Saldo Awal: the balance of everything before `date_from` (0 when the period has no start). */
  opening_balance: number;
  /** Saldo Akhir: the opening balance plus every line of the period (all pages). */
  closing_balance: number;
  total_debit: number;
  total_credit: number;
}
