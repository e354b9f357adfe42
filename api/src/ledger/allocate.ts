/**
 * Money received for a student without naming items (a bank transfer, a fixed VA): it pays the student's open
 * items oldest due first, a split item by its instalments' own dates (docs/bank-reconciliation.md
 * "Posting", docs/online-payments.md "Fixed VA").
 * Bank reconciliation and the fixed VA both allocate here.
 */
import { allocateInstalments, type Instalment, type PaymentLine } from '@keuangan/shared/contract';

export interface OpenItem {
  id: number;
  bill_id: number;
  /** What is still owed on the item. */
  rest: number;
  paid: number;
  due_date: string | null;
  instalments?: Instalment[];
}

/**
 * Spreads `money` over the items, each owing part in due date order (an unsplit item's date, a split item's
 * instalments each on theirs; ties by bill and item), and answers the lines per bill, what is left beyond what
 * may be paid (`excess`) and what was owed in all. With `dueBy` (a date) an instalment due later is not paid yet.
 */
export function allocateOldestFirst(
  items: readonly OpenItem[],
  money: number,
  options: { dueBy?: string } = {},
): { byBill: Map<number, PaymentLine[]>; excess: number; owed: number } {
  const parts = items.flatMap((item) => {
    if (item.rest <= 0) return [];
    if (!item.instalments?.length) return [{ item, due: item.due_date ?? '9999-12-31', owing: item.rest }];
    return allocateInstalments(item.instalments, item.paid)
      .filter((i) => i.owing > 0 && (options.dueBy === undefined || i.due_date <= options.dueBy))
      .map((i) => ({ item, due: i.due_date, owing: i.owing }));
  });
  const owed = parts.reduce((s, p) => s + p.owing, 0);
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
  return { byBill, excess: left, owed };
}
