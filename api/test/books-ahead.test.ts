/**
 * Fees billed ahead (docs/books.md "Fees billed ahead"): a bill whose month starts after its confirmation books
 * Pendapatan Diterima di Muka; from the 1st of its month it is recognised (moved to Pendapatan and
 * Potongan/Beasiswa) once, by the API's start, the seed and each books report; an unconfirmation reverses against
 * whichever account the bill holds. The clock is moved by passing the instant, never by waiting.
 */
import type { BooksTrialBalance } from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBooks } from '../src/ledger/journal-open-queries';
import { postBills } from '../src/ledger/journal-post-queries';
import { recogniseDue } from '../src/ledger/journal-recognise';
import { addMonths, monthOf, monthRange } from '../src/lib/time';
import { apiSuite } from './billing-fixtures';
import { type EntryRow, entriesOfBill, expectBooksTrue, unearnedGaps } from './books-fixtures';

const s = apiSuite();
const { call, newBill } = s;

const PDDM = '2-1100';
/** Noon in Jakarta on `day` ('YYYY-MM-DD'): the branches' (WIB) day whatever the machine's zone. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+07:00`);
const monthAhead = (n: number) => addMonths(monthOf(s.today), n);
const setStatus = (id: number, value: 0 | 1) =>
  call('POST', `/api/student-billing-xupdate/${id}`, s.bandung, { field: 'form_status', value });
const editItem = (id: number, field: 'discount' | 'bail', value: number) =>
  call('POST', `/api/student-billing-item-xupdate/${id}`, s.bandung, { field, value });
const itemsOf = async (billId: number) =>
  (
    (await s.ctx.database.db.execute(
      sql`select id from student_billing_items where student_billing_id = ${billId} order by id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => Number(r.id));
const onAccount = (e: EntryRow | undefined, code: string) =>
  (e?.lines ?? []).filter((l) => l.code === code).reduce((t, l) => t + l.debit - l.credit, 0);
const onRevenue = (e: EntryRow | undefined) =>
  (e?.lines ?? []).filter((l) => l.code.startsWith('4-1')).reduce((t, l) => t + l.debit - l.credit, 0);
const recognitions = (entries: EntryRow[]) =>
  entries.filter(
    (e) => e.source_kind.startsWith('student_bill') && e.entry_date.endsWith('-01') && !e.reversal_of,
  );

describe('a bill for a later month', () => {
  it('confirmed today credits Pendapatan Diterima di Muka; from the 1st of its month it is recognised once', async () => {
    const month = monthAhead(1);
    const bill = await newBill({ month, items: [{ price: 350_000 }, { price: 150_000 }] });
    const [charge] = await entriesOfBill(s.ctx, bill.id);
    expect(charge?.entry_date).toBe(s.today);
    expect(charge?.lines).toEqual(
      expect.arrayContaining([
        { code: '1-1300', debit: 500_000, credit: 0 },
        { code: PDDM, debit: 0, credit: 500_000 },
      ]),
    );
    expect(onRevenue(charge)).toBe(0);

    // The last day before its month: nothing to recognise yet.
    await recogniseDue(s.ctx.database, { at: noonOf(monthRange(monthOf(s.today)).last) });
    expect(await entriesOfBill(s.ctx, bill.id)).toHaveLength(1);

    const first = noonOf(`${month}-01`);
    await recogniseDue(s.ctx.database, { at: first });
    const [, moved, ...more] = await entriesOfBill(s.ctx, bill.id);
    expect(more).toEqual([]);
    expect(moved).toMatchObject({
      source_kind: 'student_bill',
      entry_date: `${month}-01`,
      reversal_of: null,
    });
    expect(onAccount(moved, PDDM)).toBe(500_000);
    expect(onRevenue(moved)).toBe(-500_000);
    expect(onAccount(moved, '1-1300')).toBe(0);
    const [{ description }] = (
      (await s.ctx.database.db.execute(
        sql`select description from books_entries where id = ${moved?.id ?? 0}`,
      )) as unknown as { rows: [{ description: string }] }
    ).rows;
    expect(description).toBe(`Pengakuan pendapatan Tagihan ${bill.bill_number}`);

    // Later days find it recognised: nothing posts again.
    await recogniseDue(s.ctx.database, { at: noonOf(`${month}-20`) });
    expect(await entriesOfBill(s.ctx, bill.id)).toHaveLength(2);
    expect(await unearnedGaps(s.ctx, first, [bill.id])).toEqual([]);

    // Unconfirmed after recognition: reversed against Pendapatan, Pendapatan Diterima di Muka untouched.
    expect((await setStatus(bill.id, 0)).status).toBe(200);
    const undone = (await entriesOfBill(s.ctx, bill.id)).at(-1);
    expect(undone?.reversal_of).toBe(moved?.id);
    expect(onRevenue(undone)).toBe(500_000);
    expect(onAccount(undone, '1-1300')).toBe(-500_000);
    expect(onAccount(undone, PDDM)).toBe(0);
    await expectBooksTrue(s.ctx);
  });

  it('unconfirmed before its month: reversed against Pendapatan Diterima di Muka, discounts included', async () => {
    const month = monthAhead(1);
    const bill = await newBill({ month, confirmed: false, items: [{ price: 300_000 }, { price: 200_000 }] });
    const [item] = await itemsOf(bill.id);
    expect((await editItem(item ?? 0, 'discount', 40_000)).status).toBe(200);
    expect((await setStatus(bill.id, 1)).status).toBe(200);
    const [, deduction] = await entriesOfBill(s.ctx, bill.id);
    expect(deduction?.source_kind).toBe('student_bill_deduction');
    expect(deduction?.lines).toEqual(
      expect.arrayContaining([
        { code: PDDM, debit: 40_000, credit: 0 },
        { code: '1-1300', debit: 0, credit: 40_000 },
      ]),
    );
    expect((await setStatus(bill.id, 0)).status).toBe(200);
    const entries = await entriesOfBill(s.ctx, bill.id);
    const undone = entries.slice(2);
    expect(undone.map((e) => e.reversal_of)).toEqual([entries[0]?.id, entries[1]?.id]);
    expect(undone.reduce((t, e) => t + onAccount(e, PDDM), 0)).toBe(500_000 - 40_000);
    expect(undone.reduce((t, e) => t + onRevenue(e), 0)).toBe(0);
    // Its month starts: an unconfirmed bill has nothing to recognise.
    const first = noonOf(`${month}-01`);
    await recogniseDue(s.ctx.database, { at: first });
    expect(await entriesOfBill(s.ctx, bill.id)).toHaveLength(4);
    expect(await unearnedGaps(s.ctx, first, [bill.id])).toEqual([]);
    await expectBooksTrue(s.ctx);
  });

  it('a discount billed ahead moves to Potongan when the month starts, Ditanggung to Beasiswa', async () => {
    const month = monthAhead(2);
    const bill = await newBill({ month, confirmed: false, items: [{ price: 300_000 }, { price: 200_000 }] });
    const [a, b] = await itemsOf(bill.id);
    expect((await editItem(a ?? 0, 'discount', 30_000)).status).toBe(200);
    expect((await editItem(b ?? 0, 'bail', 20_000)).status).toBe(200);
    expect((await setStatus(bill.id, 1)).status).toBe(200);
    const first = noonOf(`${month}-01`);
    await recogniseDue(s.ctx.database, { at: first });
    const moved = recognitions(await entriesOfBill(s.ctx, bill.id));
    expect(moved.map((e) => e.source_kind).sort()).toEqual(['student_bill', 'student_bill_deduction']);
    const deduction = moved.find((e) => e.source_kind === 'student_bill_deduction');
    expect(deduction?.lines).toEqual(
      expect.arrayContaining([
        { code: '4-9100', debit: 30_000, credit: 0 },
        { code: '4-9200', debit: 20_000, credit: 0 },
        { code: PDDM, debit: 0, credit: 50_000 },
      ]),
    );
    expect(await unearnedGaps(s.ctx, first, [bill.id])).toEqual([]);
    await expectBooksTrue(s.ctx);
  });

  it('two recognitions started together post it once (forced to overlap on PostgreSQL below)', async () => {
    const month = monthAhead(3);
    const bill = await newBill({ month });
    const at = noonOf(`${month}-01`);
    const posted = await Promise.all([
      recogniseDue(s.ctx.database, { at }),
      recogniseDue(s.ctx.database, { at }),
    ]);
    expect(Math.min(...posted)).toBe(0);
    expect(Math.max(...posted)).toBeGreaterThan(0);
    expect(recognitions(await entriesOfBill(s.ctx, bill.id))).toHaveLength(1);
    expect(await unearnedGaps(s.ctx, at, [bill.id])).toEqual([]);
    await expectBooksTrue(s.ctx);
  });

  it('whose month was closed before it was recognised is recognised on the day it runs', async () => {
    const month = monthAhead(4);
    const bill = await newBill({ month });
    // Closed by hand: the route closes only ended months, and this one is ahead of the real clock.
    await s.ctx.database.db.execute(sql`insert into books_period_closings (client_id, branch_id, mm, action,
      created_by) values (1, 1, ${month}, 'close', (select min(id) from users))`);
    const day = `${addMonths(month, 1)}-05`;
    await recogniseDue(s.ctx.database, { at: noonOf(day) });
    const [, moved] = await entriesOfBill(s.ctx, bill.id);
    expect(moved?.entry_date).toBe(day);
    expect(onAccount(moved, PDDM)).toBe(500_000);
    expect(await unearnedGaps(s.ctx, noonOf(day), [bill.id])).toEqual([]);
    await expectBooksTrue(s.ctx);
  });

  /** A bill of this month booked ahead on the last day of the month before (the clock moved back for it). */
  async function bookedLastMonth() {
    const bill = await newBill({ month: monthOf(s.today), confirmed: false });
    const before = noonOf(monthRange(addMonths(monthOf(s.today), -1)).last);
    await s.ctx.database.transaction(async (tx) => {
      await tx.execute(sql`update student_billings set form_status = 1 where id = ${bill.id}`);
      await postBills(tx, {}, [bill.id], 'today', before);
    });
    expect(onAccount((await entriesOfBill(s.ctx, bill.id))[0], PDDM)).toBe(-500_000);
    return bill;
  }

  it('the opening (the demo seed, the API start) recognises what is due, once', async () => {
    const bill = await bookedLastMonth();
    for (const _ of [1, 2]) await s.ctx.database.transaction((tx) => openBooks(tx, [1]));
    const [, moved, ...more] = await entriesOfBill(s.ctx, bill.id);
    expect(more).toEqual([]);
    expect(moved?.entry_date).toBe(`${monthOf(s.today)}-01`);
    expect(onAccount(moved, PDDM)).toBe(500_000);
    await expectBooksTrue(s.ctx);
  });

  it('a books report recognises what is due before it reads; Neraca Saldo still balances', async () => {
    const bill = await bookedLastMonth();
    const balance = await call<BooksTrialBalance>('GET', '/api/books/trial-balance', s.bandung);
    expect(balance.status).toBe(200);
    expect(balance.body.totals.debit).toBe(balance.body.totals.credit);
    expect(balance.body.totals.balance_debit).toBe(balance.body.totals.balance_credit);
    const [, moved] = await entriesOfBill(s.ctx, bill.id);
    expect(moved?.entry_date).toBe(`${monthOf(s.today)}-01`);
    expect(onAccount(moved, PDDM)).toBe(500_000);
    expect(await unearnedGaps(s.ctx, new Date(), [bill.id])).toEqual([]);
    await expectBooksTrue(s.ctx);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two recognitions overlapping on PostgreSQL', () => {
  // The holder keeps the month's lock, so both recognitions are inside their transactions at once before either posts.
  let holder: pg.Client;
  let watcher: pg.Client;
  beforeAll(async () => {
    holder = new pg.Client({ connectionString: s.ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: s.ctx.databaseUrl });
    await Promise.all([holder.connect(), watcher.connect()]);
  });
  afterAll(() => Promise.all([holder.end(), watcher.end()]));

  /** Polls (no fixed sleep) until two backends wait for a lock; fails after 4 s (lock timeout: 5 s). */
  async function untilBothWait() {
    const deadline = Date.now() + 4_000;
    for (;;) {
      const { rows } = await watcher.query(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows.length >= 2) return;
      if (Date.now() > deadline) throw new Error('the recognitions do not both wait');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('post the bill once: the second waits on the bill and then finds it recognised', async () => {
    const month = monthAhead(5);
    const bill = await newBill({ month });
    const at = noonOf(`${month}-01`);
    await holder.query('BEGIN');
    await holder.query('select pg_advisory_xact_lock(books_period_lock_key(1, $1))', [month]);
    const both = Promise.all([
      recogniseDue(s.ctx.database, { at, branchIds: [1] }),
      recogniseDue(s.ctx.database, { at, branchIds: [1] }),
    ]);
    try {
      await untilBothWait();
    } finally {
      await holder.query('COMMIT');
    }
    expect(Math.min(...(await both))).toBe(0);
    expect(recognitions(await entriesOfBill(s.ctx, bill.id))).toHaveLength(1);
    expect(await unearnedGaps(s.ctx, at, [bill.id])).toEqual([]);
    await expectBooksTrue(s.ctx);
  });
});
