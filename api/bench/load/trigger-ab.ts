/**
 * A/B of the kept sums' statement and row triggers on one backend, switched in turns so the box's load falls on
 * both alike (api/bench/METHOD.md "The ceiling"). Run under scripts/with-postgres.sh with `tsx`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { todayIn } from '../../src/lib/time';
import { barePayment, productPayment, type SqlClient, withoutProductTriggers } from './ceiling-sql';
import { cpuOf } from './cpu';
import { loadAverage } from './figures';
import { createLoadDatabase, seedLoadDatabase } from './seed';
import { readTargets } from './targets';

const PAYMENTS = Number(process.env.BENCH_AB_PAYMENTS ?? 400);
const TURNS = 4;

// The statement triggers as 0018 and 0022 made them (their functions are still there), beside 0031's row ones.
const STATEMENT_TRIGGERS = `
  CREATE TRIGGER ab_sums_update AFTER UPDATE ON student_billings REFERENCING OLD TABLE AS old_bills
    NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_sums_apply();
  CREATE TRIGGER ab_students_update AFTER UPDATE ON student_billings REFERENCING OLD TABLE AS old_bills
    NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION student_billing_students_apply();
  CREATE TRIGGER ab_payment_sums_insert AFTER INSERT ON student_billing_payments
    REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION student_billing_payment_sums_apply();
  CREATE TRIGGER ab_payment_sums_update AFTER UPDATE ON student_billing_payments REFERENCING OLD TABLE AS old_payments
    NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION student_billing_payment_sums_apply();`;
const ROW = [
  ['student_billings', 'student_billing_sums_update'],
  ['student_billings', 'student_billing_students_update'],
  ['student_billing_payments', 'student_billing_payment_sums_insert'],
  ['student_billing_payments', 'student_billing_payment_sums_update'],
];
const STATEMENT = [
  ['student_billings', 'ab_sums_update'],
  ['student_billings', 'ab_students_update'],
  ['student_billing_payments', 'ab_payment_sums_insert'],
  ['student_billing_payments', 'ab_payment_sums_update'],
];

async function use(db: SqlClient, on: string[][], off: string[][]) {
  for (const [table, name] of off) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER ${name}`);
  for (const [table, name] of on) await db.query(`ALTER TABLE ${table} ENABLE TRIGGER ${name}`);
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server');
  const database = await createLoadDatabase(serverUrl);
  try {
    await seedLoadDatabase(database.url, { students: 720, branches: 2 });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const targets = await readTargets(db);
    await db.query(STATEMENT_TRIGGERS);
    const pid = Number((await db.query('select pg_backend_pid() as pid')).rows[0]?.pid);
    const who = (await db.query(`select id, client_id from users where uname = 'keuangan'`)).rows[0];
    const branch = targets.branches[0] as (typeof targets.branches)[number];
    const date = todayIn(undefined);
    let n = 0;
    const turn = async (pay: typeof productPayment) => {
      const before = cpuOf([pid]);
      for (let i = 0; i < PAYMENTS; i++) {
        const bill = branch.bills[n++ % branch.bills.length] as (typeof branch.bills)[number];
        await pay(db, {
          clientId: who.client_id,
          branchId: branch.branchId,
          userId: who.id,
          billId: bill.id,
          date,
          key: randomUUID(),
        });
      }
      return (cpuOf([pid]) - before) / PAYMENTS;
    };
    const figures: Record<string, number[]> = { statement: [], row: [], bare: [] };
    console.log(`load average ${loadAverage()}; ${PAYMENTS} payments per turn, one connection`);
    await turn(productPayment); // warm: plans and caches
    for (let t = 0; t < TURNS; t++) {
      await use(db, STATEMENT, ROW);
      figures.statement?.push(await turn(productPayment));
      await use(db, ROW, STATEMENT);
      figures.row?.push(await turn(productPayment));
      figures.bare?.push(await withoutProductTriggers(db, () => turn(barePayment)));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    for (const [name, xs] of Object.entries(figures))
      console.log(
        `${name}: ${xs.map((x) => x.toFixed(3)).join(', ')} ms CPU per payment (median ${median(xs).toFixed(3)})`,
      );
    console.log(`load average ${loadAverage()}`);
    await db.end();
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
