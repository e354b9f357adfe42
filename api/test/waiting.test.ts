/**
 * Bounded waiting on PostgreSQL: a transaction holding a bill's row (a frozen instance, a slow client, a
 * psql session) delays a payment of that bill only up to the lock timeout, which then answers 503 with
 * Retry-After, changes nothing, and lets the same Idempotency-Key pay once the row is free; requests that do
 * not touch the row are not delayed by it. PostgreSQL only (PGlite has one connection: nothing waits on a row).
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuite, expectLedgerConsistent, payInFull } from './billing-fixtures';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('a stalled transaction on PostgreSQL', () => {
  const s = apiSuite();
  const { call, newBill } = s;
  let holder: pg.Client;

  beforeAll(async () => {
    holder = new pg.Client({ connectionString: s.ctx.databaseUrl });
    await holder.connect();
  });
  afterAll(async () => {
    await holder.end();
  });

  it('delays a payment of its row up to the lock timeout (503, Retry-After, nothing written), not other requests', async () => {
    const bill = await newBill();
    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung))
      .body;
    const key = `waiting-${bill.id}`;
    const pay = () =>
      call<StudentBillingPaymentReceipt>(
        'POST',
        `/api/student-billing-pay/${bill.id}`,
        s.bandung,
        payInFull(detail, { total_amount_payment_paid: detail.total_billing }),
        { [IDEMPOTENCY_KEY_HEADER]: key },
      );

    await holder.query('BEGIN');
    await holder.query('SELECT id FROM student_billings WHERE id = $1 FOR UPDATE', [bill.id]);
    try {
      const [payment, me] = await Promise.all([pay(), call('GET', '/api/auth/me', s.bandung)]);
      expect(me.status).toBe(200);
      expect(payment.status).toBe(503);
      expect(payment.headers['retry-after']).toBe('5');
      expect(payment.body).toEqual({ message: 'Server sedang sibuk, coba lagi' });
    } finally {
      await holder.query('ROLLBACK');
    }
    const unchanged = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung))
      .body;
    expect(unchanged.total_payment).toBe(0);

    // The row is free: the same key pays, once.
    const paid = await pay();
    expect(paid.status).toBe(201);
    const again = await pay();
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(paid.body.id);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it('keeps payments queued on a held bill out of the pool: the instance answers others first', async () => {
    const payer = async (billId: number) => {
      const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${billId}`, s.bandung))
        .body;
      return (key: string) =>
        call<StudentBillingPaymentReceipt>(
          'POST',
          `/api/student-billing-pay/${billId}`,
          s.bandung,
          payInFull(detail, { total_amount_payment_paid: detail.total_billing }),
          { [IDEMPOTENCY_KEY_HEADER]: key },
        );
    };
    const held = await newBill();
    const other = await newBill();
    const payHeld = await payer(held.id);
    const payOther = await payer(other.id);
    // More payments of one bill than the pool has connections (10): each used to wait in PostgreSQL holding one.
    const queued = 12;
    const finished: string[] = [];
    const track = <T>(name: string, answer: Promise<T>) => answer.finally(() => finished.push(name));

    await holder.query('BEGIN');
    await holder.query('SELECT id FROM student_billings WHERE id = $1 FOR UPDATE', [held.id]);
    let answers: { status: number }[];
    try {
      const payments = Array.from({ length: queued }, (_, i) =>
        track('held', payHeld(`pool-${held.id}-${i}`)),
      );
      await waitForLockWaiter(holder);
      const others = [
        track('me', call('GET', '/api/auth/me', s.bandung)),
        track('other bill', payOther(`pool-other-${other.id}`)),
        track(
          'list',
          call('GET', '/api/student-billing?department_id=1&year_of_study_id=1&limit=5', s.bandung),
        ),
      ];
      answers = await Promise.all([...payments, ...others]);
    } finally {
      await holder.query('ROLLBACK');
    }
    // The held bill's payments all wait out the lock timeout; the requests sent after them answered first.
    expect(answers.slice(0, queued).map((a) => a.status)).toEqual(Array(queued).fill(503));
    expect(answers.slice(queued).map((a) => a.status)).toEqual([200, 201, 200]);
    expect(finished.slice(0, 3).sort()).toEqual(['list', 'me', 'other bill']);
    const unchanged = (await call<StudentBillingDetail>('GET', `/api/student-billing/${held.id}`, s.bandung))
      .body;
    expect(unchanged.total_payment).toBe(0);
    await expectLedgerConsistent(s.ctx, other.id);
  });

  it('refuses payments queued on a held counter row (503, nothing written); they pay once it is free', async () => {
    const first = await newBill();
    const second = await newBill();
    const payOnce = async (billId: number) => {
      const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${billId}`, s.bandung))
        .body;
      return () =>
        call<StudentBillingPaymentReceipt>(
          'POST',
          `/api/student-billing-pay/${billId}`,
          s.bandung,
          payInFull(detail, { total_amount_payment_paid: detail.total_billing }),
          { [IDEMPOTENCY_KEY_HEADER]: `counter-${billId}` },
        );
    };
    const payFirst = await payOnce(first.id);
    const paySecond = await payOnce(second.id);

    // A stalled transaction holding the branch's payment counters (docs/money.md#document-numbers): the second
    // payment queues behind the first on the counter row, then on the holder; one deadline covers both waits.
    await holder.query('BEGIN');
    await holder.query(
      "SELECT last_value FROM document_sequences WHERE branch_id = 1 AND kind = 'student_payment' FOR UPDATE",
    );
    try {
      const answers = await Promise.all([payFirst(), paySecond(), call('GET', '/api/auth/me', s.bandung)]);
      expect(answers.map((a) => a.status)).toEqual([503, 503, 200]);
      expect(answers[0].body).toEqual({ message: 'Server sedang sibuk, coba lagi' });
    } finally {
      await holder.query('ROLLBACK');
    }
    for (const bill of [first, second]) {
      const unchanged = (
        await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung)
      ).body;
      expect(unchanged.total_payment).toBe(0);
    }

    // Free again: the same keys pay, each once, numbered.
    const paid = await Promise.all([payFirst(), paySecond()]);
    expect(paid.map((p) => p.status)).toEqual([201, 201]);
    for (const p of paid) expect(p.body.payment_number).toMatch(/^KWT-BDG-\d{4}-\d{5}$/);
    await expectLedgerConsistent(s.ctx, first.id);
    await expectLedgerConsistent(s.ctx, second.id);
  });
});

/** Waits (bounded) until some session waits in PostgreSQL for a lock the holder has. */
async function waitForLockWaiter(holder: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const { rows } = await holder.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no payment came to wait on the held row');
}
