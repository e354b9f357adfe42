/**
 * Branch scoping: the one place that says "only the data of the session's branch". Every finance query
 * filters with `inBranch`, and every lookup by id goes through `findInBranch`, so an id of another branch
 * (or client) answers 404 "Data tidak ditemukan" and never its data.
 */
import { type AnyColumn, and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { notFound } from './errors';
import type { BranchTimeZone } from './time';

/** The tenant a request works in (from the verified token). */
export interface BranchScope {
  clientId: number;
  branchId: number;
}

/** A scope that also knows its branch's time zone: what "today" and a day's bounds are computed in. */
export interface ZonedScope extends BranchScope {
  timeZone: BranchTimeZone;
}

export interface BranchOwned {
  client_id: AnyPgColumn;
  branch_id: AnyPgColumn;
}

/** The scope in a prepared statement (db/prepared.ts): placeholders, which `scopeValues` fills. */
export const PREPARED_SCOPE = {
  clientId: sql.placeholder('client_id'),
  branchId: sql.placeholder('branch_id'),
};
export const scopeValues = (scope: BranchScope) => ({ client_id: scope.clientId, branch_id: scope.branchId });

/** `client_id = ? AND branch_id = ?` plus any further conditions (undefined ones are skipped). */
export function inBranch(
  scope: BranchScope | typeof PREPARED_SCOPE,
  table: BranchOwned,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.client_id, scope.clientId), eq(table.branch_id, scope.branchId), ...conditions) as SQL;
}

/** The row of `table` with this id in the scope's branch, or 404. */
export async function findInBranch<T extends PgTable & BranchOwned & { id: AnyPgColumn }>(
  db: Db,
  scope: BranchScope,
  table: T,
  id: number,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(inBranch(scope, table, eq(table.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

/** SUM of a money column as a number (0 when there are no rows); Postgres returns bigint sums as numeric. */
export const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** `column = value` when a list filter was given, otherwise no condition (for `inBranch`'s extra conditions). */
export const optionalEq = <T>(column: Parameters<typeof eq>[0], value: T | undefined) =>
  value === undefined ? undefined : eq(column, value);

/** The placement columns of a row that belongs to a class (the kept rows per class: students, payments by day). */
export interface ClassPlaced {
  department_id: AnyPgColumn;
  year_of_study_id: AnyPgColumn;
  yos_periode_id: AnyPgColumn;
  level_id: AnyPgColumn;
  class_id: AnyPgColumn;
}

/** The placement columns of a row that belongs to a class and a month (fee components, bills). */
export interface ClassMonthPlaced extends ClassPlaced {
  mm: AnyPgColumn;
}

/**
 * A class-month filter: department, year, periode, level, class and month, each when given ('Semua' fields
 * undefined; a filter may make some required); `V`: what else a value may be (prepared statements give
 * placeholders).
 */
export interface ClassMonthFilter<V = never> {
  department_id?: number | V | undefined;
  year_of_study_id?: number | V | undefined;
  yos_periode_id?: number | V | undefined;
  level_id?: number | V | undefined;
  class_id?: number | V | undefined;
  mm?: string | V | undefined;
}

/** The placement part of the class-month `where` (no month), as conditions for `inBranch`. */
export const classConditions = <V>(
  table: ClassPlaced,
  f: Omit<ClassMonthFilter<V>, 'mm'>,
): (SQL | undefined)[] => [
  optionalEq(table.department_id, f.department_id),
  optionalEq(table.year_of_study_id, f.year_of_study_id),
  optionalEq(table.yos_periode_id, f.yos_periode_id),
  optionalEq(table.level_id, f.level_id),
  optionalEq(table.class_id, f.class_id),
];

/** THE class-month `where` of fee components and bills, as conditions for `inBranch`. */
export const classMonthConditions = <V>(
  table: ClassMonthPlaced,
  f: ClassMonthFilter<V>,
): (SQL | undefined)[] => [...classConditions(table, f), optionalEq(table.mm, f.mm)];

/** A range of months ('YYYY-MM', both ends inclusive, either open) on a month column, as conditions for `inBranch`. */
export const monthRangeConditions = (
  mm: AnyPgColumn,
  f: { mm_from?: string | undefined; mm_to?: string | undefined },
): (SQL | undefined)[] => [
  f.mm_from ? gte(mm, f.mm_from) : undefined,
  f.mm_to ? lte(mm, f.mm_to) : undefined,
];
