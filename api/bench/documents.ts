/**
 * `pnpm --filter @keuangan/api bench:documents`: what clients building reports do to a light request on the same
 * instance (api/bench/README.md "What each bench measures"); BENCH_EXPORTERS=0 gives the baseline.
 */
import { count, desc, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { student_billings } from '../src/db/schema';
import { seedDatabase } from '../src/seed';

const EXPORTERS = Number(process.env.BENCH_EXPORTERS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

// On PostgreSQL when given one (an empty database: `scripts/with-postgres.sh` gives a fresh server), else PGlite,
// whose queries run on the request thread too and so hide part of the difference.
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: 'memory://' },
);
await database.migrate();
await seedDatabase(database);
const app = await buildApp({
  database,
  jwtSecret: SECRET,
  uploadsDir: '/tmp/keuangan-bench-uploads',
  logger: false,
  documents: { perMinute: 1_000_000 },
});
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'keuangan', password: 'Keuangan#2026' },
});
const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
// The department and year with the most bills, and a student of them with bills.
const [place] = await database.db
  .select({
    department_id: student_billings.department_id,
    year_of_study_id: student_billings.year_of_study_id,
    student_id: sql<number>`min(${student_billings.student_id})`,
  })
  .from(student_billings)
  .groupBy(student_billings.department_id, student_billings.year_of_study_id)
  .orderBy(desc(count()))
  .limit(1);
if (!place) throw new Error('no bills in the demo data');
const documents = [
  `/api/report-student-billing-xlsx?department_id=${place.department_id}&year_of_study_id=${place.year_of_study_id}`,
  `/api/student-billing-pdf?student_id=${place.student_id}&department_id=${place.department_id}`,
];

const until = Date.now() + SECONDS * 1000;
let made = 0;
async function exporter(index: number) {
  for (let i = index; Date.now() < until; i++) {
    const res = await app.inject({ method: 'GET', url: documents[i % documents.length] as string, headers });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
    made++;
  }
}
const times: number[] = [];
async function probe() {
  while (Date.now() < until) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    if (res.statusCode !== 200) throw new Error(`/api/auth/me ${res.statusCode}`);
    times.push(performance.now() - started);
  }
}
await Promise.all([probe(), ...Array.from({ length: EXPORTERS }, (_, i) => exporter(i))]);
times.sort((a, b) => a - b);
const at = (p: number) =>
  (times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0).toFixed(1);
console.log(
  `${url ? 'PostgreSQL' : 'PGlite'}, ${EXPORTERS} exporters, ${SECONDS} s: /api/auth/me p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms (${times.length} requests); ${made} documents`,
);
await app.close();
await database.close();
