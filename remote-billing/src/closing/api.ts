/** Rekap Kas Harian's requests (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPost,
  type CashClosing,
  type CashCounts,
  type CashDayRecap,
  type CashDepositCreate,
} from '@keuangan/shared';

/** `GET /api/cash-closing`: a day's recap, of one cashier or all. */
export const fetchCashDay = (query: { date: string; cashier_id?: number }, signal: AbortSignal) =>
  apiGet<CashDayRecap>('/api/cash-closing', query, { signal });

/** `POST /api/cash-closing`: Tutup Kas with the drawer's count (the server adds it up). */
export const closeCashDay = (
  date: string,
  cashierId: number | null,
  count: { counts: CashCounts; difference_note: string | null },
) => apiPost<CashClosing>('/api/cash-closing', { date, cashier_id: cashierId, ...count });

/** `POST /api/cash-closing/{id}/reopen`: a manager opens a closed day again, with the reason. */
export const reopenCashDay = (id: number, reason: string) =>
  apiPost<CashClosing>(`/api/cash-closing/${id}/reopen`, { reason });

/** `POST /api/cash-closing/{id}/deposit`: Setoran Bank of a closing, once. */
export const depositCash = (id: number, deposit: CashDepositCreate) =>
  apiPost<CashClosing>(`/api/cash-closing/${id}/deposit`, deposit);
