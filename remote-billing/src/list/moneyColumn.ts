import { formatNumber } from '@keuangan/shared';

type NumberKeys<R> = { [K in keyof R]: R[K] extends number ? K : never }[keyof R] & string;

/** A right-aligned money column of a bill or item table (student or prospect bills). */
export function moneyColumn<R>(title: string, key: NumberKeys<R>) {
  return {
    key,
    title,
    align: 'right' as const,
    render: (_v: unknown, row: R) => formatNumber(row[key] as number),
  };
}
