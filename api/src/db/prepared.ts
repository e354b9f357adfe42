/**
 * Prepared statements on the pool and inside a transaction alike (api/README.md "Prepared statements"): drizzle's
 * `.prepare(name)` binds to one connection, so we prepare by name on whichever connection runs the statement.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

/** What drizzle's prepared queries answer; values fill the placeholders by name. */
interface Statement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The connection (pool, pooled client, PGlite or its transaction) behind a drizzle handle. */
function clientOf(db: Db): unknown {
  const { client } = db._.session as unknown as { client?: unknown };
  if (!client) throw new Error('drizzle keeps its connection elsewhere: see src/db/prepared.ts');
  return client;
}

/**
 * The statement `build` makes, prepared under `name` (unique: one name, one text), as a function of the handle
 * (`db` or a transaction's `tx`) and the placeholders' values.
 */
export function prepared<R>(name: string, build: (db: Db) => { prepare(name: string): Statement<R> }) {
  // By driver: node-postgres and PGlite map rows through different prepared-query classes.
  const built = new Map<unknown, Statement<R>>();
  return (db: Db, values: Record<string, unknown> = {}): Promise<R> => {
    const driver = db._.session.constructor;
    let statement = built.get(driver);
    if (!statement) {
      statement = build(db).prepare(name);
      built.set(driver, statement);
    }
    const onConnection = Object.create(statement) as Statement<R> & { client: unknown };
    onConnection.client = clientOf(db);
    return onConnection.execute(values);
  };
}

const dialect = new PgDialect();
/** Shapes named so far; past the cap, statements run unnamed (a shape's text must not grow without end). */
const namedShapes = new Set<string>();
const MAX_NAMED_SHAPES = 256;

/**
 * Runs a statement built at the call (`sql`), prepared on node-postgres under a name made from its text: calls
 * of the same shape (the same text, other values) are parsed and planned once per connection. For the hot
 * writes whose text depends on their input (a payment's lines, its last statement): their planning was 0.1-0.3
 * ms of PostgreSQL's CPU per call (api/bench/README.md, "Load", run G). PGlite runs it as it is. Answers the rows.
 */
export async function executeShaped<R>(db: Db, query: SQL): Promise<R[]> {
  const client = clientOf(db);
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) {
    const result = await db.execute(query);
    return (result as unknown as { rows: R[] }).rows;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `shape_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (!namedShapes.has(name) && namedShapes.size < MAX_NAMED_SHAPES) namedShapes.add(name);
  const named = namedShapes.has(name) ? { name } : {};
  const result = await (client as pg.ClientBase).query<R & pg.QueryResultRow>({
    ...named,
    text,
    values: params,
  });
  return result.rows;
}
