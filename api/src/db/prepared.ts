/**
 * Prepared statements on the pool and inside a transaction alike (api/README.md "Prepared statements"): drizzle's
 * `.prepare(name)` binds to one connection, so we prepare by name on whichever connection runs the statement.
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { type PgliteShapes, pgliteShapes } from './pglite-shapes';

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
    const client = clientOf(db);
    const shapes = pgliteShapes.get(db);
    onConnection.client = shapes ? preparingOnPglite(client as PgliteQueries, shapes) : client;
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
 * ms of PostgreSQL's CPU per call (api/bench/README.md, "Load", run G). On PGlite: `runPrepared`. Answers the rows.
 */
export async function executeShaped<R>(db: Db, query: SQL): Promise<R[]> {
  const client = clientOf(db);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!(client instanceof pg.Pool || client instanceof pg.Client))
    return executeOnPglite(db, query, text, params);
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

/** What drizzle calls on a PGlite client (the database or a transaction of it). */
interface PgliteQueries {
  query(text: string, params?: unknown[], options?: unknown): Promise<unknown>;
}

/**
 * Runs `text` on PGlite's one session as a prepared statement: PREPAREd once per shape (its text), then run by
 * EXECUTE with the values written as literals (PGlite takes no parameters in an EXECUTE), so it is not parsed and
 * planned again on every call: the payment's journal statement spent 6 of its 10 ms planning (api/README.md
 * "Prepared statements"). A value it cannot write runs the text as it is.
 */
async function runPrepared<T>(
  shapes: PgliteShapes,
  text: string,
  params: unknown[],
  run: (text: string, params?: unknown[]) => Promise<T>,
): Promise<T> {
  const literals = params.map(literalOf);
  const name = `shape_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (literals.some((l) => l === undefined)) return run(text, params);
  const prepared = shapes.get(name);
  if (!prepared) {
    if (shapes.size >= MAX_NAMED_SHAPES) return run(text, params);
    // Kept once made (a PREPARE is not undone by its transaction's rollback); a failed one is tried again later,
    // its error thrown here as the statement's own.
    const making = run(`prepare ${name} as ${text}`);
    shapes.set(
      name,
      making.then(
        () => true,
        () => {
          shapes.delete(name);
          return false;
        },
      ),
    );
    await making;
  } else if (!(await prepared)) return run(text, params);
  return run(literals.length ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`);
}

/** A PGlite client whose queries run prepared (`runPrepared`), for drizzle's prepared queries. */
function preparingOnPglite(client: PgliteQueries, shapes: PgliteShapes): PgliteQueries {
  return {
    query: (text, params = [], options) =>
      runPrepared(shapes, text, params, (statement, values) => client.query(statement, values, options)),
  };
}

/** `executeShaped` on PGlite: prepared when the handle is shared (`sharePglite`), else as it is. */
async function executeOnPglite<R>(db: Db, query: SQL, text: string, params: unknown[]): Promise<R[]> {
  const run = async (statement: SQL) => ((await db.execute(statement)) as unknown as { rows: R[] }).rows;
  const shapes = pgliteShapes.get(db);
  if (!shapes) return run(query);
  return runPrepared(shapes, text, params, (statement, values) =>
    run(values === undefined ? sql.raw(statement) : query),
  );
}

/** A value as an SQL literal of unknown type (the prepared parameter's type reads it), or undefined. */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  const text = textOf(value);
  return text === undefined ? undefined : `'${text.replaceAll("'", "''")}'`;
}

/** The value's text form as PostgreSQL reads it (arrays as `{…}`), or undefined when not one of these. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint')
    return Number.isFinite(Number(value)) || typeof value === 'bigint' ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (item === null || item === undefined) return 'NULL';
      if (Array.isArray(item)) return undefined;
      const text = textOf(item);
      return text === undefined ? undefined : `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    });
    return items.some((item) => item === undefined) ? undefined : `{${items.join(',')}}`;
  }
  return undefined;
}
