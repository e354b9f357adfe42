import type { Paged } from '@keuangan/shared/core';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@keuangan/shared/core';
import { Table, type TableColumnsType, type TableProps } from 'antd';

export interface PagedTableProps<T> {
  /** The columns after 'No' (the running number is added here). */
  columns: TableColumnsType<T>;
  /** The last `Paged<T>` response, or null before the first one arrives. */
  data: Paged<T> | null;
  rowKey: TableProps<T>['rowKey'];
  loading?: boolean;
  /** Page size shown before the first response. */
  pageSize?: number;
  /** A new page or page size was chosen (the page goes back to 1 when the size changes). */
  onChange: (page: number, limit: number) => void;
  /** Names the table for screen readers. */
  'aria-label'?: string;
  rowSelection?: TableProps<T>['rowSelection'];
  /** Header of the running-number column (default 'No'; the fee component list says '#'). */
  numberTitle?: string;
}

/** The 1-based number of the first row of a page: the server's `from`, else computed. */
export const firstRowNumber = (page: Paged<unknown>): number =>
  page.from ?? (page.current_page - 1) * page.per_page + 1;

/**
 * antd Table for a `Paged<T>` response: a 'No' column continuing across pages, page sizes
 * 5/10/25/50/100 and the Indonesian empty state. Pair it with `usePagedQuery`, whose
 * `tableProps` fill every prop but the columns and the row key.
 */
export function PagedTable<T extends object>({
  columns,
  data,
  rowKey,
  loading = false,
  pageSize = DEFAULT_PAGE_SIZE,
  onChange,
  'aria-label': ariaLabel,
  rowSelection,
  numberTitle = 'No',
}: PagedTableProps<T>) {
  const offset = data ? firstRowNumber(data) : 1;
  const currentSize = data?.per_page ?? pageSize;
  const numberColumn: TableColumnsType<T>[number] = {
    key: 'running-number',
    title: numberTitle,
    width: 64,
    render: (_value, _row, index) => offset + index,
  };
  return (
    <Table<T>
      aria-label={ariaLabel}
      columns={[numberColumn, ...columns]}
      dataSource={data?.data ?? []}
      rowKey={rowKey}
      loading={loading}
      rowSelection={rowSelection}
      scroll={{ x: 'max-content' }}
      // antd greys the empty text to 1.8:1; the theme's tertiary text (60% black) reads at AA contrast.
      locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>Tidak ada data</span> }}
      pagination={{
        current: data?.current_page ?? 1,
        pageSize: currentSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total, [from, to]) => `${from}-${to} dari ${total} data`,
        onChange: (page, size) => onChange(size === currentSize ? page : 1, size),
      }}
    />
  );
}
