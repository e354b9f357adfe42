/**
 * Plan evidence of the read cases (BENCH_GROWTH=1 on PostgreSQL): buffers and rows read per request, which the
 * box's load does not move, prove a request's work stays flat as data grows (api/bench/README.md "Growth").
 */
import type pg from 'pg';

export interface PlanEvidence {
  /** Statements explained (the session check included). */
  statements: number;
  /** Shared buffers hit or read, summed over the statements' top plan nodes. */
  buffers: number;
  /** Rows read by the scan nodes (kept and removed by a filter), times their loops. */
  rowsScanned: number;
  /** Sorts that went to disk (external merge / sort). */
  diskSorts: number;
}

/** The connection options that make a session explain every statement it runs, with its buffers. */
export const EXPLAIN_OPTIONS = [
  '-c session_preload_libraries=auto_explain',
  '-c auto_explain.log_min_duration=0',
  '-c auto_explain.log_analyze=on',
  '-c auto_explain.log_buffers=on',
  '-c auto_explain.log_timing=off',
].join(' ');

/** The server log's size (with-postgres.sh writes it to server.log in the data directory). */
export async function logSize(admin: pg.Client): Promise<number> {
  const res = await admin.query(`SELECT size FROM pg_stat_file('server.log')`);
  return Number(res.rows[0].size);
}

/** The server log written since byte `from`. */
export async function logSince(admin: pg.Client, from: number): Promise<string> {
  const to = await logSize(admin);
  if (to <= from) return '';
  const res = await admin.query('SELECT pg_read_file($1, $2, $3) AS text', ['server.log', from, to - from]);
  return String(res.rows[0].text);
}

// A Bitmap Index Scan's rows are its Bitmap Heap Scan's (counted there, once).
const SCAN = /(Seq Scan|(?<!Bitmap )Index Scan|Index Only Scan|Bitmap Heap Scan)/;

/** Sums the text plans auto_explain logged (one per "plan:" entry). */
export function planEvidence(log: string): PlanEvidence {
  const plans = log.split(/duration: [\d.]+ ms {2}plan:/).slice(1);
  const evidence: PlanEvidence = { statements: plans.length, buffers: 0, rowsScanned: 0, diskSorts: 0 };
  for (const plan of plans) {
    // The first Buffers line belongs to the top node, which counts its children's too.
    const top = /Buffers: shared((?: \w+=\d+)+)/.exec(plan);
    for (const [, n] of top?.[1]?.matchAll(/(?:hit|read)=(\d+)/g) ?? []) evidence.buffers += Number(n);
    const lines = plan.split('\n');
    lines.forEach((line, i) => {
      if (!SCAN.test(line)) return;
      const actual = /actual rows=(\d+) loops=(\d+)/.exec(line);
      if (!actual) return;
      const loops = Number(actual[2]);
      let rows = Number(actual[1]);
      // Rows removed by the node's own filter follow it (before the next node, "->").
      for (let j = i + 1; j < lines.length && !(lines[j] as string).includes('->'); j++) {
        const removed = /Rows Removed by (?:Filter|Index Recheck): (\d+)/.exec(lines[j] as string);
        if (removed) rows += Number(removed[1]); // per loop, as the rows are
      }
      evidence.rowsScanned += Math.round(rows * loops);
    });
    evidence.diskSorts += (plan.match(/Sort Method: external/g) ?? []).length;
  }
  return evidence;
}
