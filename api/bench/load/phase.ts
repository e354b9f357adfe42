/**
 * One measured phase: groups of simulated users (scenarios) run at the same time against the instances for a
 * fixed time, while lock waits are sampled and the CPU time of the API processes, PostgreSQL and the bench
 * itself is read before and after.
 */
import { cpuOf, cpuOfPostgres, cpuOfSelf } from './cpu';
import { loadAverage, type ScenarioFigures, scenarioFigures } from './figures';
import type { LockFigures, LockSampler } from './lock-sampler';
import { Recorder } from './users';

/** A scenario: `clients` users, each started with its index and the phase's deadline. */
export interface Scenario {
  name: string;
  /** Payments count towards the CPU per payment. */
  pays: boolean;
  clients: number;
  user(index: number, until: number, recorder: Recorder): Promise<void>;
}

export interface PhaseResult {
  phase: string;
  instances: number;
  seconds: number;
  scenarios: ScenarioFigures[];
  recorders: Recorder[];
  locks: LockFigures;
  payments: number;
  /** CPU ms over the phase. */
  cpu: { api: number; postgres: number; bench: number };
  loadBefore: string;
  loadAfter: string;
}

export interface Measured {
  apiPids: number[];
  postmasterPid: number;
  sampler: LockSampler;
}

export async function runPhase(
  phase: string,
  instances: number,
  seconds: number,
  scenarios: Scenario[],
  measured: Measured,
  during?: (started: number) => Promise<void>,
): Promise<PhaseResult> {
  const recorders = scenarios.map((s) => new Recorder(s.name));
  const loadBefore = loadAverage();
  measured.sampler.start();
  const before = {
    api: cpuOf(measured.apiPids),
    postgres: cpuOfPostgres(measured.postmasterPid),
    bench: cpuOfSelf(),
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all([
    ...scenarios.flatMap((s, i) =>
      Array.from({ length: s.clients }, (_, u) => s.user(u, until, recorders[i] as Recorder)),
    ),
    during?.(started),
  ]);
  // Users finish the request they were in: the phase lasts until the last answer.
  const elapsed = (performance.now() - started) / 1000;
  const cpu = {
    api: cpuOf(measured.apiPids) - before.api,
    postgres: cpuOfPostgres(measured.postmasterPid) - before.postgres,
    bench: cpuOfSelf() - before.bench,
  };
  const locks = measured.sampler.stop();
  const payments = recorders.reduce((sum, r, i) => sum + (scenarios[i]?.pays ? r.ok : 0), 0);
  return {
    phase,
    instances,
    seconds: elapsed,
    scenarios: recorders.map((r, i) => scenarioFigures(r, scenarios[i]?.clients ?? 0, elapsed)),
    recorders,
    locks,
    payments,
    cpu,
    loadBefore,
    loadAfter: loadAverage(),
  };
}
