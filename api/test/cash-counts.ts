/** Counts of notes and coins that add up to an amount (largest first), for the cash-closing suites. */
import { CASH_DENOMINATIONS, type CashCounts, emptyCashCounts } from '@keuangan/shared/contract';

export function countsFor(amount: number): CashCounts {
  const counts = emptyCashCounts();
  let left = amount;
  for (const d of CASH_DENOMINATIONS) {
    counts[d.key] = Math.floor(left / d.value);
    left -= counts[d.key] * d.value;
  }
  if (left !== 0) throw new Error(`${amount} cannot be counted in notes and coins`);
  return counts;
}
