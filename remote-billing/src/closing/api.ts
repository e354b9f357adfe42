/** Rekap Kas Harian's requests (docs/architecture.md "Code layout"). */
import { apiGet, apiPost, type CashCounts, type CashDepositCreate, ROUTES } from '@keuangan/shared';

/** `GET /api/cash-closing`: a day's recap, of one cashier or all. */
export const fetchCashDay = (query: { date: string; cashier_id?: number }, signal: AbortSignal) =>
  apiGet(ROUTES.cash.day(), query, { signal });

/** `POST /api/cash-closing`: Tutup Kas with the drawer's count (the server adds it up). */
export const closeCashDay = (
  date: string,
  cashierId: number,
  count: { counts: CashCounts; difference_note: string | null },
) => apiPost(ROUTES.cash.close(), { date, cashier_id: cashierId, ...count });

/** `POST /api/cash-closing/{id}/reopen`: a manager opens a closed day again, with the reason. */
export const reopenCashDay = (id: number, reason: string) => apiPost(ROUTES.cash.reopen({ id }), { reason });

/** `POST /api/cash-closing/{id}/deposit`: Setoran Bank of a closing, once. */
export const depositCash = (id: number, deposit: CashDepositCreate) =>
  apiPost(ROUTES.cash.deposit({ id }), deposit);
