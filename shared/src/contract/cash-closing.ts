/**
 * Rekap Kas Harian (the cashier's daily closing, ours): the payments a cashier took on a
 * day, totals per payment type and per cashier, the voids of that day apart; "Tutup Kas" freezes a cashier's
 * day under a number, and only a manager reopens it (with a reason). The rules: api/ROUTES.md "Daily closing".
 */
import * as v from 'valibot';
import { isCalendarDate } from './billing';
import { CASH_COUNT_MESSAGES, type CashCount, CashCountsSchema, type CashDeposit } from './cash-count';
import { optionalText, requiredId, requiredText } from './fields';
import { optionalQueryId } from './query';

export const CASH_CLOSING_MESSAGES = {
  dateInvalid: 'Tanggal tidak valid',
  future: 'Kas hari yang belum tiba tidak dapat ditutup',
  alreadyClosed: 'Kas kasir ini pada tanggal ini sudah ditutup',
  notYours: 'Hanya manajer keuangan yang dapat menutup kas kasir lain',
  reopenRole: 'Hanya manajer keuangan yang dapat membuka kembali kas yang sudah ditutup',
  notClosed: 'Kas ini tidak dalam keadaan ditutup',
  reasonRequired: 'Alasan membuka kembali wajib diisi',
  closed: (date: string, cashier: string) =>
    `Kas ${cashier} tanggal ${date} sudah ditutup: pembayarannya tidak dapat dibatalkan. Minta manajer keuangan membuka kembali kas tersebut.`,
} as const;

/** A calendar day 'YYYY-MM-DD' (also the API's `date` query). */
export const CashDayField = v.pipe(
  v.string(CASH_CLOSING_MESSAGES.dateInvalid),
  v.check(isCalendarDate, CASH_CLOSING_MESSAGES.dateInvalid),
);

/** `GET /api/cash-closing`: the day's recap, of one cashier or all. */
export const CashDayQuerySchema = v.object({ date: CashDayField, cashier_id: optionalQueryId('Kasir') });

/**
 * `POST /api/cash-closing`: Tutup Kas of one cashier's day, with the drawer counted by denomination; the server
 * adds the counts up and requires `difference_note` when they differ from the expected cash.
 */
export const CashClosingCreateSchema = v.object({
  date: CashDayField,
  cashier_id: requiredId('Kasir wajib dipilih'),
  counts: v.nonOptional(CashCountsSchema, CASH_COUNT_MESSAGES.countsRequired),
  difference_note: optionalText('Keterangan selisih', 500),
});

/** `POST /api/cash-closing/{id}/reopen`. */
export const CashClosingReopenSchema = v.object({
  reason: requiredText(CASH_CLOSING_MESSAGES.reasonRequired, 'Alasan', 500),
});

export interface CashDayPayment {
  kind: 'student' | 'prospect';
  id: number;
  payment_number: string;
  /** When it was recorded (ISO). */
  created_at: string;
  payment_date: string;
  /** The student's or prospect's name. */
  name: string;
  bill_number: string;
  ptype: number;
  amount: number;
  cashier: { id: number; name: string };
}

export interface CashDayVoid extends CashDayPayment {
  voided_at: string;
  voided_by: string | null;
  void_reason: string | null;
}

export interface CashTotal {
  count: number;
  amount: number;
}

/** What a closing freezes: the cashier's day as it stood. */
export interface CashClosingFigures {
  by_ptype: (CashTotal & { ptype: number })[];
  total: CashTotal;
  payments: {
    kind: CashDayPayment['kind'];
    id: number;
    payment_number: string;
    amount: number;
    ptype: number;
    /** Who paid and when it was recorded (ISO); absent in closings made before the cash count. */
    name?: string;
    created_at?: string;
  }[];
  /** The cashier's payments voided that day, as they stood; absent in closings made before the cash count. */
  voids?: {
    kind: CashDayPayment['kind'];
    id: number;
    payment_number: string;
    name: string;
    amount: number;
    voided_at: string;
    voided_by: string | null;
    void_reason: string | null;
  }[];
}

export interface CashClosing {
  id: number;
  closing_number: string;
  closing_date: string;
  cashier: { id: number; name: string };
  figures: CashClosingFigures;
  closed_by: string;
  closed_at: string;
  reopened_by: string | null;
  reopened_at: string | null;
  reopen_reason: string | null;
  /** The drawer counted at closing; null for closings made before the cash count. */
  cash_count: CashCount | null;
  /** Setoran Bank of the closing's cash, once recorded. */
  deposit: CashDeposit | null;
}

/** `GET /api/cash-closing`: the day, live; with the day's closings (standing and reopened). */
export interface CashDayRecap {
  date: string;
  cashier_id: number | null;
  /** Standing payments taken at the desk that day (recorded that day, not voided; online ones are apart). */
  payments: CashDayPayment[];
  /** Payments voided that day, whenever taken (a cashier's: online ones left out). */
  voids: CashDayVoid[];
  by_ptype: (CashTotal & { ptype: number })[];
  by_cashier: (CashTotal & { cashier: { id: number; name: string } })[];
  total: CashTotal;
  /**
   * The day's standing payments that came through a payment gateway (Virtual Account, QRIS): apart from every
   * cashier's payments, totals and expected cash, and never frozen by Tutup Kas (docs/money.md "Cash closing").
   */
  online: {
    payments: CashDayPayment[];
    by_ptype: (CashTotal & { ptype: number })[];
    total: CashTotal;
  };
  /** The cash desk's `total` (of the chosen cashier, or everyone's) and the online total together. */
  grand_total: CashTotal;
  closings: CashClosing[];
  /** Everyone who took or could close a payment that day: the Kasir select. */
  cashiers: { id: number; name: string }[];
}
