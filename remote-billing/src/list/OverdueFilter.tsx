import { FilterSelect, OVERDUE_FILTERS, withAll } from '@keuangan/shared';

/** Keterlambatan's choices (docs/screens.md): Semua (the default), then at least 1, 31, 61 or 91 days late. */
export const OVERDUE_OPTIONS = withAll(OVERDUE_FILTERS);

/** Urutkan: the list's order; the longest late first, or the earliest due date first. */
export const BILL_ORDER_OPTIONS = [
  { value: 'id', label: 'No. Billing' },
  { value: 'overdue_days', label: 'Terlambat terlama' },
  { value: 'due_date', label: 'Jatuh Tempo terdekat' },
] as const;
export type BillOrder = (typeof BILL_ORDER_OPTIONS)[number]['value'];

/** The query's order for a choice of Urutkan: the longest late first is the only descending one. */
export const billOrderQuery = (order: BillOrder) => ({
  orderby: order,
  sort: order === 'overdue_days' ? 'desc' : 'asc',
});

/**
 * Keterlambatan and Urutkan, as extra fields of a filter row: the billing lists' (their bills' orders, the
 * default) and the report's Tunggakan per Siswa (its own orders).
 */
export function OverdueFilter<O extends string = BillOrder>({
  overdue,
  order,
  onOverdue,
  onOrder,
  orderOptions = BILL_ORDER_OPTIONS as unknown as readonly { value: O; label: string }[],
}: {
  overdue: number | string | undefined;
  order: O | undefined;
  onOverdue: (value: number | string) => void;
  onOrder: (value: O) => void;
  orderOptions?: readonly { value: O; label: string }[];
}) {
  return (
    <>
      <FilterSelect<number | string>
        label="Keterlambatan"
        value={overdue}
        options={OVERDUE_OPTIONS}
        onChange={onOverdue}
      />
      <FilterSelect<O> label="Urutkan" value={order} options={orderOptions} onChange={onOrder} />
    </>
  );
}
