/** Buku Besar's requests (api/ROUTES.md "Books"). */
import { ROUTES, usePagedQuery } from '@keuangan/shared';

/** Buku Besar's filter as the API takes it: the account is required, either end of the period may stay open. */
export interface LedgerFilter {
  account_id?: number;
  date_from?: string;
  date_to?: string;
}

/** Nothing is fetched until an account is chosen. */
export const useLedger = (filter: LedgerFilter) =>
  usePagedQuery(
    ROUTES.books.ledger(),
    { ...filter },
    {
      pageSize: 50,
      enabled: filter.account_id !== undefined,
    },
  );

/** The address of an account's Buku Besar over a period (Neraca Saldo links each row to it). */
export function ledgerHref(filter: LedgerFilter): string {
  const query = new URLSearchParams(
    Object.entries(filter).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  return `/buku-besar?${query}`;
}

/** The filter an address carries (ids and days checked by the server). */
export function ledgerFilterOf(params: URLSearchParams): LedgerFilter {
  const id = Number(params.get('account_id'));
  return {
    account_id: Number.isInteger(id) && id > 0 ? id : undefined,
    date_from: params.get('date_from') || undefined,
    date_to: params.get('date_to') || undefined,
  };
}
