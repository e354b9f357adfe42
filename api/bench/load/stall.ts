/**
 * The stalled transaction: a plain pg client locks the first branch's payment counter rows in an open
 * transaction for `seconds` while cashiers pay on that branch and on the others, and lists run. How long did
 * payments of that branch wait (each answer: at most the lock timeout, then 503 and a retry), and were the
 * others slower while it stalled than just before?
 */
import pg from 'pg';
import { ms, percentile } from './figures';
import type { PhaseResult } from './phase';

/** Before the hold starts: the figures "before" are taken here. */
export const LEAD_SECONDS = 4;
/** After it ends: the stalled payments' retries get through. */
export const TAIL_SECONDS = 6;

export interface Hold {
  start: number;
  end: number;
  rows: number;
}

/** Holds the counter rows of `branchId` from LEAD_SECONDS into the phase for `seconds`; registers its pid. */
export function holdCounter(
  databaseUrl: string,
  branchId: number,
  seconds: number,
  ignore: (pid: number) => void,
) {
  const hold: Hold = { start: Number.NaN, end: Number.NaN, rows: 0 };
  const run = async (phaseStarted: number) => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-load-stall' });
    await client.connect();
    try {
      ignore(Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid));
      await new Promise((resolve) =>
        setTimeout(resolve, phaseStarted + LEAD_SECONDS * 1000 - performance.now()),
      );
      await client.query('BEGIN');
      const locked = await client.query(
        `SELECT 1 FROM document_sequences WHERE branch_id = $1 AND kind = 'student_payment' FOR UPDATE`,
        [branchId],
      );
      hold.start = performance.now();
      hold.rows = locked.rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      await client.query('ROLLBACK');
      hold.end = performance.now();
    } finally {
      await client.end();
    }
  };
  return { hold, run };
}

export interface StallFigures {
  held: number;
  rows: number;
  /** The stalled branch's requests in flight while it was held. */
  stalled: { answers: number; max: number; busy: number; slowestPayment: number };
  /** Other branches' payments and lists: p50/p99 while held and in the seconds before. */
  others: { name: string; beforeP99: number; duringP99: number; duringMax: number; during: number }[];
}

export function stallFigures(result: PhaseResult, hold: Hold, stalledName: string): StallFigures {
  const inWindow = (name: string, from: number, to: number) => {
    const r = result.recorders.find((x) => x.name === name);
    if (!r) return { times: [] as number[], statuses: [] as (number | string)[] };
    // Requests in flight at any moment of the window: sent before it ended, answered after it began.
    const idx = r.sentAt
      .map((t, i) => [t, i] as const)
      .filter(([t, i]) => t < to && t + (r.answers[i] as number) > from);
    return {
      times: idx.map(([, i]) => r.answers[i] as number),
      statuses: idx.map(([, i]) => r.answerStatus[i] as number | string),
    };
  };
  const stalled = inWindow(stalledName, hold.start, hold.end);
  const stalledRecorder = result.recorders.find((x) => x.name === stalledName);
  const leadStart = hold.start - (LEAD_SECONDS - 1) * 1000;
  return {
    held: (hold.end - hold.start) / 1000,
    rows: hold.rows,
    stalled: {
      answers: stalled.times.length,
      max: percentile(stalled.times, 100),
      busy: stalled.statuses.filter((s) => s === 503).length,
      slowestPayment: percentile(stalledRecorder?.operations ?? [], 100),
    },
    others: result.recorders
      .filter((r) => r.name !== stalledName)
      .map((r) => {
        // Before: requests sent and answered in the seconds before the hold.
        const before = r.answers.filter(
          (a, i) => (r.sentAt[i] as number) >= leadStart && (r.sentAt[i] as number) + a <= hold.start,
        );
        const during = inWindow(r.name, hold.start, hold.end).times;
        return {
          name: r.name,
          beforeP99: percentile(before, 99),
          duringP99: percentile(during, 99),
          duringMax: percentile(during, 100),
          during: during.length,
        };
      }),
  };
}

export function printStall(f: StallFigures) {
  console.log(`  counter rows held ${f.held.toFixed(1)} s (${f.rows} rows locked)`);
  console.log(
    `  stalled branch: ${f.stalled.answers} requests in flight while held, longest ${ms(f.stalled.max)} ms, ` +
      `${f.stalled.busy} answered 503; slowest payment with its retries ${ms(f.stalled.slowestPayment)} ms`,
  );
  for (const o of f.others) {
    console.log(
      `  ${o.name}: p99 ${ms(o.beforeP99)} ms in the ${LEAD_SECONDS - 1} s before, ${ms(o.duringP99)} ms while held ` +
        `(max ${ms(o.duringMax)} ms, ${o.during} requests in flight while held)`,
    );
  }
}
