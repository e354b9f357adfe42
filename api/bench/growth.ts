/**
 * BENCH_GROWTH=1 or years: the figures of a run at BENCH_STUDENTS beside a run at twice that (1), or at the same
 * students with a year of history before the current year (years), as ratios, with the goals
 * of "Month-end at scale": every list, report and the dashboard at 2x the data at most 1.3x its p95 at 1x, and
 * the report of a department and year at most 150 ms p95 at 2x (api/bench/README.md, "Growth").
 */
import type { PlanEvidence } from './plans';

interface CaseFigures {
  name: string;
  app: { p50: number; p95: number };
}

export interface SizeRun {
  label: string;
  students: number;
  bills: number;
  /** Of `bills`, those of years of study before the current one. */
  historyBills: number;
  results: CaseFigures[];
  /** Plan evidence per GET case (PostgreSQL only). */
  plans: Map<string, PlanEvidence>;
}

/** The cases that must stay flat: the lists, the reports and the dashboard. */
const FLAT = /^(billing list|payment history|report|dashboard)/;
const MAX_RATIO = 1.3;
const REPORT_P95_MS = { name: 'report: department + year', ms: 150 };

const ratio = (a: number, b: number) => (a > 0 ? `${(b / a).toFixed(2)}x` : '');
const fixed = (n: number) => n.toFixed(1);

const size = (run: SizeRun) =>
  `${run.students} students, ${run.bills} bills${run.historyBills ? ` (${run.historyBills} of history)` : ''}`;

/** `growth` says how 2x grew (twice the students, or years of history). */
export function printGrowth([one, two]: SizeRun[], growth: string): void {
  if (!one || !two) return;
  console.log(`\nGrowth (${growth}), ${one.label}: 1x = ${size(one)}; 2x = ${size(two)} (ms)\n`);
  console.log('| Case | p50 1x | p50 2x | ratio | p95 1x | p95 2x | ratio | goal |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const a of one.results) {
    const b = two.results.find((r) => r.name === a.name);
    if (!b) continue;
    const goals: string[] = [];
    if (FLAT.test(a.name)) {
      const met = b.app.p95 <= MAX_RATIO * a.app.p95;
      goals.push(`p95 <= ${MAX_RATIO}x: ${met ? 'met' : 'NOT MET'}`);
    }
    if (a.name === REPORT_P95_MS.name) {
      goals.push(`p95 <= ${REPORT_P95_MS.ms} ms: ${b.app.p95 <= REPORT_P95_MS.ms ? 'met' : 'NOT MET'}`);
    }
    console.log(
      `| ${a.name} | ${fixed(a.app.p50)} | ${fixed(b.app.p50)} | ${ratio(a.app.p50, b.app.p50)} | ` +
        `${fixed(a.app.p95)} | ${fixed(b.app.p95)} | ${ratio(a.app.p95, b.app.p95)} | ${goals.join('; ')} |`,
    );
  }
  if (one.plans.size === 0) return;
  console.log(
    '\nPlan evidence per request (EXPLAIN ANALYZE, BUFFERS of every statement it sent), 1x -> 2x:\n',
  );
  console.log('| Case | statements | shared buffers | ratio | rows scanned | ratio | sorts on disk |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, a] of one.plans) {
    const b = two.plans.get(name);
    if (!b) continue;
    console.log(
      `| ${name} | ${a.statements} -> ${b.statements} | ${a.buffers} -> ${b.buffers} | ${ratio(a.buffers, b.buffers)} | ` +
        `${a.rowsScanned} -> ${b.rowsScanned} | ${ratio(a.rowsScanned, b.rowsScanned)} | ${a.diskSorts} -> ${b.diskSorts} |`,
    );
  }
}
