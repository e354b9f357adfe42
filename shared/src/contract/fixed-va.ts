/**
 * A fixed VA per student (docs/online-payments.md, "Fixed VA"): an open Xendit virtual account that takes any
 * amount at any time; what arrives pays the student's oldest due items, the rest becomes Saldo Titipan.
 */
import * as v from 'valibot';
import { requiredId } from './billing/validators';
import type { OnlineProvider } from './online-payments';
import { listQueryEntries, optionalQueryId } from './query';

/** The banks a fixed VA can be opened at (Xendit's bank codes in lower case). */
export const FIXED_VA_BANKS = ['bca', 'bni', 'bri', 'permata', 'mandiri'] as const;
export type FixedVaBank = (typeof FIXED_VA_BANKS)[number];

export const FIXED_VA_MESSAGES = {
  xenditOnly: 'VA tetap hanya tersedia melalui Xendit, yang belum dikonfigurasi',
  bankInvalid: 'Bank tidak valid',
  studentInvalid: 'Siswa tidak valid',
  amountInvalid: 'Jumlah harus bilangan bulat rupiah lebih dari 0',
  reasonRequired: 'Alasan penutupan wajib diisi',
  reasonTooLong: 'Alasan penutupan paling banyak 500 karakter',
  alreadyClosed: 'VA tetap ini sudah ditutup',
  closedAfter: 'Uang masuk ke VA tetap yang sudah ditutup',
} as const;

/** `POST /api/online-payments/fixed-va/:id/close`: why staff close the VA (kept in its audit record). */
export const FixedVaCloseSchema = v.object({
  reason: v.pipe(
    v.string(FIXED_VA_MESSAGES.reasonRequired),
    v.trim(),
    v.nonEmpty(FIXED_VA_MESSAGES.reasonRequired),
    v.maxLength(500, FIXED_VA_MESSAGES.reasonTooLong),
  ),
});
export type FixedVaClose = v.InferOutput<typeof FixedVaCloseSchema>;

/** `POST /api/online-payments/fixed-va`: the student's open VA at a bank (made once, then answered again). */
export const FixedVaCreateSchema = v.object({
  student_id: requiredId(FIXED_VA_MESSAGES.studentInvalid),
  bank: v.picklist(FIXED_VA_BANKS, FIXED_VA_MESSAGES.bankInvalid),
});
export type FixedVaCreate = v.InferOutput<typeof FixedVaCreateSchema>;

/** `POST /api/online-payments/fixed-va/:id/simulate` (the demo simulator only): money arriving on the VA. */
export const FixedVaSimulateSchema = v.object({
  amount: v.pipe(
    v.number(FIXED_VA_MESSAGES.amountInvalid),
    v.safeInteger(FIXED_VA_MESSAGES.amountInvalid),
    v.minValue(1, FIXED_VA_MESSAGES.amountInvalid),
    v.maxValue(1_000_000_000_000, FIXED_VA_MESSAGES.amountInvalid),
  ),
});

/** A student's fixed VA. */
export interface FixedVa {
  id: number;
  student_id: number;
  provider: OnlineProvider;
  bank: FixedVaBank;
  /** Ours at the provider (Xendit external_id). */
  external_id: string;
  account_number: string;
  /** The name the bank app shows (the student's). */
  name: string;
  created_at: string;
  /** Closed by staff (expired at the provider), with who and why; null while open. */
  closed_at: string | null;
  close_reason: string | null;
}

/** One money arrival on a fixed VA (its "FVA paid" callback), as Pembayaran Online's VA Tetap tab lists it. */
export interface FixedVaPaymentRow {
  id: number;
  received_at: string;
  fixed_va_id: number;
  student_id: number;
  student_name: string;
  bank: FixedVaBank;
  account_number: string;
  /** What arrived (whole rupiah); null when the callback named none. */
  amount: number | null;
  /** The payments it made, with their receipt numbers. */
  payments: { id: number; receipt_number: string | null }[];
  /** The part that became Saldo Titipan. */
  credit_amount: number | null;
  /** posted, credited, failed, received, ... (the callback's outcome). */
  outcome: string;
  flagged: boolean;
  flag_reason: string | null;
  /** The provider's id of this money (Xendit payment_id). */
  provider_payment_id: string | null;
}

/** `GET /api/online-payments/fixed-va`: one student's fixed VAs (the student is required). */
export const FixedVaListQuerySchema = v.object({
  student_id: v.pipe(
    optionalQueryId('Siswa'),
    v.check((id) => id !== undefined, FIXED_VA_MESSAGES.studentInvalid),
  ),
});

/** `GET /api/online-payments/fixed-va/payments`: the money that arrived on fixed VAs, paged. */
export const FixedVaPaymentListQuerySchema = v.object({
  ...listQueryEntries(['received_at'] as const),
  // Newest first unless asked otherwise: staff look for what came in today.
  sort: v.optional(v.picklist(['asc', 'desc'] as const, 'Arah urutan tidak valid'), 'desc'),
  bank: v.optional(v.picklist(FIXED_VA_BANKS, 'Bank tidak valid')),
  // `1`: only the money that needs a look (it arrived on a closed VA).
  flagged: v.optional(v.picklist(['1'] as const, 'Filter perlu diperiksa tidak valid')),
});
