/**
 * Prepared statements on both drivers, on the pool and inside a transaction alike. A statement is built once
 * (SQL text, parameters as `sql.placeholder`, row mapping) and prepared by name on each PostgreSQL connection
 * that runs it, so Node does not build it again nor PostgreSQL parse and plan it again: on the hot requests
 * that was most of the app's overhead over hand-written SQL (api/bench/README.md, run I).
 *
 * drizzle's own `.prepare(name)` binds the statement to the connection of the handle it was built on, so a
 * statement prepared on the pool cannot run inside a transaction (drizzle issues 613 and 2826). `prepared`
 * builds it once per driver and runs it on the connection of the handle it is given. That reads the
 * connection drizzle keeps in `client` (its sessions and prepared queries, node-postgres and PGlite alike):
 * `clientOf` fails loudly if a drizzle upgrade moves it, and every test of the payment runs through here.
 */
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
