/**
 * What posting a line may do (docs/bank-reconciliation.md "Posting"): its shares add up to its amount, and each
 * share pays the student's items oldest due first, a split item by its instalments' own dates. A share larger
 * than what the student owes pays everything owed and leaves the rest as excess, kept as Saldo Titipan (post.ts).
 */
import {
  allocateInstalments,
  BANK_MESSAGES,
  type Instalment,
  type PaymentLine,
} from '@keuangan/shared/contract';
import { ApiError } from '../lib/errors';

export interface OpenItem {
  id: number;
  bill_id: number;
  /** What is still owed on the item. */
  rest: number;
  paid: number;
  due_date: string | null;
  instalments?: Instalment[];
}

/** 422 unless the shares add up to the line's amount exactly. */
export function assertSharesMatch(lineAmount: number, shares: readonly { amount: number }[]): void {
  const sum = shares.reduce((s, a) => s + a.amount, 0);
  if (sum !== lineAmount) throw new ApiError(422, BANK_MESSAGES.allocationSum);
}

/**
 * Spreads `money` over the items, each owing part in due date order (an unsplit item's date, a split item's
 * instalments each on theirs; ties by bill and item), and answers the lines per bill and what is left beyond
 * everything owed (the excess, docs/bank-reconciliation.md "Posting"). 409 when nothing is owed at all.
 */
export function allocateShare(
  items: readonly OpenItem[],
  money: number,
): { byBill: Map<number, PaymentLine[]>; excess: number } {
  const parts = items.flatMap((item) => {
    if (item.rest <= 0) return [];
    if (!item.instalments?.length) return [{ item, due: item.due_date ?? '9999-12-31', owing: item.rest }];
    return allocateInstalments(item.instalments, item.paid)
      .filter((i) => i.owing > 0)
      .map((i) => ({ item, due: i.due_date, owing: i.owing }));
  });
  const owed = parts.reduce((s, p) => s + p.owing, 0);
  if (owed === 0) throw new ApiError(409, BANK_MESSAGES.noOpenBills);
  parts.sort(
    (a, b) => a.due.localeCompare(b.due) || a.item.bill_id - b.item.bill_id || a.item.id - b.item.id,
  );
  const onItem = new Map<number, number>();
  let left = money;
  for (const part of parts) {
    const take = Math.min(left, part.owing);
    left -= take;
    onItem.set(part.item.id, (onItem.get(part.item.id) ?? 0) + take);
  }
  const byBill = new Map<number, PaymentLine[]>();
  for (const item of items) {
    const amount = onItem.get(item.id) ?? 0;
    if (amount === 0) continue;
    byBill.set(item.bill_id, [...(byBill.get(item.bill_id) ?? []), { id: item.id, payment_amount: amount }]);
  }
  return { byBill, excess: left };
}
