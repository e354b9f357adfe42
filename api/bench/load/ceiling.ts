/**
 * The ceiling: PostgreSQL's own rate for a payment's writes, measured in the same run as the API, since only a
 * ratio measured in one run means anything on a shared box (api/bench/METHOD.md "The ceiling").
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { todayIn } from '../../src/lib/time';
import { barePayment, type CeilingPayment, productPayment, withoutProductTriggers } from './ceiling-sql';
import { cpuOfPostgres } from './cpu';
import { loadAverage } from './figures';
import type { Targets } from './targets';
import type { BillDesk } from './users';

export type CeilingVariant = 'bare' | 'product';

/** Per variant: payments per second, and PostgreSQL's CPU ms per payment (what the box's load moves least). */
export type CeilingRates = Record<CeilingVariant, number> & { cpuMs: Record<CeilingVariant, number> };

export interface CeilingFigures {
  /** For `clients` connections on the first branch, or round every branch. */
  oneBranch: CeilingRates;
  tenBranches: CeilingRates;
  seconds: number;
  load: string;
}

interface Run {
  url: string;
  targets: Targets;
  desk: BillDesk;
  seconds: number;
  /** The server's postmaster: its children's CPU is PostgreSQL's (cpu.ts). */
  postmasterPid: number;
}

/** `clients` connections paying for `seconds` (each on its own bills, round the branches `branchOf` names). */
async function measure(run: Run, variant: CeilingVariant, clients: number, branchOf: (c: number) => number) {
  const meta = new pg.Client({ connectionString: run.url });
  await meta.connect();
  const who = (
    await meta.query<{ user_id: number; client_id: number }>(
      `select u.id as user_id, u.client_id from users u where u.uname = 'keuangan'`,
    )
  ).rows[0];
  if (!who) throw new Error('the ceiling pays as keuangan, who is not seeded');
  // The API's connections' lock and statement limits (db/client.ts), so the numbering trigger waits as there.
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({
        connectionString: run.url,
        lock_timeout: 5_000,
        statement_timeout: 30_000,
      });
      await client.connect();
      return client;
    }),
  );
  const pay = variant === 'bare' ? barePayment : productPayment;
  const date = todayIn(undefined);
  let paid = 0;
  const loop = async (c: number) => {
    const branch = run.targets.branches[branchOf(c)] as Targets['branches'][number];
    const bills = run.desk.claim(branch, 10);
    const db = connections[c] as pg.Client;
    for (let i = 0; performance.now() < until; i++) {
      const bill = bills[i % bills.length] as (typeof bills)[number];
      const payment: CeilingPayment = {
        clientId: who.client_id,
        branchId: branch.branchId,
        userId: who.user_id,
        billId: bill.id,
        date,
        key: `ceiling-${randomUUID()}`,
      };
      await pay(db, payment);
      paid++;
    }
  };
  let started = 0;
  let until = 0;
  let seconds = 0;
  let cpuMs = 0;
  try {
    const go = async () => {
      const cpuBefore = cpuOfPostgres(run.postmasterPid);
      started = performance.now();
      until = started + run.seconds * 1000;
      await Promise.all(connections.map((_, c) => loop(c)));
      seconds = (performance.now() - started) / 1000;
      cpuMs = cpuOfPostgres(run.postmasterPid) - cpuBefore;
    };
    await (variant === 'bare' ? withoutProductTriggers(meta, go) : go());
  } finally {
    await Promise.all(connections.map((c) => c.end()));
    await meta.end();
  }
  return { perSecond: paid / seconds, cpuMs: paid ? cpuMs / paid : Number.NaN };
}

/** The four figures: bare writes and the product's SQL, one branch (`oneClients`) and every branch (`tenClients`). */
export async function measureCeiling(
  run: Run,
  oneClients: number,
  tenClients: number,
): Promise<CeilingFigures> {
  const loadBefore = loadAverage();
  const n = run.targets.branches.length;
  const empty = (): CeilingRates => ({ bare: 0, product: 0, cpuMs: { bare: 0, product: 0 } });
  const figures: CeilingFigures = {
    oneBranch: empty(),
    tenBranches: empty(),
    seconds: run.seconds,
    load: '',
  };
  for (const variant of ['bare', 'product'] as const) {
    const one = await measure(run, variant, oneClients, () => 0);
    figures.oneBranch[variant] = one.perSecond;
    figures.oneBranch.cpuMs[variant] = one.cpuMs;
    const ten = await measure(run, variant, tenClients, (c) => c % n);
    figures.tenBranches[variant] = ten.perSecond;
    figures.tenBranches.cpuMs[variant] = ten.cpuMs;
  }
  figures.load = `${loadBefore} -> ${loadAverage()}`;
  return figures;
}

const rate = (n: number) => Math.round(n).toLocaleString('en-US');

const cpu = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(2));

export function printCeiling(c: CeilingFigures, oneClients: number, tenClients: number) {
  const line = (r: CeilingRates) =>
    `${rate(r.bare)}/s bare writes (PostgreSQL ${cpu(r.cpuMs.bare)} ms CPU each); ${rate(r.product)}/s the ` +
    `product's SQL (${cpu(r.cpuMs.product)} ms, ${(r.cpuMs.product / r.cpuMs.bare).toFixed(2)}x)`;
  console.log(
    `\nCeiling (PostgreSQL alone, the writes of one payment, ${c.seconds} s each; load average ${c.load}):\n` +
      `  one branch (${oneClients} connections): ${line(c.oneBranch)}\n` +
      `  ten branches (${tenClients} connections): ${line(c.tenBranches)}`,
  );
}

/** `one branch: 183.1 payments/s = 17% of the ceiling (1,071/s bare writes; 640/s the product's SQL)`. */
export function shareOfCeiling(label: string, perSecond: number, ceiling: CeilingRates) {
  const share = ceiling.bare > 0 ? Math.round((perSecond / ceiling.bare) * 100) : Number.NaN;
  return (
    `${label}: ${perSecond.toFixed(1)} payments/s = ${share}% of the ceiling ` +
    `(${rate(ceiling.bare)}/s bare writes; ${rate(ceiling.product)}/s the product's SQL)`
  );
}
