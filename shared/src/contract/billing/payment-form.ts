/**
 * The payment form's rules (docs/validation.md), shared by the student and prospect forms and checked again
 * by the server: the lines, Total Bayar, Sisa Tagihan, the amount given and the change.
 */
import { toWholeRupiah } from '../money';

/** docs/money.md#the-payment-form: the amount given must be at least the total to pay. */
export const AMOUNT_GIVEN_TOO_SMALL =
  'Mohon masukkan nilai uang yang lebih besar atau sama dengan Total Bayar.';

/** An item's pay amount as the form keeps it: whole rupiah, never negative, never above what is due. */
export const clampPayAmount = (raw: unknown, due: number): number =>
  Math.min(toWholeRupiah(raw), Math.max(0, due));

/** The items the payment form offers: those with something due (items with total_billing <= 0 are hidden). */
export const payableItems = <T extends { total_billing: number }>(items: readonly T[]): T[] =>
  items.filter((item) => item.total_billing > 0);

/** One line of a payment: the item and what is paid on it. */
export interface PaymentLine {
  id: number;
  payment_amount: number;
}

/** The form's starting lines: every payable item, each defaulting to what is due on it. */
export const defaultPaymentLines = (items: readonly { id: number; total_billing: number }[]): PaymentLine[] =>
  payableItems(items).map((item) => ({ id: item.id, payment_amount: item.total_billing }));

/** Total Bayar: the sum of the lines. */
export const paymentTotal = (lines: readonly { payment_amount: number }[]): number =>
  lines.reduce((sum, line) => sum + line.payment_amount, 0);

/** Sisa Tagihan Jika Sudah Dibayar: the bill's due minus the total to pay, never below 0. */
export const remainingAfterPayment = (totalBilling: number, totalPay: number): number =>
  Math.max(0, totalBilling - totalPay);

/** The amount-given rule: its message when it is below the total (docs/validation.md), otherwise undefined. */
export const amountGivenError = (given: number, total: number): string | undefined =>
  given < total ? AMOUNT_GIVEN_TOO_SMALL : undefined;

/** Kembali (change): the amount given minus the total paid. */
export const changeOf = (given: number, total: number): number => given - total;
