import { type BillTotals, formatNumber } from '@keuangan/shared';

/** A right-aligned money column of a bill list (student or prospect bills). */
export function moneyColumn<B extends BillTotals>(
  title: string,
  key: Exclude<keyof BillTotals, 'payment_status'>,
) {
  return {
    key,
    title,
    align: 'right' as const,
    render: (_v: unknown, bill: B) => formatNumber(bill[key]),
  };
}
