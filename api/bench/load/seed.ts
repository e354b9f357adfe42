/**
 * The load bench's database: a fresh database on the bench's PostgreSQL server with the demo data, as many
 * branches as asked (the demo has two; the others are copies of the first one's school structure, so the
 * scale seed gives each of them classes, students and this month's unpaid bills), and the scale seed.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';
import { seedDatabase } from '../../src/seed';
import { scaleSeed } from '../scale-seed';

export const LOGIN = { email: 'keuangan', password: 'Keuangan#2026' };

export interface LoadDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createLoadDatabase(serverUrl: string): Promise<LoadDatabase> {
  const name = `keuangan_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Copies of the first branch's departments, periods, years (with their periods), levels and fee types, until
 * there are `wanted` branches; the seed's finance user (and every user of the first branch) may work in them.
 */
async function addBranches(database: Database, wanted: number): Promise<number> {
  return database.transaction(async (tx) => {
    const run = (statement: string) => tx.execute(sql.raw(statement));
    const existing = await run('SELECT min(id)::int AS first, count(*)::int AS n FROM branches');
    const { first, n } = (existing as unknown as { rows: { first: number; n: number }[] }).rows[0] as {
      first: number;
      n: number;
    };
    for (let i = n + 1; i <= wanted; i++) {
      const code = `LD${String(i).padStart(2, '0')}`;
      const inserted = await run(`INSERT INTO branches (client_id, code, name, city, time_zone)
        SELECT client_id, '${code}', 'Cabang Bench ${i}', city, time_zone FROM branches WHERE id = ${first}
        RETURNING id`);
      const id = Number((inserted as unknown as { rows: { id: number }[] }).rows[0]?.id);
      // Rows of the new branch are matched to the first branch's by name (unique within a branch).
      await run(`INSERT INTO departments (client_id, branch_id, name, sequence)
        SELECT client_id, ${id}, name, sequence FROM departments WHERE branch_id = ${first}`);
      await run(`INSERT INTO periodes (client_id, branch_id, name, sequence)
        SELECT client_id, ${id}, name, sequence FROM periodes WHERE branch_id = ${first}`);
      await run(`INSERT INTO fee_types (client_id, branch_id, name)
        SELECT client_id, ${id}, name FROM fee_types WHERE branch_id = ${first}`);
      const sameDepartment = `JOIN departments d ON d.id = x.department_id
        JOIN departments nd ON nd.branch_id = ${id} AND nd.name = d.name`;
      await run(`INSERT INTO years_of_study (client_id, branch_id, department_id, name, start_date, end_date)
        SELECT x.client_id, ${id}, nd.id, x.name, x.start_date, x.end_date FROM years_of_study x ${sameDepartment}
        WHERE x.branch_id = ${first}`);
      await run(`INSERT INTO levels (client_id, branch_id, department_id, name, sequence)
        SELECT x.client_id, ${id}, nd.id, x.name, x.sequence FROM levels x ${sameDepartment}
        WHERE x.branch_id = ${first}`);
      await run(`INSERT INTO yos_periodes (client_id, branch_id, year_of_study_id, periode_id, start_date, end_date)
        SELECT yp.client_id, ${id}, ny.id, np.id, yp.start_date, yp.end_date
        FROM yos_periodes yp
        JOIN years_of_study y ON y.id = yp.year_of_study_id
        JOIN departments d ON d.id = y.department_id
        JOIN departments nd ON nd.branch_id = ${id} AND nd.name = d.name
        JOIN years_of_study ny ON ny.department_id = nd.id AND ny.name = y.name
        JOIN periodes p ON p.id = yp.periode_id
        JOIN periodes np ON np.branch_id = ${id} AND np.name = p.name
        WHERE yp.branch_id = ${first}`);
      await run(`INSERT INTO user_branches (user_id, branch_id)
        SELECT user_id, ${id} FROM user_branches WHERE branch_id = ${first}`);
    }
    return Math.max(n, wanted);
  });
}

/** Demo data, `branches` branches and the scale seed of `students` students, in the database at `url`. */
export async function seedLoadDatabase(url: string, options: { students: number; branches: number }) {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.migrate();
    await seedDatabase(database);
    const branches = await addBranches(database, options.branches);
    const user = await database.db.execute(
      sql`SELECT id FROM users WHERE lower(uname) = ${LOGIN.email} OR lower(email) = ${LOGIN.email} LIMIT 1`,
    );
    const userId = Number((user as unknown as { rows: { id: number }[] }).rows[0]?.id);
    // The API's 30 s statement timeout (WAIT_LIMITS) would cancel a large seed's set-based inserts on a busy box.
    const untimed: Database = {
      ...database,
      transaction: (fn) =>
        database.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL statement_timeout = 0`);
          return fn(tx);
        }),
    };
    const summary = await scaleSeed(untimed, { students: options.students, userId });
    return { branches, ...summary };
  } finally {
    await database.close();
  }
}
