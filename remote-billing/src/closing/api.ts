/** Rekap Kas Harian's requests (docs/architecture.md "Code layout"). */
import { apiGet, apiPost, type CashClosing, type CashDayRecap } from '@keuangan/shared';

/** `GET /api/cash-closing`: a day's recap, of one cashier or all. */
export const fetchCashDay = (query: { date: string; cashier_id?: number }, signal: AbortSignal) =>
  apiGet<CashDayRecap>('/api/cash-closing', query, { signal });

/** `POST /api/cash-closing`: Tutup Kas. */
export const closeCashDay = (date: string, cashierId: number | null) =>
  apiPost<CashClosing>('/api/cash-closing', { date, cashier_id: cashierId });

/** `POST /api/cash-closing/{id}/reopen`: a manager opens a closed day again, with the reason. */
export const reopenCashDay = (id: number, reason: string) =>
  apiPost<CashClosing>(`/api/cash-closing/${id}/reopen`, { reason });
