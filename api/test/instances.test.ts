/**
 * Two API processes on one PostgreSQL behind one address (scripts/api-instances.mjs, the way a school network
 * scales out): the concurrent payment and numbering cases of billing-payments.test.ts, with the requests
 * spread over both instances. Only the database may hold what they share (sessions, idempotency keys,
 * counters, locks). PostgreSQL only: PGlite is one process by nature, so on PGlite this file is skipped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
  type TokenResponse,
} from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WAIT_LIMITS } from '../src/db/client';
import { student_billing_payments } from '../src/db/schema';
import {
  billMaker,
  expectLedgerConsistent,
  openSessions,
  payInFull,
  type Sessions,
} from './billing-fixtures';
import { ACCOUNTS, asApiRole, TEST_SECRET } from './helpers';

const SCRIPT = fileURLToPath(new URL('../../scripts/api-instances.mjs', import.meta.url));
const HOST = '127.0.0.1';

/** True when nothing listens on `port` of the loopback address. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** Three consecutive free ports: the front and its two instances (bounded search). */
async function freePortRun(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await isFree(base)) && (await isFree(base + 1)) && (await isFree(base + 2))) return base;
  }
  throw new Error('no three consecutive free ports on the loopback address');
}

/** Waits (bounded) for the front to answer: it listens only once both instances are healthy. */
async function untilHealthy(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api-instances.mjs exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://${HOST}:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the API instances did not become healthy');
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('several API instances on one PostgreSQL', () => {
  let s: Sessions;
  let newBill: ReturnType<typeof billMaker>;
  let instances: ChildProcess;
  let front = 0;
  /** The two instances' ports; requests alternate between them. */
  let ports: [number, number] = [0, 0];
  /** The process id of the instance on each port, as the runner prints it (a restart prints the new one). */
  const pids = new Map<number, number>();

  beforeAll(async () => {
    s = await openSessions();
    newBill = billMaker(s);
    front = await freePortRun();
    ports = [front + 1, front + 2];
    instances = spawn(process.execPath, [SCRIPT], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        // The production set-up: the instances migrate as the owner and serve as the API's own role.
        DATABASE_OWNER_URL: s.ctx.databaseUrl,
        DATABASE_URL: await asApiRole(s.ctx.databaseUrl as string),
        API_PORT: String(front),
        INSTANCES: '2',
        JWT_SECRET: TEST_SECRET,
        KEUANGAN_AUTO_SEED: '0',
        API_LOG: '0',
      },
    });
    instances.stdout?.setEncoding('utf8').on('data', (text: string) => {
      for (const [, port, pid] of text.matchAll(/on port (\d+) started \(pid (\d+)\)/g))
        pids.set(Number(port), Number(pid));
    });
    await untilHealthy(front, instances);
  }, 180_000);

  afterAll(async () => {
    if (instances && instances.exitCode === null) {
      const exited = new Promise((resolve) => instances.once('exit', resolve));
      instances.kill('SIGTERM');
      await exited;
    }
    await s?.ctx.close();
  }, 60_000);

  async function call<T>(port: number, method: string, path: string, body?: unknown, headers = {}) {
    const res = await fetch(`http://${HOST}:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${s.bandung}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }
  const pay = (port: number, billId: number, body: unknown, key: string) =>
    call<StudentBillingPaymentReceipt>(port, 'POST', `/api/student-billing-pay/${billId}`, body, {
      [IDEMPOTENCY_KEY_HEADER]: key,
    });
  const on = (i: number) => ports[i % 2] as number;
  let keys = 0;
  const newKey = () => `instances-${++keys}-${Date.now()}`;

  async function openBill(): Promise<StudentBillingDetail> {
    const bill = await newBill();
    return (await call<StudentBillingDetail>(on(0), 'GET', `/api/student-billing/${bill.id}`)).body;
  }

  it('a session signed in on one instance is honoured by the other and through the front', async () => {
    const signIn = await fetch(`http://${HOST}:${ports[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNTS.keuangan),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as TokenResponse;
    for (const port of [ports[1], front]) {
      const res = await fetch(`http://${HOST}:${port}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, `port ${port}`).toBe(200);
    }
  });

  it('50 identical requests spread over both instances make exactly one payment', async () => {
    const bill = await openBill();
    const body = payInFull(bill);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => pay(on(i), bill.id, body, key)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 201)).toHaveLength(1);
    expect(statuses.filter((st) => st === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const payments = await s.ctx.database.db
      .select()
      .from(student_billing_payments)
      .where(eq(student_billing_payments.student_billing_id, bill.id));
    expect(payments).toHaveLength(1);
    await expectLedgerConsistent(s.ctx, bill.id);
  }, 120_000);

  it('two different payments for one item on different instances never pay beyond what is due', async () => {
    const bill = await openBill();
    const item = bill.student_billing_items.find((i) => i.total_billing > 1);
    if (!item) throw new Error('no item');
    const whole = { student_billing_items: [{ id: item.id, payment_amount: item.total_billing }], ptype: 1 };
    const most = {
      student_billing_items: [{ id: item.id, payment_amount: item.total_billing - 1 }],
      ptype: 2,
    };
    const [a, b] = await Promise.all([
      pay(ports[0], bill.id, whole, newKey()),
      pay(ports[1], bill.id, most, newKey()),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('payment numbers stay unique and gap-free across instances and the front', async () => {
    const bills: StudentBillingDetail[] = [];
    for (let i = 0; i < 9; i++) bills.push(await openBill());
    // Every third request goes through the round-robin front, the rest straight to an instance.
    const target = (i: number) => (i % 3 === 2 ? front : on(i));
    const answers = await Promise.all(
      bills.map((bill, i) => pay(target(i), bill.id, payInFull(bill), newKey())),
    );
    expect(answers.map((a) => a.status)).toEqual(bills.map(() => 201));
    const numbers = answers.map((a) => Number(a.body.payment_number.slice(-5))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect((numbers.at(-1) as number) - (numbers[0] as number)).toBe(numbers.length - 1);
    for (const bill of bills) await expectLedgerConsistent(s.ctx, bill.id);
  }, 120_000);

  it('an instance frozen past the idle-transaction limit answers its payment 503 and serves on', async () => {
    const pid = pids.get(ports[0]) as number;
    const bill = await openBill();
    const body = payInFull(bill);
    const key = newKey();
    const holder = new pg.Client({ connectionString: s.ctx.databaseUrl });
    await holder.connect();
    let frozen = false;
    try {
      // The payment waits on the bill's row in PostgreSQL; the instance is frozen there (SIGSTOP), the row is
      // let go, and PostgreSQL ends the transaction left idle (25P03) while the instance cannot answer.
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM student_billings WHERE id = $1 FOR UPDATE', [bill.id]);
      const payment = pay(ports[0], bill.id, body, key);
      const waiting = await vi.waitFor(
        async () => {
          const { rows } = await holder.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (!rows[0]) throw new Error('the payment does not wait on the row yet');
          return rows[0].pid;
        },
        { timeout: WAIT_LIMITS.lockMs, interval: 20 },
      );
      process.kill(pid, 'SIGSTOP');
      frozen = true;
      await holder.query('ROLLBACK');
      await vi.waitFor(
        async () => {
          const { rows } = await holder.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [waiting]);
          if (rows.length > 0) throw new Error('PostgreSQL has not ended the idle transaction yet');
        },
        { timeout: WAIT_LIMITS.idleInTransactionMs * 3, interval: 250 },
      );
      process.kill(pid, 'SIGCONT');
      frozen = false;

      const answer = await payment;
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: 'Server sedang sibuk, coba lagi' });
      // The same process serves on (no restart): a session check, then the same key pays once.
      expect((await call(ports[0], 'GET', '/api/auth/me')).status).toBe(200);
      expect((await pay(ports[0], bill.id, body, key)).status).toBe(201);
      expect(pids.get(ports[0])).toBe(pid);
      await expectLedgerConsistent(s.ctx, bill.id);
    } finally {
      if (frozen) process.kill(pid, 'SIGCONT');
      await holder.end();
    }
  }, 120_000);

  it('the runner starts a dead instance again while the front serves from the other', async () => {
    const pid = pids.get(ports[1]) as number;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(pids.get(ports[1])).not.toBe(pid), { timeout: 30_000 });
    // Meanwhile the front hands every request to the living instance.
    for (let i = 0; i < 4; i++) expect((await call(front, 'GET', '/api/auth/me')).status).toBe(200);
    await untilHealthy(ports[1], instances);
    expect((await call(ports[1], 'GET', '/api/auth/me')).status).toBe(200);
    expect(instances.exitCode).toBeNull();
  }, 120_000);
});
