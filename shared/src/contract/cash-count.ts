/**
 * Tutup Kas's cash count and Setoran Bank (issue 41): the drawer counted by Indonesian denomination (pecahan), the
 * counted total against the expected cash with the difference explained, and the day's bank deposit. The rules:
 * docs/money.md "Cash closing".
 */
import * as v from 'valibot';
import { isCalendarDate } from './billing';
import { requiredText } from './fields';
import { MAX_MONEY } from './money';
import { formatRupiah } from './rupiah';

/** The payment type whose money is in the drawer (PAYMENT_TYPES 'Cash'). */
export const CASH_PTYPE = 1;

/** The notes and coins counted, largest first; `key` names the count in a payload. */
export const CASH_DENOMINATIONS = [
  { key: 'note_100000', kind: 'note', value: 100_000 },
  { key: 'note_50000', kind: 'note', value: 50_000 },
  { key: 'note_20000', kind: 'note', value: 20_000 },
  { key: 'note_10000', kind: 'note', value: 10_000 },
  { key: 'note_5000', kind: 'note', value: 5_000 },
  { key: 'note_2000', kind: 'note', value: 2_000 },
  { key: 'note_1000', kind: 'note', value: 1_000 },
  { key: 'coin_1000', kind: 'coin', value: 1_000 },
  { key: 'coin_500', kind: 'coin', value: 500 },
  { key: 'coin_200', kind: 'coin', value: 200 },
  { key: 'coin_100', kind: 'coin', value: 100 },
] as const;

export type CashDenomination = (typeof CASH_DENOMINATIONS)[number];
export type DenominationKey = CashDenomination['key'];
/** How many notes or coins of each denomination. */
export type CashCounts = Record<DenominationKey, number>;

/** The most pieces of one denomination a count accepts (a drawer, not a vault). */
export const CASH_COUNT_MAX = 100_000;

/** 'Uang kertas Rp 100.000', 'Uang logam Rp 500'. */
export const denominationLabel = (d: CashDenomination): string =>
  `${d.kind === 'note' ? 'Uang kertas' : 'Uang logam'} ${formatRupiah(d.value)}`;

export const CASH_COUNT_MESSAGES = {
  countsRequired: 'Hitungan uang per pecahan wajib diisi',
  countsInvalid: 'Hitungan uang berisi jumlah per pecahan yang dikenal (Rp 100.000 sampai Rp 100)',
  noteRequired: 'Keterangan selisih wajib diisi bila uang yang dihitung berbeda dari seharusnya',
  depositTwice: 'Setoran bank untuk penutupan kas ini sudah dicatat',
  depositReopened: 'Kas ini sudah dibuka kembali: setoran dicatat pada penutupan yang berlaku',
  depositTooMuch: 'Jumlah setoran melebihi uang tunai kas ini',
  depositDate: 'Tanggal setor tidak boleh sebelum tanggal kas atau setelah hari ini',
  depositDateInvalid: 'Tanggal setor tidak valid',
} as const;

/** One denomination's count: a whole number of pieces, 0 up to CASH_COUNT_MAX. */
function countField(d: CashDenomination) {
  const what = `Jumlah ${d.kind === 'note' ? 'lembar' : 'keping'} ${formatRupiah(d.value)}`;
  return v.optional(
    v.pipe(
      v.number(`${what} harus berupa angka`),
      v.integer(`${what} harus bilangan bulat`),
      v.minValue(0, `${what} tidak boleh negatif`),
      v.maxValue(CASH_COUNT_MAX, `${what} terlalu banyak`),
    ),
    0,
  );
}

/** The counts of a Tutup Kas: every denomination (a missing one is 0); an unknown one is refused. */
export const CashCountsSchema = v.strictObject(
  Object.fromEntries(CASH_DENOMINATIONS.map((d) => [d.key, countField(d)])) as Record<
    DenominationKey,
    ReturnType<typeof countField>
  >,
  CASH_COUNT_MESSAGES.countsInvalid,
);

/** Zero of every denomination: an empty count. */
export const emptyCashCounts = (): CashCounts =>
  Object.fromEntries(CASH_DENOMINATIONS.map((d) => [d.key, 0])) as CashCounts;

/** The money the counts add up to, whole rupiah (the server's figure; the screen shows the same live). */
export const countedTotal = (counts: Partial<CashCounts>): number =>
  CASH_DENOMINATIONS.reduce((sum, d) => sum + d.value * (counts[d.key] ?? 0), 0);

/** A closing's cash count as recorded: the counts, the cash expected and counted, their difference and why. */
export interface CashCount {
  counts: CashCounts;
  /** The day's standing Cash payments of the cashier, frozen with the closing. */
  expected: number;
  counted: number;
  /** counted − expected: above zero more money than expected, below zero less. */
  difference: number;
  note: string | null;
}

/** `POST /api/cash-closing/{id}/deposit`: Setoran Bank of a closing's cash. */
export const CashDepositCreateSchema = v.object({
  amount: v.pipe(
    v.number('Jumlah setoran wajib diisi'),
    v.integer('Jumlah setoran dalam rupiah penuh, tanpa sen'),
    v.minValue(1, 'Jumlah setoran harus lebih dari 0'),
    v.maxValue(MAX_MONEY, 'Jumlah setoran terlalu besar'),
  ),
  bank_account: requiredText('Rekening bank wajib diisi', 'Rekening bank', 100),
  reference: requiredText('No. referensi setoran wajib diisi', 'No. referensi', 60),
  deposit_date: v.pipe(
    v.string(CASH_COUNT_MESSAGES.depositDateInvalid),
    v.check(isCalendarDate, CASH_COUNT_MESSAGES.depositDateInvalid),
  ),
});
export type CashDepositCreate = v.InferOutput<typeof CashDepositCreateSchema>;

/** A recorded Setoran Bank: never changed or deleted. */
export interface CashDeposit {
  id: number;
  amount: number;
  bank_account: string;
  reference: string;
  deposit_date: string;
  /** Who recorded it (the depositor). */
  deposited_by: string;
  created_at: string;
}
