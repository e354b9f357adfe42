import { AGING_BUCKETS, type AgingBucketKey, formatIDR, formatNumber } from '@keuangan/shared';
import type { TableColumnsType } from 'antd';

/** A rate in percent with one decimal, Indonesian style ('62,5%'); '-' when nothing was billed. */
export const formatPercent = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '-'
    : `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }).format(value)}%`;

/** A right-aligned rupiah column of `key`. */
export function rupiahColumn<T>(title: string, key: keyof T & string): TableColumnsType<T>[number] {
  return {
    key,
    title,
    dataIndex: key,
    align: 'right',
    render: (value: number) => formatIDR(value),
  };
}

/** A right-aligned count column of `key`. */
export function countColumn<T>(title: string, key: keyof T & string): TableColumnsType<T>[number] {
  return { key, title, dataIndex: key, align: 'right', render: (value: number) => formatNumber(value) };
}

/** The aging columns (what is owed by days past its due date, docs/money.md) of a row that has them. */
export function agingColumns<
  T extends Record<AgingBucketKey, number> & { arrears: number },
>(): TableColumnsType<T> {
  return [
    ...AGING_BUCKETS.map((b) => rupiahColumn<T>(b.label, b.key)),
    rupiahColumn<T>('Total Tunggakan', 'arrears'),
  ];
}
