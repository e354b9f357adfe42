/**
 * Each branch keeps its calendar in its own time zone (WIB, WITA or WIT): "today" of a payment's date and the
 * cash day of Rekap Kas Harian are the branch's local date, not the server's (UTC here) nor Jakarta's. The
 * clock is faked (Date only) around the requests; the token is signed under the fake clock too.
 */
import {
  type BranchTimeZone,
  type CashDayRecap,
  IDEMPOTENCY_KEY_HEADER,
  isTimeZone,
  PAYMENT_MESSAGES,
  type SessionUser,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
  TIME_ZONE_MESSAGE,
  TimeZoneSchema,
} from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { branches, student_billing_payments } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { apiSuite, payInFull } from './billing-fixtures';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;

afterEach(() => vi.useRealTimers());
// Before the suite closes its app (after-hooks run last registered first).
afterAll(async () => {
  await setZone('Asia/Jakarta');
});

/** Bandung (branch 1) keeps its calendar in `zone` from now on (the zone is read with every request). */
const setZone = (zone: string) =>
  s.ctx.database.db
    .update(branches)
    .set({ time_zone: zone as BranchTimeZone })
    .where(eq(branches.id, 1));

/** 'YYYY-MM-DD' `days` after a 'YYYY-MM-DD' date. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant of a local wall time: `date` at `hh:mm` in a zone `offset` hours ahead of UTC. */
function at(date: string, hh: number, mm: number, offset: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, hh - offset, mm));
}

const WIB = 7;
const WIT = 9;
// Tomorrow in Jakarta: every instant below is later than now, and a bill made today (dated the 1st) payable.
const day = addDays(todayIn('Asia/Jakarta'), 1);
const nextDay = addDays(day, 1);

let keys = 0;
/** At the fake instant `now`: signs in (Bandung, the last branch) and pays a fresh Bandung bill in full. */
async function payAt(now: Date, extra: object = {}) {
  // Made at the real time: the sessions that build it were signed in then.
  vi.useRealTimers();
  const bill = await newBill();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  const { token } = await login(s.ctx.app, 'keuangan');
  const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, token)).body;
  const res = await call<StudentBillingPaymentReceipt & { errors?: Record<string, string[]> }>(
    'POST',
    `/api/student-billing-pay/${bill.id}`,
    token,
    payInFull(detail, { total_amount_payment_paid: detail.total_billing, ...extra }),
    { [IDEMPOTENCY_KEY_HEADER]: `tz-${++keys}` },
  );
  return { token, res };
}

describe('branch time zone', () => {
  it('the contract refuses a zone other than the three of Indonesia; so does the database', async () => {
    for (const zone of ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']) {
      expect(v.safeParse(TimeZoneSchema, zone).success).toBe(true);
    }
    for (const zone of ['Asia/Singapore', 'UTC', 'asia/jakarta', '', null, 7]) {
      const parsed = v.safeParse(TimeZoneSchema, zone);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
      expect(isTimeZone(zone)).toBe(false);
    }
    await expect(setZone('Asia/Tokyo')).rejects.toThrow();
    const [bandung] = await s.ctx.database.db.select().from(branches).where(eq(branches.id, 1));
    expect(bandung?.time_zone).toBe('Asia/Jakarta');
  });

  it("the demo branches are WIB; /api/auth/me tells the active branch's zone", async () => {
    const rows = await s.ctx.database.db.select({ zone: branches.time_zone }).from(branches);
    expect(rows.every((r) => r.zone === 'Asia/Jakarta')).toBe(true);
    await setZone('Asia/Jayapura');
    try {
      const me = (await call<SessionUser>('GET', '/api/auth/me', s.bandung)).body;
      expect(me.active_branch).toMatchObject({ id: 1, time_zone: 'Asia/Jayapura' });
      expect(me.branches.map((b) => b.time_zone)).toEqual(['Asia/Jayapura', 'Asia/Jakarta']);
      const there = (await call<SessionUser>('GET', '/api/auth/me', s.jakarta)).body;
      expect(there.active_branch.time_zone).toBe('Asia/Jakarta');
    } finally {
      await setZone('Asia/Jakarta');
    }
  });

  describe('in a WIT branch (Asia/Jayapura)', () => {
    beforeAll(() => setZone('Asia/Jayapura'));
    afterAll(() => setZone('Asia/Jakarta'));

    it('a payment at 23:30 WIT is dated that day; the next day is still the future', async () => {
      const now = at(day, 23, 30, WIT); // 14:30 UTC, 21:30 WIB: the same day everywhere
      expect(now.toISOString().slice(0, 10)).toBe(day);
      const { res } = await payAt(now);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.payment_date).toBe(day);
      const tomorrow = await payAt(now, { payment_date: nextDay });
      expect(tomorrow.res.status).toBe(422);
      expect(tomorrow.res.body.errors?.payment_date).toEqual([PAYMENT_MESSAGES.dateInFuture]);
    });

    it("a payment at 00:30 WIT is dated the branch's new day, while UTC and Jakarta are still on the day before", async () => {
      const now = at(nextDay, 0, 30, WIT); // 15:30 UTC and 22:30 WIB of `day`
      expect(now.toISOString().slice(0, 10)).toBe(day);
      expect(todayIn('Asia/Jakarta', now)).toBe(day);
      const { res, token } = await payAt(now);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.payment_date).toBe(nextDay);

      // The cash day: a payment recorded at that instant is in the recap of the branch's day, not the one before.
      await s.ctx.database.db
        .update(student_billing_payments)
        .set({ created_at: now })
        .where(eq(student_billing_payments.id, res.body.id));
      const numbers = async (date: string) =>
        (await call<CashDayRecap>('GET', `/api/cash-closing?date=${date}`, token)).body.payments.map(
          (p) => p.payment_number,
        );
      expect(await numbers(nextDay)).toContain(res.body.payment_number);
      expect(await numbers(day)).not.toContain(res.body.payment_number);

      // Back in Jakarta's zone, the same instant belongs to the day before.
      await setZone('Asia/Jakarta');
      expect(await numbers(day)).toContain(res.body.payment_number);
      expect(await numbers(nextDay)).not.toContain(res.body.payment_number);
      await setZone('Asia/Jayapura');
    });
  });

  describe('in a WIB branch (Asia/Jakarta)', () => {
    it("a payment at 00:30 WIB is dated that day, not the server's (UTC) day before", async () => {
      const now = at(nextDay, 0, 30, WIB); // 17:30 UTC of `day`
      expect(now.toISOString().slice(0, 10)).toBe(day);
      const { res } = await payAt(now);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.payment_date).toBe(nextDay);
    });

    it('a payment at 23:30 WIB is dated that day, though it is already the next day in WIT', async () => {
      const now = at(day, 23, 30, WIB); // 16:30 UTC; 01:30 WIT of the next day
      expect(todayIn('Asia/Jayapura', now)).toBe(nextDay);
      const { res } = await payAt(now);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.payment_date).toBe(day);
    });
  });

  it('todayIn: the date of an instant in a zone, Jakarta by default or from a scope', () => {
    const now = new Date('2026-12-31T16:30:00Z');
    expect(todayIn(undefined, now)).toBe('2026-12-31');
    expect(todayIn('Asia/Jakarta', now)).toBe('2026-12-31');
    expect(todayIn('Asia/Makassar', now)).toBe('2027-01-01');
    expect(todayIn({ timeZone: 'Asia/Jayapura' }, now)).toBe('2027-01-01');
  });
});
