/**
 * The simulated users (api/bench/METHOD.md "Running it", Clients): a busy payment is retried with the same
 * Idempotency-Key after Retry-After, as the web client does (shared/src/api-client.ts, BUSY_RETRY).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { BranchTargets, PayableBill } from './targets';

/** shared/src/api-client.ts BUSY_RETRY (not importable here: that module pulls in axios and the UI). */
const BUSY_RETRY = { attempts: 3, defaultWaitMs: 2_000, maxWaitMs: 5_000 };
/** No request waits forever: the bench is bounded in time. */
const REQUEST_TIMEOUT_MS = 60_000;

export class Recorder {
  /** Time of every answer (any status), ms. */
  readonly answers: number[] = [];
  /** When each answered request was sent (performance.now()), in the order of `answers`. */
  readonly sentAt: number[] = [];
  /** Status of each answer, in the order of `answers`. */
  readonly answerStatus: (number | string)[] = [];
  /** Time of a whole operation, first try to final answer (retries and their waits included), ms. */
  readonly operations: number[] = [];
  readonly statuses = new Map<string, number>();
  ok = 0;
  failed = 0;
  retries = 0;

  constructor(readonly name: string) {}

  answer(status: number | string, sentAt: number, ms: number) {
    this.answers.push(ms);
    this.sentAt.push(sentAt);
    this.answerStatus.push(status);
    const key = String(status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }
}

export interface Session {
  base: string;
  token: string;
}

interface Answer {
  status: number | 'no answer';
  retryAfterMs: number;
}

/**
 * The bench's clients share this machine's cores with the API and PostgreSQL, so they use node:http, not fetch:
 * about half the CPU per request (fetch's streams and Headers), left to what is measured.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

interface Request {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

function send(url: string, init: Request): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        res.on('data', () => undefined); // the whole body, as a browser would read it
        res.on('end', () => {
          const header = res.headers['retry-after'];
          const seconds = Number(header);
          resolve({
            status: res.statusCode ?? 'no answer',
            retryAfterMs: header !== undefined && Number.isFinite(seconds) ? seconds * 1000 : Number.NaN,
          });
        });
        res.on('error', () => resolve({ status: 'no answer', retryAfterMs: Number.NaN }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 'no answer', retryAfterMs: Number.NaN }));
    req.end(init.body);
  });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One operation, tried again on `retryOn` answers up to `attempts` times. */
async function operate(
  recorder: Recorder,
  ok: (status: number) => boolean,
  retryOn: (status: number | 'no answer') => boolean,
  attempt: () => Promise<Answer>,
) {
  const started = performance.now();
  for (let tries = 1; ; tries++) {
    const t0 = performance.now();
    const answer = await attempt();
    recorder.answer(answer.status, t0, performance.now() - t0);
    if (typeof answer.status === 'number' && ok(answer.status)) {
      recorder.ok++;
      recorder.operations.push(performance.now() - started);
      return;
    }
    if (tries >= BUSY_RETRY.attempts || !retryOn(answer.status)) {
      recorder.failed++;
      recorder.operations.push(performance.now() - started);
      return;
    }
    recorder.retries++;
    const wait = Number.isFinite(answer.retryAfterMs) ? answer.retryAfterMs : BUSY_RETRY.defaultWaitMs;
    await pause(Math.min(Math.max(wait, 0), BUSY_RETRY.maxWaitMs));
  }
}

const headers = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** Hands out disjoint runs of a branch's bills to its cashiers, so no two cashiers pay the same bill at once. */
export class BillDesk {
  private cursor = new Map<number, number>();
  claim(branch: BranchTargets, count: number): PayableBill[] {
    const start = this.cursor.get(branch.branchId) ?? 0;
    const size = Math.max(1, Math.min(count, branch.bills.length));
    this.cursor.set(branch.branchId, (start + size) % branch.bills.length);
    return Array.from(
      { length: size },
      (_, i) => branch.bills[(start + i) % branch.bills.length] as PayableBill,
    );
  }
}

/** A cashier paying Rp 1 on its bills in turn (a bill stays payable, and the payment does all its work). */
export async function cashierPaying(
  session: Session,
  bills: PayableBill[],
  until: number,
  recorder: Recorder,
) {
  for (let i = 0; performance.now() < until; i++) {
    const bill = bills[i % bills.length] as PayableBill;
    const key = randomUUID();
    const body = JSON.stringify({
      student_billing_items: [{ id: bill.itemId, payment_amount: 1 }],
      ptype: 1,
    });
    await operate(
      recorder,
      (s) => s === 201,
      (s) => s === 503 || s === 'no answer',
      () =>
        send(`${session.base}/api/student-billing-pay/${bill.id}`, {
          method: 'POST',
          headers: { ...headers(session), 'content-type': 'application/json', 'idempotency-key': key },
          body,
        }),
    );
  }
}

/** A cashier listing a class-month's bills with their totals (page 1 of 50), class after class. */
export async function cashierListing(
  session: Session,
  classMonths: Record<string, number | string>[],
  offset: number,
  until: number,
  recorder: Recorder,
) {
  for (let i = offset; performance.now() < until; i++) {
    const filter = classMonths[i % classMonths.length] as Record<string, number | string>;
    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])),
      with_resume: 'true',
      page: '1',
      limit: '50',
    });
    await operate(
      recorder,
      (s) => s === 200,
      () => false, // the screen shows the error; nobody retries a list by script
      () => send(`${session.base}/api/student-billing?${query}`, { headers: headers(session) }),
    );
  }
}

/** A manager downloading the student billing report (XLSX) of a whole department-year, again and again. */
export async function managerExporting(
  session: Session,
  filter: { department_id: number; year_of_study_id: number },
  until: number,
  recorder: Recorder,
) {
  const query = new URLSearchParams({
    department_id: String(filter.department_id),
    year_of_study_id: String(filter.year_of_study_id),
  });
  while (performance.now() < until) {
    await operate(
      recorder,
      (s) => s === 200,
      (s) => s === 429 || s === 503,
      () => send(`${session.base}/api/report-student-billing-xlsx?${query}`, { headers: headers(session) }),
    );
  }
}

/** Signs in on `base` and takes a token for each branch (set-active-branch answers a new one). */
export async function sessionsByBranch(
  base: string,
  login: { email: string; password: string },
  branchIds: number[],
) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const tokens = new Map<number, string>();
  for (const id of branchIds) {
    const switched = await fetch(`${base}/api/auth/set-active-branch/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!switched.ok) throw new Error(`branch ${id}: ${switched.status} ${await switched.text()}`);
    tokens.set(id, ((await switched.json()) as { token: string }).token);
  }
  return tokens;
}
