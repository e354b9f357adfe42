/** The academic lists' page: one query for departments, levels, years of study and batches alike. */
import { ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { containsPattern, fetchPage, orderOf } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq } from '../lib/scope';

/** A branch's table with a name (and a department, but for the departments themselves). */
export type AcademicTable = PgTable & {
  id: AnyPgColumn;
  name: AnyPgColumn;
  client_id: AnyPgColumn;
  branch_id: AnyPgColumn;
  department_id?: AnyPgColumn;
};

/** One page of the branch's rows of `table` (of one department, searched by name), as `columns`. */
/** What a list reads of its query (each list's schema in the route table, its own order fields). */
export interface AcademicQuery {
  deptId?: number | undefined;
  q: string;
  page: number;
  limit: number;
  orderby: string;
  sort: 'asc' | 'desc';
}

export function academicPage(
  db: Db,
  scope: BranchScope,
  list: { table: AcademicTable; columns: Record<string, AnyPgColumn> },
  query: AcademicQuery,
) {
  const { table } = list;
  const where: SQL = inBranch(
    scope,
    table,
    table.department_id ? optionalEq(table.department_id, query.deptId) : undefined,
    query.q ? ilike(table.name, containsPattern(query.q)) : undefined,
  );
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
