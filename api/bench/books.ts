/**
 * `pnpm bench:books`: Neraca Saldo and Buku Besar over a year of the scale data, booked by `openBooks`, against the
 * 300 ms p95 goal (api/bench/README.md "The books"; options in METHOD.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { openBooks } from '../src/ledger/journal-open-queries';
import { monthOf, todayIn } from '../src/lib/time';
import { seedDatabase } from '../src/seed';
import { scaleSeed } from './scale-seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 22_000);
const WARMUP = 3;
const GOAL_P95_MS = 300;
const SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** A fresh database: on the PostgreSQL server named, dropped at the end, or PGlite in memory. */
async function openBench(): Promise<{ label: string; database: Database; close(): Promise<void> }> {
  if (process.env.BENCH_DB === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    return { label: 'PGlite', database, close: () => database.close() };
  }
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server');
  const name = `keuangan_books_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    label: 'PostgreSQL',
    database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const count = async (database: Database, table: string) =>
  Number(
    (
      (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

async function main() {
  const bench = await openBench();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'keuangan-bench-books-'));
  const { database } = bench;
  try {
    await database.migrate();
    await seedDatabase(database);
    const app = await buildApp({ database, jwtSecret: SECRET, uploadsDir, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'keuangan', password: 'Keuangan#2026' },
    });
    const { token, user } = login.json<{
      token: string;
      user: { id: number; active_branch: { id: number } };
    }>();
    console.log(`${bench.label}: seeding ${STUDENTS} students with a year of bills…`);
    const seeded = await scaleSeed(database, { students: STUDENTS, userId: user.id });
    console.log(`Scale seed: ${seeded.bills} bills, ${seeded.payments} payments in ${seeded.seconds} s`);
    const booking = performance.now();
    await database.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await openBooks(tx);
    });
    const bookedIn = ((performance.now() - booking) / 1000).toFixed(1);
    console.log(
      `Booked in ${bookedIn} s: ${await count(database, 'books_entries')} entries, ` +
        `${await count(database, 'books_lines')} lines (all branches)`,
    );
    if (bench.label === 'PostgreSQL') await database.db.execute(sql`vacuum analyze`);

    const chart = (
      await app.inject({
        method: 'GET',
        url: '/api/books/accounts',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ id: number; role: string | null }[]>();
    const idOf = (role: string) => chart.find((a) => a.role === role)?.id;
    const today = todayIn();
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const cases: [string, string][] = [
      ['Neraca Saldo, everything to today', `/api/books/trial-balance?date_to=${today}`],
      ['Neraca Saldo, the last 12 months', `/api/books/trial-balance?date_from=${yearAgo}&date_to=${today}`],
      [
        'Neraca Saldo, this month',
        `/api/books/trial-balance?date_from=${monthOf(today)}-01&date_to=${today}`,
      ],
      [
        'Buku Besar Piutang Siswa, a year, page 1',
        `/api/books/ledger?account_id=${idOf('receivable_student')}&date_from=${yearAgo}`,
      ],
      ['Buku Besar Kas, a year, page 1', `/api/books/ledger?account_id=${idOf('cash')}&date_from=${yearAgo}`],
    ];
    // The last page of Piutang Siswa: the window runs over every line of the year before it is cut.
    const first = (
      await app.inject({
        method: 'GET',
        url: cases[3]?.[1] ?? '',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ last_page: number; total: number }>();
    cases.push([
      `Buku Besar Piutang Siswa, a year, page ${first.last_page} (last)`,
      `${cases[3]?.[1]}&page=${first.last_page}`,
    ]);
    console.log(`Piutang Siswa of branch ${user.active_branch.id}: ${first.total} lines in the year`);

    console.log(
      `\n${bench.label}, ${RUNS} runs each after ${WARMUP} warm-ups, ms (goal: Neraca Saldo p95 <= ${GOAL_P95_MS}):\n`,
    );
    console.log('| Request | p50 | p95 | max |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, url] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + WARMUP; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= WARMUP) times.push(performance.now() - start);
      }
      const sorted = times.sort((a, b) => a - b);
      const [p50, p95, max] = [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1) ?? 0];
      console.log(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${max.toFixed(1)} |`);
    }
    await app.close();
  } finally {
    await bench.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
