import type { ToastOptions } from '@keuangan/shared/core';
import { apiErrorText, isCancelledRequest, notifyError, useApi } from '@keuangan/shared/core';
import { DEFAULT_PAGE_SIZE } from '@keuangan/shared/shell';
import { useEffect, useState } from 'react';
import type { AnswerOf, ApiUrl, Paged, QueryOf } from '../contract';

/** The row type of a paged route's answer. */
type RowOf<U> = AnswerOf<U> extends Paged<infer Row> ? Row : never;

export interface PagedQueryOptions {
  /** First page size (it varies per list: docs/screens.md). */
  pageSize?: number;
  /** False while required filters are missing: nothing is fetched. */
  enabled?: boolean;
  /** Where a load failure's 'Error' toast shows (the lists of fees, billing and admissions centre it, docs/validation.md). */
  errorToast?: ToastOptions;
}

export interface PagedQuery<T> {
  data: Paged<T> | null;
  page: number;
  limit: number;
  loading: boolean;
  error: unknown;
  setPage(page: number, limit?: number): void;
  /** Fetches the current page again (after a save or a delete). */
  reload(): void;
  /** Spread on `PagedTable`: `<PagedTable columns={...} rowKey="id" {...query.tableProps} />`. */
  tableProps: {
    data: Paged<T> | null;
    loading: boolean;
    pageSize: number;
    onChange(page: number, limit: number): void;
    /** The last load's failure, shown above the table with "Coba lagi" (`onRetry`: load again). */
    error: unknown;
    onRetry(): void;
  };
}

/**
 * Loads one page of a paged list with `page` and `limit` added to `params`. A change of `params`
 * goes back to page 1; a newer request cancels the older one; a failure shows an 'Error' toast.
 */
export function usePagedQuery<U extends ApiUrl<Paged<unknown>, 'GET'>>(
  url: U,
  params?: QueryOf<U>,
  options?: PagedQueryOptions,
): PagedQuery<RowOf<U>>;
/** An address known only as a string: the caller names the row type (`<T>`), as with `apiGet`. */
export function usePagedQuery<T = never>(
  url: ApiUrl<unknown, 'GET'>,
  params?: [T] extends [never] ? never : object,
  options?: PagedQueryOptions,
): PagedQuery<T>;
export function usePagedQuery<T>(
  url: string,
  params: object = {},
  { pageSize = DEFAULT_PAGE_SIZE, enabled = true, errorToast }: PagedQueryOptions = {},
): PagedQuery<T> {
  const { apiGet } = useApi();
  const [paging, setPaging] = useState({ page: 1, limit: pageSize });
  // A primitive, so a fresh options object on every render does not fetch again.
  const centeredErrors = errorToast?.centered ?? false;
  const [data, setData] = useState<Paged<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // Compared by value: callers pass a fresh object on every render.
  const paramsKey = JSON.stringify(params);
  const [lastParamsKey, setLastParamsKey] = useState(paramsKey);
  if (paramsKey !== lastParamsKey) {
    setLastParamsKey(paramsKey);
    setPaging((p) => ({ ...p, page: 1 }));
  }

  // `paging` is compared by identity, so `reload` (a copy of it) fetches again.
  useEffect(() => {
    if (!enabled) {
      setData(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    apiGet<Paged<T>>(
      url,
      { ...JSON.parse(paramsKey), page: paging.page, limit: paging.limit },
      { signal: controller.signal },
    )
      .then((result) => {
        setData(result);
        setError(null);
      })
      .catch((e: unknown) => {
        if (isCancelledRequest(e)) return;
        setError(e);
        notifyError(apiErrorText(e), 'Error', { centered: centeredErrors });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [apiGet, url, paramsKey, paging, enabled, centeredErrors]);

  const setPage = (page: number, limit = paging.limit) => setPaging({ page, limit });
  const reload = () => setPaging((p) => ({ ...p }));
  return {
    data,
    page: paging.page,
    limit: paging.limit,
    loading,
    error,
    setPage,
    reload,
    tableProps: { data, loading, pageSize: paging.limit, onChange: setPage, error, onRetry: reload },
  };
}

/**
 * Pages of rows already in hand (a report's table answered whole), as `PagedTable` takes them: spread
 * `<PagedTable columns={...} rowKey="id" {...useLocalPages(rows)} />`. New rows go back to page 1.
 */
export function useLocalPages<T>(rows: T[] | null | undefined, pageSize = DEFAULT_PAGE_SIZE) {
  const [paging, setPaging] = useState({ page: 1, limit: pageSize, rows });
  const current = paging.rows === rows ? paging : { page: 1, limit: paging.limit, rows };
  if (current !== paging) setPaging(current);
  const data: Paged<T> | null = rows
    ? pagedSlice(
        rows,
        Math.min(current.page, Math.max(1, Math.ceil(rows.length / current.limit))),
        current.limit,
      )
    : null;
  return {
    data,
    pageSize: current.limit,
    onChange: (page: number, limit: number) => setPaging({ page, limit, rows }),
  };
}

function pagedSlice<T>(rows: T[], page: number, limit: number): Paged<T> {
  const start = (page - 1) * limit;
  return {
    data: rows.slice(start, start + limit),
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / limit)),
    per_page: limit,
    from: rows.length > 0 ? start + 1 : null,
    total: rows.length,
  };
}
