/**
 * What posting a line may do (docs/bank-reconciliation.md "Posting"): its shares add up to its amount, and each
 * share pays the student's items oldest due first, a split item by its instalments' own dates. A share larger
 * than what the student owes pays everything owed and leaves the rest as excess, kept as Saldo Titipan (post.ts).
 */
import { BANK_MESSAGES, type PaymentLine } from '@keuangan/shared/contract';
import { allocateOldestFirst, type OpenItem } from '../ledger/allocate';
import { ApiError } from '../lib/errors';

/** 422 unless the shares add up to the line's amount exactly. */
export function assertSharesMatch(lineAmount: number, shares: readonly { amount: number }[]): void {
  const sum = shares.reduce((s, a) => s + a.amount, 0);
  if (sum !== lineAmount) throw new ApiError(422, BANK_MESSAGES.allocationSum);
}

/**
 * Spreads `money` over the items oldest due first (ledger/allocate.ts) and answers the lines per bill and what is
 * left beyond everything owed (the excess, docs/bank-reconciliation.md "Posting"). 409 when nothing is owed at all.
 */
export function allocateShare(
  items: readonly OpenItem[],
  money: number,
): { byBill: Map<number, PaymentLine[]>; excess: number } {
  const { byBill, excess, owed } = allocateOldestFirst(items, money);
  if (owed === 0) throw new ApiError(409, BANK_MESSAGES.noOpenBills);
  return { byBill, excess };
}
