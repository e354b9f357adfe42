/**
 * Tutup Buku (docs/books.md "Closing a month"): a manager closes an ended month of the branch; a payment dated in
 * it is refused (409, nothing written), a void of its payment posts its reversal today, the closings are kept as
 * written, and reopening needs a reason and is audited.
 */
import {
  BOOKS_PERIOD_MESSAGES,
  type BooksPeriods,
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
} from '@keuangan/shared/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, student_billing_payments, student_billings } from '../src/db/schema';
import { closedMonthOf } from '../src/ledger/period-lock';
import { addMonths, monthOf } from '../src/lib/time';
import { apiSuite, type ErrorBody, payInFull } from './billing-fixtures';
import { entriesOfBill, expectBooksTrue } from './books-fixtures';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;
/** A manager (admin) of branch 1; the suite's own session is a finance clerk's. */
let manager: string;
beforeAll(async () => {
  manager = (await login(s.ctx.app, 'admin')).token;
});

let keys = 0;
const newKey = () => `periods-${Date.now()}-${++keys}`;
const lastMonth = () => addMonths(monthOf(s.today), -1);

/** A bill of the test's own, dated the first of last month so it can be paid on a day of that month. */
async function billOfLastMonth(mm = lastMonth()) {
  const bill = await newBill();
  await s.ctx.database.db
    .update(student_billings)
    .set({ bill_date: `${mm}-01` })
    .where(eq(student_billings.id, bill.id));
  return bill;
}

const payOn = async (billId: number, date: string) => {
  const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${billId}`, s.bandung)).body;
  return call<ErrorBody>(
    'POST',
    `/api/student-billing-pay/${billId}`,
    s.bandung,
    payInFull(detail, { payment_date: date }),
    { [IDEMPOTENCY_KEY_HEADER]: newKey() },
  );
};
const periods = (token = manager) => call<BooksPeriods>('GET', '/api/books/periods', token);
const close = (mm: unknown, token = manager) =>
  call<BooksPeriods & ErrorBody>('POST', '/api/books/periods/close', token, { mm });
const reopen = (body: object, token = manager) =>
  call<BooksPeriods & ErrorBody>('POST', '/api/books/periods/reopen', token, body);
const paymentsOf = async (billId: number) =>
  (
    await s.ctx.database.db
      .select({ n: count() })
      .from(student_billing_payments)
      .where(eq(student_billing_payments.student_billing_id, billId))
  )[0]?.n;

describe('Tutup Buku', () => {
  it('closes an ended month; a payment dated in it is refused, a void posts today, reopening needs a reason', async () => {
    const mm = lastMonth();
    const paidBefore = await billOfLastMonth();
    expect((await payOn(paidBefore.id, `${mm}-15`)).status).toBe(201);
    const waiting = await billOfLastMonth();

    // Only managers, only ended months, once.
    expect((await close(mm, s.bandung)).body.message).toBe(BOOKS_PERIOD_MESSAGES.role);
    expect((await periods(s.bandung)).body.can_manage).toBe(false);
    expect((await close(monthOf(s.today))).body.message).toBe(BOOKS_PERIOD_MESSAGES.notEnded);
    expect((await close('2026-13')).status).toBe(422);
    const closed = await close(mm);
    expect(closed.status).toBe(200);
    expect(closed.body.periods.find((p) => p.mm === mm)).toMatchObject({ closed: true, reason: null });
    expect(closed.body.can_manage).toBe(true);
    expect((await close(mm)).status).toBe(409);

    // A backdated payment in the closed month: 409 with the month named, nothing written.
    const refused = await payOn(waiting.id, `${mm}-20`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Pembayaran ditolak');
    expect(refused.body.message).toContain('Tutup Buku');
    expect(await paymentsOf(waiting.id)).toBe(0);

    // Voiding the closed month's payment (withdrawing the bill's confirmation) reverses it today.
    const undone = await call('POST', `/api/student-billing-xupdate/${paidBefore.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });
    expect(undone.status).toBe(200);
    const entries = await entriesOfBill(s.ctx, paidBefore.id);
    expect(entries.find((e) => e.source_kind === 'student_payment')?.entry_date).toBe(`${mm}-15`);
    expect(entries.find((e) => e.source_kind === 'student_payment_void')?.entry_date).toBe(s.today);

    // The closings are kept as written.
    const db = s.ctx.database.db;
    await expect(db.execute(sql`update books_period_closings set mm = '2000-01'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from books_period_closings`)).rejects.toThrow();

    // Reopening: a reason is required; with one it is audited and the month takes payments again.
    for (const reason of [undefined, '   ']) {
      const answer = await reopen({ mm, reason });
      expect(answer.status).toBe(422);
      expect(answer.body.errors?.reason).toEqual([BOOKS_PERIOD_MESSAGES.reasonRequired]);
    }
    const reopened = await reopen({ mm, reason: 'Koreksi pembayaran transfer yang terlambat dicatat' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.periods.find((p) => p.mm === mm)).toMatchObject({
      closed: false,
      reason: 'Koreksi pembayaran transfer yang terlambat dicatat',
    });
    expect((await reopen({ mm, reason: 'lagi' })).status).toBe(409);
    expect((await reopen({ mm, reason: 'Salah tutup' }, s.bandung)).status).toBe(403);
    const [audit] = await db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.action, 'books.reopen_period'), eq(audit_logs.branch_id, 1)));
    expect(audit).toMatchObject({
      entity: 'books_period',
      reason: 'Koreksi pembayaran transfer yang terlambat dicatat',
      after: { mm, closed: false },
    });
    expect((await payOn(waiting.id, `${mm}-20`)).status).toBe(201);
    expect((await periods()).body.periods.find((p) => p.mm === mm)?.closed).toBe(false);
    await expectBooksTrue(s.ctx);
  });

  it('closes per branch: the other branch still posts in the month', async () => {
    const mm = addMonths(monthOf(s.today), -2);
    expect((await close(mm)).status).toBe(200);
    const entryOf = (branch: number) => sql`insert into books_entries (client_id, branch_id, voucher_number,
      entry_date, source_kind, source_id, description)
      values (1, ${branch}, ${`UJI-TUTUP-${branch}`}, ${`${mm}-10`}, 'student_bill', 0, 'uji')`;
    // Branch 2's month is open: its entry goes in (rolled back here, it has no lines).
    await expect(
      s.ctx.database.db.transaction(async (tx) => {
        await tx.execute(entryOf(2));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A direct entry of branch 1 in the month is refused by the database, whoever writes it.
    const refused = await s.ctx.database.db.execute(entryOf(1)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(closedMonthOf(refused)).toBe(mm);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a close racing a payment on PostgreSQL', () => {
  // The holder closes the month in an open transaction; the watcher sees the payment wait for it.
  let holder: pg.Client;
  let watcher: pg.Client;
  beforeAll(async () => {
    holder = new pg.Client({ connectionString: s.ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: s.ctx.databaseUrl });
    await Promise.all([holder.connect(), watcher.connect()]);
  });
  afterAll(() => Promise.all([holder.end(), watcher.end()]));

  /** Polls (no fixed sleep) until a backend waits for an advisory lock; fails after 4 s (lock timeout: 5 s). */
  async function untilWaiting() {
    const deadline = Date.now() + 4_000;
    for (;;) {
      const { rows } = await watcher.query(
        `select pid from pg_stat_activity where datname = current_database() and wait_event = 'advisory'`,
      );
      if (rows.length > 0) return;
      if (Date.now() > deadline) throw new Error('no payment waits for the month');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('a payment that waited on a close sees it: refused, nothing written', async () => {
    const mm = addMonths(monthOf(s.today), -3);
    const bill = await billOfLastMonth(mm);
    await holder.query('BEGIN');
    await holder.query('select pg_advisory_xact_lock(books_period_lock_key(1, $1))', [mm]);
    await holder.query(
      `insert into books_period_closings (client_id, branch_id, mm, action, created_by)
        values (1, 1, $1, 'close', (select min(id) from users))`,
      [mm],
    );
    const paying = payOn(bill.id, `${mm}-20`);
    try {
      await untilWaiting();
    } finally {
      await holder.query('COMMIT');
    }
    const answer = await paying;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('Tutup Buku');
    expect(await paymentsOf(bill.id)).toBe(0);
  });
});
