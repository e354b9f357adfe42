/**
 * `pnpm bench:api`: every case of `cases.ts` through the real app at school-network scale, beside the same work
 * in hand-written SQL (api/bench/README.md; every BENCH_* option in api/bench/METHOD.md).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { todayIn } from '../src/lib/time';
import { seedDatabase } from '../src/seed';
import { type BenchCase, CASES } from './cases';
import type { BenchContext, Queryable, SqlClient } from './context';
import { printGrowth, type SizeRun } from './growth';
import { EXPLAIN_OPTIONS, logSince, logSize, type PlanEvidence, planEvidence } from './plans';
import { scaleSeed } from './scale-seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
// 22,000 students: 11 billed months make about 240,000 bills (the 12th is the charging case's).
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 22_000);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_RUNS must be a whole number >= 1, not ${RUNS}`);
if (!Number.isInteger(STUDENTS) || STUDENTS < 1) {
  throw new Error(`BENCH_STUDENTS must be a whole number >= 1, not ${STUDENTS}`);
}
/**
 * Classes the active branch needs: the charging case charges a fresh class per run (warm-up included), for the
 * app and then for the baseline. The seed used to make only BENCH_STUDENTS / 40 classes over both branches'
 * 18 levels, half in the active branch: with 40 runs, up to 2,880 students gave it at most 36 classes (43
 * needed) and up to 6,480 fewer than 86, and the case failed. The seed now makes at least these.
 */
const CHARGED_CLASSES = 2 * (RUNS + WARMUP);
const SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

interface Figures {
  p50: number;
  p95: number;
  max: number;
  /** Runs per second, one after another: the runs over their summed time. */
  perSecond: number;
}

function figures(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  const sum = times.reduce((a, b) => a + b, 0);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    perSecond: sum > 0 ? (1000 * times.length) / sum : Number.NaN,
  };
}

/**
 * Statements sent to PostgreSQL: pg's `Client.query`, which the pool, drizzle and the baselines all go through
 * (BEGIN and COMMIT included). Each is a round trip, and on this API the round trips are most of the time.
 */
let statements = 0;
/** PGlite does not go through pg: no counts there. */
let counting = false;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

/** Node's CPU time (user + system) per run since `start`, in ms. */
const cpuPerRun = (start: NodeJS.CpuUsage, runs: number) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
};

interface Side extends Figures {
  /** Statements per run (PostgreSQL only). */
  statements: number;
  /** Node's CPU ms per run. */
  cpu: number;
}

/** BENCH_PROFILE=<dir>: a CPU profile of each case's app runs (open it in Chrome's DevTools). */
async function startProfile() {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name: string) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path.join(dir, `${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function measure(c: BenchCase, ctx: BenchContext) {
  const total = RUNS + WARMUP;
  const targets = await c.targets(ctx, total);
  const needed = c.fresh ? total : 1;
  if (targets.length < needed) throw new Error(`${c.name}: ${targets.length} targets, ${needed} needed`);
  const app: number[] = [];
  const profiler = await startProfile();
  const cpu0 = process.cpuUsage();
  const statements0 = statements;
  for (let i = 0; i < total; i++) {
    const target = targets[c.fresh ? i : i % targets.length] as Record<string, unknown>;
    let status = 0;
    let body = '';
    const ms = await timed(async () => {
      const res = await ctx.app.inject(c.request(target, ctx));
      status = res.statusCode;
      body = res.body;
    });
    if (status !== c.status) throw new Error(`${c.name}: ${status} ${body.slice(0, 300)}`);
    if (i >= WARMUP) app.push(ms);
  }
  const appCpu = cpuPerRun(cpu0, total);
  await profiler?.stop(c.name);
  const appStatements = (statements - statements0) / total;
  let baseline: Side | undefined;
  if (c.baseline) {
    const base = c.baseline;
    const own = c.fresh ? targets.slice(total) : targets;
    const more = c.fresh && own.length < total ? await c.targets(ctx, total * 2) : null;
    const pool = more ? more.slice(total) : own;
    // A write takes fresh targets of its own; a read goes round its targets as the app's runs did.
    if (pool.length < (c.fresh ? total : 1))
      throw new Error(`${c.name}: not enough targets for the baseline`);
    const times: number[] = [];
    const baseCpu0 = process.cpuUsage();
    const baseStatements0 = statements;
    for (let i = 0; i < total; i++) {
      const ms = await timed(() => base(pool[i % pool.length] as Record<string, unknown>, ctx));
      if (i >= WARMUP) times.push(ms);
    }
    baseline = {
      ...figures(times),
      cpu: cpuPerRun(baseCpu0, total),
      statements: (statements - baseStatements0) / total,
    };
  }
  return { name: c.name, app: { ...figures(app), cpu: appCpu, statements: appStatements }, baseline };
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : n.toFixed(1));

interface BenchDatabase {
  label: string;
  database: Database;
  sql: SqlClient;
  /** The explained statements since `mark` (BENCH_EXPLAIN=1 on PostgreSQL). */
  explained?: { mark(): Promise<void>; write(file: string): Promise<void> };
  /** PostgreSQL: a second handle on the same database whose connections explain every statement (plans.ts). */
  explaining?(): Promise<{ database: Database; plans(): Promise<PlanEvidence> }>;
  close(): Promise<void>;
}

/** A fresh database on the PostgreSQL server of BENCH_DATABASE_URL / TEST_DATABASE_URL, dropped afterwards. */
async function openPostgres(): Promise<BenchDatabase> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server');
  const name = `keuangan_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  // BENCH_EXPLAIN=1: every statement of the run slower than BENCH_EXPLAIN_MS (2) is logged with its plan (auto_explain), and
  // the plans of the measured phase are written to bench-explain.log (how the indexes were found).
  const explain = process.env.BENCH_EXPLAIN === '1';
  if (explain) {
    await admin.query(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    const threshold = Number(process.env.BENCH_EXPLAIN_MS ?? 2);
    await admin.query(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = '${threshold}ms'`);
    await admin.query(`ALTER DATABASE ${name} SET auto_explain.log_analyze = on`);
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // A connection still closing when the database is dropped (WITH FORCE) is an 'error' event: not the bench's.
  pool.on('error', () => {});
  const sql: SqlClient = {
    query: (text, values) => pool.query(text, values),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
  let logStart = 0;
  return {
    label: 'PostgreSQL',
    database,
    sql,
    explained: explain
      ? {
          mark: async () => {
            logStart = await logSize(admin);
          },
          write: async (file) => {
            writeFileSync(file, await logSince(admin, logStart));
          },
        }
      : undefined,
    async explaining() {
      const explainUrl = new URL(url);
      explainUrl.searchParams.set('options', EXPLAIN_OPTIONS);
      const explainDb = await openDatabase({ kind: 'postgres', url: explainUrl.toString() });
      const from = await logSize(admin);
      return {
        database: explainDb,
        plans: async () => {
          const log = await logSince(admin, from);
          // BENCH_PLANS_LOG=<file>: the plans themselves, appended per case.
          if (process.env.BENCH_PLANS_LOG) appendFileSync(process.env.BENCH_PLANS_LOG, log);
          return planEvidence(log);
        },
      };
    },
    async close() {
      await pool.end();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The embedded database in memory (BENCH_DB=pglite): the baselines run on its own client. */
async function openPglite(): Promise<BenchDatabase> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const sql: SqlClient = {
    query: (text, values) => client.query<Record<string, unknown>>(text, values),
    transaction: (fn) => client.transaction((tx) => fn(tx as Queryable)),
  };
  return { label: 'PGlite (embedded)', database, sql, close: () => database.close() };
}

/** Plan evidence of each GET case on a connection that explains (PostgreSQL), one request per case. */
async function explainCases(bench: BenchDatabase, ctx: BenchContext, uploadsDir: string) {
  const evidence = new Map<string, PlanEvidence>();
  if (!bench.explaining) return evidence;
  for (const c of selectedCases()) {
    const [target] = await c.targets(ctx, 1);
    const request = c.request(target ?? {}, ctx);
    if (request.method !== 'GET') continue;
    const explain = await bench.explaining();
    if (process.env.BENCH_PLANS_LOG) appendFileSync(process.env.BENCH_PLANS_LOG, `\n=== ${c.name}\n`);
    const app = await buildApp({ database: explain.database, jwtSecret: SECRET, uploadsDir, logger: false });
    await app.inject(request);
    await app.close();
    await explain.database.close();
    evidence.set(c.name, await explain.plans());
  }
  return evidence;
}

const selectedCases = () => {
  const only = process.env.BENCH_CASES?.split(',');
  return CASES.filter((c) => !only || only.some((o) => c.name.includes(o)));
};

/**
 * BENCH_GROWTH=1: the whole bench at BENCH_STUDENTS and at twice that; BENCH_GROWTH=years: at BENCH_STUDENTS
 * and at the same students with a year of study of history before the current one (twice the bills, the
 * current year as it was). Then each figure's ratio.
 */
async function main() {
  const growth = process.env.BENCH_GROWTH;
  if (!growth || growth === '0') {
    await runAt(STUDENTS);
    return;
  }
  if (growth !== '1' && growth !== 'years') throw new Error(`BENCH_GROWTH must be 1 or years, not ${growth}`);
  const one = await runAt(STUDENTS, { withPlans: true });
  if (growth === '1') {
    // Twice the students the first run seeded (whole classes, and at least the charging case's): twice its classes.
    printGrowth([one, await runAt(2 * one.students, { withPlans: true })], 'twice the students');
    return;
  }
  const two = await runAt(one.students, { withPlans: true, historyYears: 1 });
  printGrowth([one, two], 'a year of history before the current year, the same students');
}

async function runAt(STUDENTS: number, { withPlans = false, historyYears = 0 } = {}): Promise<SizeRun> {
  const bench = process.env.BENCH_DB === 'pglite' ? await openPglite() : await openPostgres();
  counting = bench.label === 'PostgreSQL';
  const { database, sql } = bench;
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'keuangan-bench-'));
  try {
    await database.migrate();
    await seedDatabase(database);
    const login = await (async () => {
      const probe = await buildApp({ database, jwtSecret: SECRET, uploadsDir, logger: false });
      const res = await probe.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'keuangan', password: 'Keuangan#2026' },
      });
      await probe.close();
      return res.json<{ user: { id: number; active_branch: { id: number } } }>();
    })();
    const history = historyYears ? ` and ${historyYears} year(s) of history` : '';
    console.log(`${bench.label}: seeding ${STUDENTS} students with a year of bills${history}…`);
    const summary = await scaleSeed(database, {
      students: STUDENTS,
      userId: login.user.id,
      minClasses: { branchId: login.user.active_branch.id, count: CHARGED_CLASSES },
      historyYears,
    });
    console.log(
      `Scale seed: ${summary.classes} classes, ${summary.students} students, ${summary.components} components, ` +
        `${summary.bills} bills${summary.historyBills ? ` (${summary.historyBills} of history)` : ''}, ` +
        `${summary.items} items (all), ` +
        `${summary.payments} payments in ${summary.seconds} s`,
    );
    // What autovacuum does for a real database: the seed's rows marked all-visible, so index-only scans are
    // planned as they would be there (the seed's own transaction can only ANALYZE).
    await sql.query('VACUUM');
    await bench.explained?.mark();
    const app = await buildApp({ database, jwtSecret: SECRET, uploadsDir, logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'keuangan', password: 'Keuangan#2026' },
    });
    const token = res.json<{ token: string }>().token;
    const ctx: BenchContext = {
      app,
      sql,
      token,
      userId: login.user.id,
      branchId: login.user.active_branch.id,
      today: todayIn(),
    };
    const results = [];
    for (const c of selectedCases()) {
      const result = await measure(c, ctx);
      results.push(result);
      console.log(`  ${c.name}: p50 ${ms(result.app.p50)} ms, p95 ${ms(result.app.p95)} ms`);
    }
    await app.close();
    if (bench.explained) {
      await bench.explained.write('bench-explain.log');
      console.log('Plans of statements over 2 ms: api/bench-explain.log');
    }
    console.log(`\n${bench.label}, ${RUNS} runs per case (after ${WARMUP} warm-up), times in ms:\n`);
    console.log(
      '| Case | p50 | p95 | max | statements | CPU | SQL p50 | SQL p95 | SQL statements | SQL CPU | factor (p50) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const count = (n: number | undefined) => (n === undefined || !counting ? '' : n.toFixed(0));
    for (const r of results) {
      const b = r.baseline;
      const factor = b ? `${(r.app.p50 / b.p50).toFixed(1)}x` : '';
      console.log(
        `| ${r.name} | ${ms(r.app.p50)} | ${ms(r.app.p95)} | ${ms(r.app.max)} | ${count(r.app.statements)} | ${ms(r.app.cpu)} | ` +
          `${ms(b?.p50)} | ${ms(b?.p95)} | ${count(b?.statements)} | ${ms(b?.cpu)} | ${factor} |`,
      );
    }
    console.log(
      "\nstatements: round trips to the database per run (BEGIN and COMMIT count); CPU: Node's CPU ms per run.",
    );
    // The payments one cashier's requests make in a second, one after another (on PGlite, whose database runs in
    // this process, Node's CPU is all of a payment's cost: the figure the box's load moves least).
    for (const r of results.filter((r) => r.name.startsWith('payment ('))) {
      console.log(
        `${bench.label} payments/s: ${r.app.perSecond.toFixed(1)} (${RUNS} in a row), ` +
          `${(1000 / r.app.cpu).toFixed(1)} by Node's CPU (${ms(r.app.cpu)} ms per payment)`,
      );
    }
    const plans = withPlans ? await explainCases(bench, ctx, uploadsDir) : new Map<string, PlanEvidence>();
    return {
      label: bench.label,
      students: summary.students,
      bills: summary.bills,
      historyBills: summary.historyBills,
      results,
      plans,
    };
  } finally {
    await bench.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
