/**
 * A school-network-sized dataset over the demo data, in set-based SQL only (never row by row); what it writes
 * and how to recognise it (`Bench …`, NIS `BN…`, numbers `BEN-…`): api/bench/METHOD.md "The API bench".
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../src/db/client';

export interface ScaleSeedOptions {
  /** Students wanted in all (rounded up to whole classes of 40 on every level, and to `minClasses`). */
  students: number;
  /** The user recorded as creator of bills and payments. */
  userId: number;
  /**
   * At least this many classes in the branch `branchId` (the bench's active branch), whatever `students` says:
   * the charging case charges a fresh class per run, for the app and again for the baseline.
   */
  minClasses?: { branchId: number; count: number };
  /** Years of study of history before the current one, billed for the same students (default 0). */
  historyYears?: number;
}

export interface ScaleSeedSummary {
  classes: number;
  students: number;
  components: number;
  bills: number;
  /** Of `bills`, those of the history years. */
  historyBills: number;
  items: number;
  payments: number;
  seconds: number;
}

export const CLASS_SIZE = 40;
const PRICES = [350_000, 75_000];
/** In the last month of a history year, one student in this many (by id) left the bill unpaid. */
export const ARREARS_EVERY = 20;

/** The bench years: the current ones (`year_id = current_id`) or those of history before them. */
type Years = 'current' | 'history';
const yearsOf = (years: Years) =>
  `(SELECT year_id FROM bench_year WHERE year_id ${years === 'current' ? '=' : '<>'} current_id)`;

async function count(tx: Tx, table: string, where: string): Promise<number> {
  const result = await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
  return Number(((result as { rows: { n: number }[] }).rows[0] as { n: number }).n);
}

export async function scaleSeed(database: Database, options: ScaleSeedOptions): Promise<ScaleSeedSummary> {
  const started = performance.now();
  // One transaction: one connection for the temporary tables, and nothing half-built on failure.
  return database.transaction((tx) => seedIn(tx, options, started));
}

async function seedIn(tx: Tx, options: ScaleSeedOptions, started: number): Promise<ScaleSeedSummary> {
  const run = (statement: string) => tx.execute(sql.raw(statement));
  // The app's 30 s statement deadline (db/client.ts) is for requests: one insert of the seed takes longer
  // at 44,000 students on a busy box.
  await run('SET LOCAL statement_timeout = 0');
  // The bench years: every department's year of study holding today, and the history years before it.
  await run(`CREATE TEMP TABLE bench_year AS
    SELECT id AS year_id, id AS current_id FROM years_of_study WHERE current_date BETWEEN start_date AND end_date`);
  const history = options.historyYears ?? 0;
  if (history > 0) await addHistoryYears(tx, history);
  // Where the classes go: every level of every department, in the year of study holding today.
  await run(`CREATE TEMP TABLE bench_place AS
    SELECT y.client_id, y.branch_id, y.department_id, y.id AS year_id, l.id AS level_id
    FROM years_of_study y JOIN levels l ON l.department_id = y.department_id
    WHERE y.id IN ${yearsOf('current')}`);
  const places = await count(tx, 'bench_place', 'true');
  if (places === 0) throw new Error('scale seed: no year of study holds today (seed the demo data first)');
  let classesPerLevel = Math.max(1, Math.ceil(options.students / CLASS_SIZE / places));
  if (options.minClasses) {
    const { branchId, count: wanted } = options.minClasses;
    const inBranch = await count(tx, 'bench_place', `branch_id = ${Number(branchId)}`);
    if (inBranch === 0) throw new Error(`scale seed: branch ${branchId} has no year of study holding today`);
    classesPerLevel = Math.max(classesPerLevel, Math.ceil(wanted / inBranch));
  }

  // The months of those years (demo periods run from the 1st to the last day), with what each month is.
  await run(`CREATE TEMP TABLE bench_month AS
    SELECT yp.year_of_study_id AS year_id, yp.id AS yos_periode_id, to_char(m, 'YYYY-MM') AS mm,
           (to_char(m, 'YYYY-MM') = max(to_char(m, 'YYYY-MM')) OVER (PARTITION BY yp.year_of_study_id)) AS last
    FROM yos_periodes yp
    CROSS JOIN generate_series(date_trunc('month', yp.start_date), yp.end_date, interval '1 month') m
    WHERE yp.year_of_study_id IN (SELECT year_id FROM bench_year)`);
  await run(`ALTER TABLE bench_month ADD COLUMN state text`);
  const thisMonth = "to_char(current_date AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM')";
  // A history year's last month is 'late': paid but for one student in ARREARS_EVERY.
  await run(`UPDATE bench_month SET state = CASE
      WHEN last AND year_id IN ${yearsOf('history')} THEN 'late'
      WHEN last THEN 'charge' WHEN mm < ${thisMonth} THEN 'paid' WHEN mm = ${thisMonth} THEN 'open' ELSE 'draft' END`);

  await run(`INSERT INTO classes (client_id, branch_id, department_id, level_id, year_of_study_id, name, capacity)
    SELECT p.client_id, p.branch_id, p.department_id, p.level_id, p.year_id, 'Bench ' || p.level_id || '-' || g, ${CLASS_SIZE}
    FROM bench_place p CROSS JOIN generate_series(1, ${classesPerLevel}) g`);
  await run(`INSERT INTO students (client_id, branch_id, department_id, nis, name, yoe, study_status)
    SELECT c.client_id, c.branch_id, c.department_id, 'BN' || c.id || '-' || g, 'Siswa Bench ' || c.id || '-' || g,
           extract(year FROM current_date)::int, 1
    FROM classes c CROSS JOIN generate_series(1, ${CLASS_SIZE}) g WHERE c.name LIKE 'Bench %'`);
  await run(`INSERT INTO class_students (client_id, branch_id, class_id, student_id)
    SELECT s.client_id, s.branch_id, split_part(substr(s.nis, 3), '-', 1)::int, s.id
    FROM students s WHERE s.nis LIKE 'BN%'`);
  if (history > 0) await placeInHistory(tx);
  await billYears(tx, 'history', options.userId);
  await billYears(tx, 'current', options.userId);
  await run('ANALYZE');

  return {
    classes: await count(tx, 'classes', "name LIKE 'Bench %'"),
    students: await count(tx, 'students', "nis LIKE 'BN%'"),
    components: await count(
      tx,
      'student_fee_components',
      "name IS NOT NULL AND class_id IN (SELECT id FROM classes WHERE name LIKE 'Bench %')",
    ),
    bills: await count(tx, 'student_billings', "bill_number LIKE 'BEN-%'"),
    historyBills: await count(
      tx,
      'student_billings',
      `bill_number LIKE 'BEN-%' AND year_of_study_id IN ${yearsOf('history')}`,
    ),
    items: await count(tx, 'student_billing_items', 'true'),
    payments: await count(tx, 'student_billing_payments', "payment_number LIKE 'BEN-P-%'"),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** The `years` years of study of each current one's department that end before it starts, latest first. */
async function addHistoryYears(tx: Tx, years: number) {
  await tx.execute(
    sql.raw(`INSERT INTO bench_year (year_id, current_id)
    SELECT h.id, y.current_id FROM bench_year y JOIN years_of_study c ON c.id = y.current_id
    CROSS JOIN LATERAL (SELECT p.id FROM years_of_study p WHERE p.department_id = c.department_id
      AND p.end_date < c.start_date ORDER BY p.end_date DESC LIMIT ${Number(years)}) h`),
  );
  const current = await count(tx, 'bench_year', 'year_id = current_id');
  const found = await count(tx, 'bench_year', 'year_id <> current_id');
  if (found < current * years) {
    throw new Error(
      `scale seed: ${found} years of study of history, ${current * years} wanted (demo data has one)`,
    );
  }
}

/**
 * The history years' classes: a twin of each current bench class (same name and level) in each, holding the
 * same students (a school's classes and students, a year or more before; the students table does not grow).
 */
async function placeInHistory(tx: Tx) {
  await tx.execute(
    sql.raw(`INSERT INTO classes (client_id, branch_id, department_id, level_id, year_of_study_id, name, capacity)
    SELECT c.client_id, c.branch_id, c.department_id, c.level_id, y.year_id, c.name, c.capacity
    FROM classes c JOIN bench_year y ON y.current_id = c.year_of_study_id AND y.year_id <> y.current_id
    WHERE c.name LIKE 'Bench %'`),
  );
  await tx.execute(
    sql.raw(`INSERT INTO class_students (client_id, branch_id, class_id, student_id)
    SELECT cs.client_id, cs.branch_id, h.id, cs.student_id
    FROM classes c
    JOIN class_students cs ON cs.class_id = c.id
    JOIN bench_year y ON y.current_id = c.year_of_study_id AND y.year_id <> y.current_id
    JOIN classes h ON h.year_of_study_id = y.year_id AND h.name = c.name
    WHERE c.name LIKE 'Bench %' AND c.year_of_study_id IN ${yearsOf('current')}`),
  );
}

/**
 * The components, bills, items, payments and payment lines of the bench classes of the current or the history
 * years, by the months of \`bench_month\` (what each month is: its \`state\`).
 */
async function billYears(tx: Tx, years: Years, userId: number) {
  const run = (statement: string) => tx.execute(sql.raw(statement));
  const inYears = yearsOf(years);
  await run(`INSERT INTO student_fee_components (client_id, branch_id, department_id, year_of_study_id, yos_periode_id,
      level_id, class_id, mm, fee_type_id, ftype, name, price, created_at)
    SELECT c.client_id, c.branch_id, c.department_id, c.year_of_study_id, m.yos_periode_id, c.level_id, c.id, m.mm,
           f.id, 1, f.name, (ARRAY[${PRICES.join(',')}])[f.rn], now() - interval '1 day'
    FROM classes c
    JOIN bench_month m ON m.year_id = c.year_of_study_id AND c.year_of_study_id IN ${inYears}
    JOIN (SELECT id, name, branch_id, row_number() OVER (PARTITION BY branch_id ORDER BY id)::int AS rn FROM fee_types) f
      ON f.branch_id = c.branch_id AND f.rn <= ${PRICES.length}
    WHERE c.name LIKE 'Bench %'`);

  const total = PRICES.reduce((a, b) => a + b, 0);
  await run(`INSERT INTO student_billings (client_id, branch_id, bill_number, student_id, department_id, year_of_study_id,
      yos_periode_id, level_id, class_id, mm, bill_date, due_date, type, form_status, total_amount, total_payment,
      total_billing, payment_status, created_by)
    SELECT c.client_id, c.branch_id, 'BEN-' || cs.student_id || '-' || m.mm, cs.student_id, c.department_id,
           c.year_of_study_id, m.yos_periode_id, c.level_id, c.id, m.mm, (m.mm || '-01')::date, (m.mm || '-10')::date, 1,
           CASE WHEN m.state = 'draft' THEN 0 ELSE 1 END,
           ${total}, CASE WHEN x.paid THEN ${total} ELSE 0 END,
           CASE WHEN x.paid THEN 0 ELSE ${total} END, CASE WHEN x.paid THEN 1 ELSE 0 END, ${userId}
    FROM classes c
    JOIN class_students cs ON cs.class_id = c.id
    JOIN bench_month m ON m.year_id = c.year_of_study_id AND m.state <> 'charge' AND c.year_of_study_id IN ${inYears}
    CROSS JOIN LATERAL (SELECT m.state = 'paid' OR (m.state = 'late' AND cs.student_id % ${ARREARS_EVERY} <> 0) AS paid) x
    WHERE c.name LIKE 'Bench %'`);
  await run(`INSERT INTO student_billing_items (client_id, branch_id, department_id, student_id, student_billing_id,
      student_fee_component_id, fee_type_id, ftype, price, qty, due_date, amount, total_amount, total_payment,
      total_billing, payment_status)
    SELECT b.client_id, b.branch_id, b.department_id, b.student_id, b.id, fc.id, fc.fee_type_id, 1, fc.price, 1,
           b.due_date,
           fc.price, fc.price, CASE WHEN b.payment_status = 1 THEN fc.price ELSE 0 END,
           CASE WHEN b.payment_status = 1 THEN 0 ELSE fc.price END, b.payment_status
    FROM student_billings b
    JOIN student_fee_components fc ON fc.class_id = b.class_id AND fc.mm = b.mm
    WHERE b.bill_number LIKE 'BEN-%' AND b.year_of_study_id IN ${inYears}`);
  await run(`INSERT INTO student_billing_payments (client_id, branch_id, student_billing_id, student_id, payment_number,
      payment_date, amount, total_amount_payment_paid, ptype, payer_name, idempotency_key, total_billing_after, created_by)
    SELECT b.client_id, b.branch_id, b.id, b.student_id, 'BEN-P-' || b.id, b.bill_date + 9, b.total_amount,
           b.total_amount, 1, 'Orang Tua', 'bench-' || b.id, 0, ${userId}
    FROM student_billings b
    WHERE b.bill_number LIKE 'BEN-%' AND b.payment_status = 1 AND b.year_of_study_id IN ${inYears}`);
  await run(`INSERT INTO student_billing_item_payments (client_id, branch_id, student_billing_payment_id,
      student_billing_item_id, student_fee_component_id, amount)
    SELECT p.client_id, p.branch_id, p.id, i.id, i.student_fee_component_id, i.total_amount
    FROM student_billing_payments p
    JOIN student_billings b ON b.id = p.student_billing_id AND b.year_of_study_id IN ${inYears}
    JOIN student_billing_items i ON i.student_billing_id = p.student_billing_id
    WHERE p.payment_number LIKE 'BEN-P-%'`);
}
