/** Percentiles and the printed lines of the load bench. */
import { readFileSync } from 'node:fs';
import type { LockFigures } from './lock-sampler';
import type { Recorder } from './users';

/** The nearest-rank percentile of unsorted `values` (NaN when empty). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const ms = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : n.toFixed(0));
export const pct = (n: number) => (Number.isNaN(n) ? '-' : `${(n * 100).toFixed(1)}%`);

/** The load averages over 1, 5 and 15 minutes (the box is shared: they say how much else was running). */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

export interface ScenarioFigures {
  name: string;
  clients: number;
  ok: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: string;
  retries: number;
  failed: number;
}

export function scenarioFigures(recorder: Recorder, clients: number, seconds: number): ScenarioFigures {
  const a = recorder.answers;
  return {
    name: recorder.name,
    clients,
    ok: recorder.ok,
    perSecond: recorder.ok / seconds,
    p50: percentile(a, 50),
    p95: percentile(a, 95),
    p99: percentile(a, 99),
    max: percentile(a, 100),
    statuses: [...recorder.statuses].map(([status, n]) => `${status}: ${n}`).join(', '),
    retries: recorder.retries,
    failed: recorder.failed,
  };
}

export function printScenarios(rows: ScenarioFigures[]) {
  console.log(
    '  | scenario | clients | done | per s | p50 ms | p95 ms | p99 ms | max ms | answers | retried | failed |',
  );
  console.log('  | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `  | ${r.name} | ${r.clients} | ${r.ok} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} | ` +
        `${ms(r.p99)} | ${ms(r.max)} | ${r.statuses} | ${r.retries} | ${r.failed} |`,
    );
  }
}

export function lockShare(locks: LockFigures): number {
  return locks.paymentBackends === 0 ? Number.NaN : locks.waiting / locks.paymentBackends;
}

export function describeLocks(locks: LockFigures): string {
  const on = [...locks.on]
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what} ${pct(n / Math.max(1, locks.waiting))}`)
    .join(', ');
  return (
    `lock waits: ${pct(lockShare(locks))} of payment backend samples waited on a lock ` +
    `(${locks.waiting} of ${locks.paymentBackends}, ${locks.samples} samples; ` +
    `${pct(locks.samplesWithWait / Math.max(1, locks.samples))} of samples had a payment waiting)` +
    (on ? `; on: ${on}` : '')
  );
}
