// Numbers taken at commit (api/ROUTES.md "Numbers without a queue"): no gap from a failed commit on both drivers;
// on PostgreSQL waiters hold everything written, a cancelled one gives its number back, the rest are consecutive.
import {
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_LIMITS } from '../src/db/client';
import { document_sequences, student_billing_payments } from '../src/db/schema';
import { apiSuite, expectLedgerConsistent, payInFull, standingPayments } from './billing-fixtures';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** This month's counter and the numbers' prefix, of the suite's day (`s.today`). */
const period = () => s.today.slice(0, 7);
const prefix = () => `KWT-BDG-${s.today.slice(2, 4)}${s.today.slice(5, 7)}-`;

const s = apiSuite();
const { call, newBill } = s;
let keys = 0;

/** A confirmed, unpaid Bandung bill dated up to today, as the detail shows it. */
async function openBill(): Promise<StudentBillingDetail> {
  const bill = await newBill();
  return (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung)).body;
}

const pay = (bill: StudentBillingDetail) =>
  call<StudentBillingPaymentReceipt>(
    'POST',
    `/api/student-billing-pay/${bill.id}`,
    s.bandung,
    payInFull(bill),
    {
      [IDEMPOTENCY_KEY_HEADER]: `numbering-${++keys}-${bill.id}`,
    },
  );

const seqOf = (number: string) => Number(number.slice(prefix().length));

/** The highest committed KWT number of Bandung this month, and the counter's value: always equal. */
async function issued(): Promise<{ highest: number; counter: number }> {
  const { db } = s.ctx.database;
  const [row] = await db
    .select({ n: sql<string | null>`max(${student_billing_payments.payment_number})` })
    .from(student_billing_payments)
    .where(sql`${student_billing_payments.payment_number} like ${`${prefix()}%`}`);
  const [counter] = await db
    .select({ last: document_sequences.last_value })
    .from(document_sequences)
    .where(
      and(
        eq(document_sequences.branch_id, 1),
        eq(document_sequences.kind, 'student_payment'),
        eq(document_sequences.period, period()),
      ),
    );
  return { highest: row?.n ? seqOf(row.n) : 0, counter: counter?.last ?? 0 };
}

describe('payment numbers taken at commit', () => {
  it('a payment failing in its commit, after the counter was bumped, leaves no gap', async () => {
    const [failing, next] = [await openBill(), await openBill()];
    const before = await issued();
    expect(before.counter).toBe(before.highest);
    // Fails the numbering UPDATE of this bill's payment, at its commit: the counter's upsert before it has run.
    const { db } = s.ctx.database;
    await db.execute(
      sql.raw(`create function test_fail_numbering() returns trigger language plpgsql as $$
        begin
          if new.student_billing_id = ${failing.id} then raise exception 'forced failure at numbering'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_fail_numbering before update of payment_number on student_billing_payments
        for each row execute function test_fail_numbering()`),
    );
    try {
      const failed = await pay(failing);
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger test_fail_numbering on student_billing_payments'));
      await db.execute(sql.raw('drop function test_fail_numbering()'));
    }
    expect(await standingPayments(s.ctx, failing.id)).toHaveLength(0);
    await expectLedgerConsistent(s.ctx, failing.id);
    expect(await issued()).toEqual(before);

    const paid = await pay(next);
    expect(paid.status).toBe(201);
    expect(paid.body.payment_number).toBe(`${prefix()}${String(before.highest + 1).padStart(5, '0')}`);
    expect(await issued()).toEqual({ highest: before.highest + 1, counter: before.highest + 1 });
  });
});

describe.skipIf(!onPostgres)('waiting for the counter on PostgreSQL', () => {
  // The holder keeps the counter locked; the watcher looks (outside any transaction: pg_stat_activity is read
  // once per transaction).
  let holder: pg.Client;
  let watcher: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    holder = new pg.Client({ connectionString: s.ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: s.ctx.databaseUrl });
    await Promise.all([holder.connect(), watcher.connect()]);
    dbName = new URL(s.ctx.databaseUrl as string).pathname.slice(1);
  });
  afterAll(() => Promise.all([holder.end(), watcher.end()]));

  /** The backends of this database (not the holder) waiting for a lock in their COMMIT (the counter's). */
  async function waitingForCounter(): Promise<{ pid: number; query: string }[]> {
    const { rows } = await watcher.query<{ pid: number; query: string }>(
      `select pid, query from pg_stat_activity
        where datname = $1 and state = 'active' and wait_event_type = 'Lock'
          and query ~* '^\\s*commit\\s*$'`,
      [dbName],
    );
    return rows;
  }

  /** Polls (no fixed sleep) until `count` backends wait for the counter; fails after 4 s (lock timeout: 5 s). */
  async function untilWaiting(count: number) {
    const deadline = Date.now() + 4_000;
    for (;;) {
      const waiting = await waitingForCounter();
      if (waiting.length >= count) return waiting;
      if (Date.now() > deadline)
        throw new Error(`${waiting.length} of ${count} payments wait for the counter`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('waiting payments have done all their work and wait in their commit; a cancelled one leaves no gap; numbers follow commit order', async (context) => {
    // As many as one instance lets wait on a branch's counter at once (the others wait in the process, db/gate.ts).
    const bills = [];
    for (let i = 0; i < WAIT_LIMITS.branchPayments; i++) bills.push(await openBill());
    const before = await issued();

    // Hold Bandung's KWT counter of this month, as a payment in its commit would.
    await holder.query('BEGIN');
    await holder.query(
      `insert into document_sequences (client_id, branch_id, kind, period, last_value)
        values ($1, 1, 'student_payment', $2, 0)
        on conflict (branch_id, kind, period) do update set last_value = document_sequences.last_value`,
      [bills[0]?.client_id, period()],
    );
    let answers: Awaited<ReturnType<typeof pay>>[] = [];
    const running = Promise.all(bills.map((bill) => pay(bill)));
    try {
      const waiting = await untilWaiting(bills.length);
      expect(waiting).toHaveLength(bills.length);
      const pids = waiting.map((w) => w.pid);
      // Each has written its payment, its lines, the bill's totals, its audit record and its numbering (the last
      // four in its last statement, lib/numbering.ts `numberAtCommit`) and waits in its COMMIT, whose deferred
      // trigger bumps the counter and writes the number.
      const { rows: locks } = await watcher.query<{ pid: number; relname: string }>(
        `select l.pid, c.relname from pg_locks l join pg_class c on c.oid = l.relation
          where l.pid = any($1) and l.granted and l.mode = 'RowExclusiveLock'`,
        [pids],
      );
      for (const pid of pids) {
        const tables = locks.filter((l) => l.pid === pid).map((l) => l.relname);
        expect(tables).toEqual(
          expect.arrayContaining([
            'student_billing_payments',
            'student_billing_item_payments',
            'student_billings',
            'audit_logs',
            'document_numberings',
          ]),
        );
      }
      // One of them fails at the last step (cancelled in its commit): it must give its number back.
      const { rows: cancelled } = await watcher.query<{ done: boolean }>(
        'select pg_cancel_backend($1) as done',
        [pids[0]],
      );
      expect(cancelled[0]?.done).toBe(true);
    } finally {
      await holder.query('ROLLBACK');
      answers = await running;
    }

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 503)).toHaveLength(1);
    expect(statuses.filter((st) => st === 201)).toHaveLength(bills.length - 1);
    const failedBill = bills[statuses.indexOf(503)] as StudentBillingDetail;
    expect(await standingPayments(s.ctx, failedBill.id)).toHaveLength(0);
    await expectLedgerConsistent(s.ctx, failedBill.id);

    // Gap-free and unique: exactly the next numbers, the counter where they end.
    const numbers = answers.filter((a) => a.status === 201).map((a) => a.body.payment_number);
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: bills.length - 1 }, (_, i) => before.highest + 1 + i));
    expect(await issued()).toEqual({
      highest: before.highest + bills.length - 1,
      counter: before.highest + bills.length - 1,
    });

    // In commit order: the smaller number committed first (scripts/with-postgres.sh records commit times).
    const { rows: setting } = await watcher.query<{ on: string }>(
      "select current_setting('track_commit_timestamp') as on",
    );
    if (setting[0]?.on !== 'on') {
      context.skip('track_commit_timestamp is off on this server: commit order not checked');
      return;
    }
    // Each payment's row was last written by its own transaction: its xmin's commit time, in microseconds.
    const { rows: commits } = await watcher.query<{ payment_number: string; committed: string }>(
      `select payment_number,
          (extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000000)::bigint::text as committed
        from student_billing_payments where payment_number = any($1) order by payment_number`,
      [numbers],
    );
    expect(commits).toHaveLength(numbers.length);
    const times = commits.map((c) => Number(c.committed));
    expect(times.every((t) => t > 0)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });
});
