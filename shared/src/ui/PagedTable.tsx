import { apiErrorText } from '@keuangan/shared/core';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@keuangan/shared/shell';
import { Alert, Button, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import type { Paged } from '../contract';

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
  /**
   * A wide list that must fit a laptop screen (the billing list at 1366 px): small rows, and the columns share
   * the width, their texts wrapping, instead of the table scrolling sideways.
   */
  compact?: boolean;
  /** The last load failed: its text above the table, with "Coba lagi" (`onRetry`) when given. */
  error?: unknown;
  onRetry?: () => void;
  /** What an empty list says (default 'Tidak ada data'). */
  emptyText?: string;
  /** A row under the page, e.g. a report's total (`Table.Summary.Row`; its first cell sits under 'No'). */
  summary?: TableProps<T>['summary'];
}

/**
 * A table's empty state. antd draws a plain-text `emptyText` in its disabled grey (1.8:1 on white, below WCAG
 * AA); secondary text passes. Every table of the product: `locale={{ emptyText: tableEmpty() }}`.
 */
export const tableEmpty = (text = 'Tidak ada data'): ReactNode => (
  <Typography.Text type="secondary">{text}</Typography.Text>
);

/** The 1-based number of the first row of a page: the server's `from`, else computed. */
export const firstRowNumber = (page: Paged<unknown>): number =>
  page.from ?? (page.current_page - 1) * page.per_page + 1;

/** What Tab can reach: antd's own controls are inputs, buttons and links, or carry a tabindex. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable]';

/**
 * antd copies every column title into a hidden measure row (a sideways-scrolling table sizes its columns with
 * it), the select-all checkbox included; Tab must not land on that invisible copy (docs/decisions.md, "No Tab
 * stop on a hidden control").
 */
function hideMeasureRows(root: HTMLElement | null) {
  for (const row of root?.querySelectorAll<HTMLElement>('.ant-table-measure-row') ?? []) {
    row.setAttribute('inert', '');
    for (const control of row.querySelectorAll<HTMLElement>(FOCUSABLE)) control.tabIndex = -1;
  }
}

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
  compact = false,
  error = null,
  onRetry,
  emptyText,
  summary,
}: PagedTableProps<T>) {
  const wrapper = useRef<HTMLDivElement>(null);
  // A table wider than the screen scrolls sideways: its scroll area takes the keyboard focus (WCAG 2.1.1),
  // so it can be scrolled without a mouse even when no cell holds a link or a button.
  useLayoutEffect(() => {
    for (const area of wrapper.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) {
      if (area.scrollWidth > area.clientWidth) {
        area.tabIndex = 0;
        if (ariaLabel) {
          area.setAttribute('role', 'region');
          area.setAttribute('aria-label', ariaLabel);
        }
      } else {
        area.removeAttribute('tabindex');
      }
    }
    hideMeasureRows(wrapper.current);
  });
  // antd redraws the measure row on its own too (its selection and sorting state), without rendering this.
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const observer = new MutationObserver(() => hideMeasureRows(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  const offset = data ? firstRowNumber(data) : 1;
  const currentSize = data?.per_page ?? pageSize;
  const numberColumn: TableColumnsType<T>[number] = {
    key: 'running-number',
    title: numberTitle,
    width: compact ? 48 : 64,
    render: (_value, _row, index) => offset + index,
  };
  return (
    <div ref={wrapper}>
      {error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Data tidak dapat dimuat: ${apiErrorText(error)}`}
          action={
            onRetry ? (
              <Button size="small" onClick={onRetry} loading={loading}>
                Coba lagi
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <Table<T>
        aria-label={ariaLabel}
        columns={[numberColumn, ...columns]}
        dataSource={data?.data ?? []}
        rowKey={rowKey}
        loading={loading}
        rowSelection={rowSelection}
        size={compact ? 'small' : undefined}
        scroll={compact ? undefined : { x: 'max-content' }}
        locale={{ emptyText: tableEmpty(emptyText) }}
        summary={summary}
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
    </div>
  );
}
