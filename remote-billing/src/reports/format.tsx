import { formatIDR, formatNumber } from '@keuangan/shared';
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

/** The aging columns (what is owed by how late it is) of a row that has them. */
export function agingColumns<
  T extends { current: number; month_1: number; month_2: number; month_3_plus: number; arrears: number },
>(): TableColumnsType<T> {
  return [
    rupiahColumn<T>('Bulan Berjalan', 'current'),
    rupiahColumn<T>('Terlambat 1 Bulan', 'month_1'),
    rupiahColumn<T>('Terlambat 2 Bulan', 'month_2'),
    rupiahColumn<T>('Terlambat 3+ Bulan', 'month_3_plus'),
    rupiahColumn<T>('Total Tunggakan', 'arrears'),
  ];
}
