/** The academic lists' page: one query for departments, levels, years of study and batches alike. */
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { fetchPage, orderOf } from '../lib/paging';

/** A branch's table with a name (and a department, but for the departments themselves). */
export type AcademicTable = PgTable & {
  id: AnyPgColumn;
  name: AnyPgColumn;
  client_id: AnyPgColumn;
  branch_id: AnyPgColumn;
  department_id?: AnyPgColumn;
};

/** One page of `table`'s rows that `where` selects, as `columns`, ordered by the query's column. */
export function academicPage(
  db: Db,
  list: { table: AcademicTable; columns: Record<string, AnyPgColumn> },
  where: SQL,
  query: { page: number; limit: number; orderby: string; sort: 'asc' | 'desc' },
) {
  return fetchPage(db, list.table, where, query, (limit, offset) =>
    db
      .select(list.columns)
      .from(list.table)
      .where(where)
      .orderBy(...orderOf(list.columns, query, list.table.id))
      .limit(limit)
      .offset(offset),
  );
}
