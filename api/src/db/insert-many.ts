/**
 * Many rows in one INSERT with one parameter per column: `INSERT … SELECT * FROM unnest($1::integer[], …)`.
 * drizzle's multi-row `.values([...])` makes one parameter per value and checks each as it builds the
 * statement, which for a class of 40 students with their items (thousands of values) cost about 10 ms of CPU
 * per charge; the arrays cost next to nothing, on PostgreSQL and PGlite alike (api/bench/README.md).
 */
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/**
 * Inserts `rows` (every row with the keys of the first; null, not a column default, where one is absent) and
 * answers the `returning` columns of each inserted row as the driver reads them (ids and text are as typed;
 * no order promised: match them by a unique column).
 */
export async function insertMany<T extends PgTable, R extends keyof T['$inferSelect'] & string>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  returning: R[],
): Promise<Pick<T['$inferSelect'], R>[]> {
  const [first] = rows;
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const columnOf = (key: string) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column;
  };
  const arrays: SQL[] = keys.map((key) => {
    const column = columnOf(key);
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(columnOf(key).name)),
    sql`, `,
  );
  const back = sql.join(
    returning.map((key) => sql`${sql.identifier(columnOf(key).name)} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const result = await tx.execute(
    sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)}) returning ${back}`,
  );
  // Both drivers answer { rows } (the shared Db type leaves it unknown).
  return (result as unknown as { rows: Pick<T['$inferSelect'], R>[] }).rows;
}
