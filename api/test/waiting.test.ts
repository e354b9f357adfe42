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
import {
  billPicker,
  caller,
  confirmedUnpaid,
  expectLedgerConsistent,
  inBranchOne,
  openSessions,
  payInFull,
  type Sessions,
} from './billing-fixtures';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('a stalled transaction on PostgreSQL', () => {
  let s: Sessions;
  let holder: pg.Client;

  beforeAll(async () => {
    s = await openSessions();
    holder = new pg.Client({ connectionString: s.ctx.databaseUrl });
    await holder.connect();
  });
  afterAll(async () => {
    await holder.end();
    await s.ctx.close();
  });

  it('delays a payment of its row up to the lock timeout (503, Retry-After, nothing written), not other requests', async () => {
    const call = caller(s.ctx);
    const bill = await billPicker(s.ctx)(inBranchOne, confirmedUnpaid);
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
});
