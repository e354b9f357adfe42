/**
 * The one way a list is paged, searched and ordered: the `Paged<T>` response (the query fields are the contract's
 * `listQueryEntries`).
 */
import type { Paged } from '@keuangan/shared/contract';
import { type AnyColumn, asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** `%text%` for (I)LIKE, with the pattern characters of the text taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The paged response of the contract. */
export function pagedResponse<T>(data: T[], total: number, page: number, limit: number): Paged<T> {
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    per_page: limit,
    from: data.length > 0 ? (page - 1) * limit + 1 : null,
    total,
  };
}

/** ORDER BY the chosen column in the chosen direction, then by `tiebreak` (an id) so pages never overlap. */
export function orderOf<const TField extends string>(
  columns: Record<TField, AnyColumn | SQL>,
  query: { orderby: TField; sort: 'asc' | 'desc' },
  tiebreak: AnyColumn,
): SQL[] {
  const direction = query.sort === 'desc' ? desc : asc;
  return [direction(columns[query.orderby]), asc(tiebreak)];
}

/**
 * One page of a list: `rows(limit, offset)` for the page's rows, and the count of `table` under `where`
 * (the same condition) for the total, run together.
 */
export async function fetchPage<T>(
  db: Db,
  table: PgTable,
  where: SQL,
  query: { page: number; limit: number },
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Paged<T>> {
  const [data, [counted]] = await Promise.all([
    rows(query.limit, (query.page - 1) * query.limit),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return pagedResponse(data, counted?.total ?? 0, query.page, query.limit);
}
