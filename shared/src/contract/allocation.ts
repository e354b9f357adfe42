/**
 * Short money over several bills: what the parent handed over, spread over what is due, oldest first. The
 * payment form proposes it; the cashier may change any amount before paying (the server checks each line).
 */
import type { PaymentLine } from './billing';

/**
 * Fills the lines in the order given (oldest bill first, its items in order), each up to what is due on it,
 * until `money` runs out: every line before the first partly paid one is paid in full, every one after it is 0.
 * Whole rupiah; a negative or fractional amount counts as its whole part, never below 0.
 */
export function allocateOldestFirst(
  dues: readonly { id: number; due: number }[],
  money: number,
): PaymentLine[] {
  let left = Math.max(0, Math.floor(money));
  return dues.map(({ id, due }) => {
    const paid = Math.min(left, Math.max(0, Math.floor(due)));
    left -= paid;
    return { id, payment_amount: paid };
  });
}
