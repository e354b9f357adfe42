/**
 * One online charge for several bills of a student (docs/online-payments.md, "Several bills"): the server's total
 * over their unpaid items, one open charge per item (a new charge covering any of them cancels the older), and
 * the money posted by the simulator's signed notification as one payment over the bills, each bill Lunas.
 */

import type { AddressInfo } from 'node:net';
import {
  EMBED_MESSAGES,
  type EmbedTokenCreated,
  ONLINE_CASHIER_NAME,
  ONLINE_PAYMENT_MESSAGES,
  type OnlineCharge,
  type OnlineChargeDetail,
  PAYMENT_STATUS_PAID,
  type Paged,
  type StudentBillingDetail,
} from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { online_charges, student_billing_payments, student_billings } from '../src/db/schema';
import { startGatewaySimulator } from '../src/gateway-simulator';
import { billMaker, confirmedUnpaid, inBranchOne, openSessions, type Sessions } from './billing-fixtures';
import { bearer } from './helpers';

describe('online payments: several bills in one charge', () => {
  let sim: Awaited<ReturnType<typeof startGatewaySimulator>>;
  let s: Sessions;
  let origin = '';
  const used = new Set<number>();

  beforeAll(async () => {
    sim = await startGatewaySimulator();
    s = await openSessions({ gateways: sim.gateways, gatewaySimulator: sim.simulatorFor(() => origin) });
    // The simulator notifies over HTTP, as a provider would: the app listens on a loopback port.
    await s.ctx.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(s.ctx.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await s?.ctx.close();
    await sim?.close();
  });

  const get = async <T>(url: string) => {
    const res = await s.ctx.app.inject({ method: 'GET', url, headers: bearer(s.bandung) });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const post = async <T>(url: string, payload?: object) => {
    const res = await s.ctx.app.inject({ method: 'POST', url, headers: bearer(s.bandung), payload });
    return { status: res.statusCode, body: res.json<T & { message?: string }>() };
  };

  /** `count` confirmed, unpaid demo bills of one student, department and year, none taken before; oldest first. */
  async function billsOfOneStudent(count: number): Promise<StudentBillingDetail[]> {
    const rows = await s.ctx.database.db
      .select({
        id: student_billings.id,
        owner: sql<string>`concat_ws(':', ${student_billings.student_id}, ${student_billings.department_id}, ${student_billings.year_of_study_id})`,
      })
      .from(student_billings)
      .where(and(inBranchOne, confirmedUnpaid, sql`${student_billings.bill_date} <= current_date`))
      .orderBy(student_billings.id);
    const byOwner = new Map<string, number[]>();
    for (const row of rows) {
      if (used.has(row.id)) continue;
      byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row.id]);
    }
    const ids = [...byOwner.values()].find((list) => list.length >= count)?.slice(0, count);
    if (!ids) throw new Error(`the demo data has no student with ${count} payable bills`);
    for (const id of ids) used.add(id);
    return Promise.all(
      ids.map(async (id) => (await get<StudentBillingDetail>(`/api/student-billing/${id}`)).body),
    );
  }

  it('charges the total of two bills, posts one payment over both, and each bill is Lunas', async () => {
    const [a, b] = await billsOfOneStudent(2);
    if (!a || !b) throw new Error('two bills');
    const created = await post<OnlineCharge>('/api/online-payments', {
      student_billing_ids: [b.id, a.id],
      channel: 'bca_va',
      amount: 1,
    });
    expect(created.status, created.body.message).toBe(201);
    expect(created.body.amount).toBe(a.total_billing + b.total_billing);
    expect(created.body.student_billing_id).toBe(Math.min(a.id, b.id));
    expect(created.body.student_billing_ids.sort()).toEqual([a.id, b.id].sort());
    expect(new Set(created.body.items.map((i) => i.bill_id))).toEqual(new Set([a.id, b.id]));

    // Either bill finds the charge again (its detail's dialog shows it instead of a second).
    for (const bill of [a, b]) {
      const open = await get<Paged<OnlineCharge>>(
        `/api/online-payments?student_billing_id=${bill.id}&status=pending`,
      );
      expect(open.body.data.map((c) => c.id)).toEqual([created.body.id]);
    }

    const paid = await post<OnlineChargeDetail>(`/api/online-payments/${created.body.id}/simulate`);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('posted');
    const paymentId = paid.body.student_billing_payment_id;
    for (const bill of [a, b]) {
      const detail = (await get<StudentBillingDetail>(`/api/student-billing/${bill.id}`)).body;
      expect(detail.payment_status).toBe(PAYMENT_STATUS_PAID);
      expect(detail.student_billing_payments.map((p) => [p.id, p.cashier_name])).toEqual([
        [paymentId, ONLINE_CASHIER_NAME],
      ]);
    }
    // One payment row for the one transfer, at the charged amount.
    const payments = await s.ctx.database.db
      .select({ amount: student_billing_payments.amount })
      .from(student_billing_payments)
      .where(eq(student_billing_payments.id, paymentId ?? 0));
    expect(payments).toEqual([{ amount: a.total_billing + b.total_billing }]);
  });

  it('a new charge covering any item of an open one cancels the older: partial overlap, either way', async () => {
    const [a, b, c] = await billsOfOneStudent(3);
    if (!a || !b || !c) throw new Error('three bills');
    const single = await post<OnlineCharge>('/api/online-payments', {
      student_billing_id: a.id,
      channel: 'qris',
    });
    expect(single.status).toBe(201);
    // Two bills, one of them the single charge's: the single one is cancelled.
    const both = await post<OnlineCharge>('/api/online-payments', {
      student_billing_ids: [a.id, b.id],
      channel: 'bca_va',
    });
    expect(both.status).toBe(201);
    expect((await get<OnlineCharge>(`/api/online-payments/${single.body.id}`)).body.status).toBe('cancelled');
    // Bills b and c: overlaps the two-bill charge on b only, and still cancels it whole.
    const next = await post<OnlineCharge>('/api/online-payments', {
      student_billing_ids: [b.id, c.id],
      channel: 'bni_va',
    });
    expect(next.status).toBe(201);
    expect((await get<OnlineCharge>(`/api/online-payments/${both.body.id}`)).body.status).toBe('cancelled');
    const open = await get<Paged<OnlineCharge>>(
      `/api/online-payments?student_billing_id=${b.id}&status=pending`,
    );
    expect(open.body.data.map((charge) => charge.id)).toEqual([next.body.id]);
    // Bill a now has no open charge: its items are free again.
    const freeA = await get<Paged<OnlineCharge>>(
      `/api/online-payments?student_billing_id=${a.id}&status=pending`,
    );
    expect(freeA.body.total).toBe(0);
  });

  it("a parent's pay token charges its student's bills in one; a list naming another student's bill writes nothing", async () => {
    const [a, b] = await billsOfOneStudent(2);
    const theirs = await billMaker(s)();
    if (!a || !b) throw new Error('two bills');
    expect(theirs.student_id).not.toBe(a.student_id);
    const minted = await s.ctx.app.inject({
      method: 'POST',
      url: '/api/embed-tokens',
      headers: bearer(s.bandung),
      payload: {
        label: 'Portal Orang Tua',
        scope: 'billing:pay',
        student_id: a.student_id,
        expires_in_minutes: 60,
      },
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const token = minted.json<EmbedTokenCreated>().token;
    const asParent = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await s.ctx.app.inject({ method, url, headers: bearer(token), payload });
      return { status: res.statusCode, body: res.json<T & { message?: string }>() };
    };
    const chargeRows = async () =>
      (await s.ctx.database.db.select({ id: online_charges.id }).from(online_charges)).length;

    const before = await chargeRows();
    // Another student's bill anywhere in the list: 403, and no charge written.
    for (const ids of [
      [a.id, theirs.id],
      [theirs.id, a.id, b.id],
    ]) {
      const refused = await asParent('POST', '/api/online-payments', {
        student_billing_ids: ids,
        channel: 'bca_va',
      });
      expect(refused.status, JSON.stringify(ids)).toBe(403);
      expect(refused.body.message).toBe(EMBED_MESSAGES.wrongStudent);
    }
    // A bill that does not exist is not found (404), and writes nothing either.
    const unknown = await asParent('POST', '/api/online-payments', {
      student_billing_ids: [a.id, 999_999_999],
      channel: 'bca_va',
    });
    expect(unknown.status).toBe(404);
    expect(await chargeRows()).toBe(before);

    const created = await asParent<OnlineCharge>('POST', '/api/online-payments', {
      student_billing_ids: [b.id, a.id],
      channel: 'qris',
      amount: 1,
    });
    expect(created.status, created.body.message).toBe(201);
    expect(created.body.amount).toBe(a.total_billing + b.total_billing);
    expect([...created.body.student_billing_ids].sort()).toEqual([a.id, b.id].sort());
    expect(await chargeRows()).toBe(before + 1);
    // The view finds it again through either bill (its open charge, shown instead of a second).
    for (const bill of [a, b]) {
      const open = await asParent<Paged<OnlineCharge>>(
        'GET',
        `/api/online-payments?student_billing_id=${bill.id}&status=pending`,
      );
      expect(open.body.data.map((c) => c.id)).toEqual([created.body.id]);
    }
    const paid = await asParent<OnlineChargeDetail>(
      'POST',
      `/api/online-payments/${created.body.id}/simulate`,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('posted');
    for (const bill of [a, b]) {
      const detail = await asParent<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`);
      expect(detail.body.payment_status).toBe(PAYMENT_STATUS_PAID);
      expect(detail.body.student_billing_payments.map((p) => p.cashier_name)).toEqual([ONLINE_CASHIER_NAME]);
    }
    // The other student's bill is untouched.
    const untouched = await get<StudentBillingDetail>(`/api/student-billing/${theirs.id}`);
    expect(untouched.body.student_billing_payments).toEqual([]);
  });

  it('refuses bills of two students, no bill, and both fields at once (422, nothing made)', async () => {
    const mine = await billMaker(s)();
    const theirs = await billMaker(s)();
    const before = await get<Paged<OnlineCharge>>('/api/online-payments?limit=1');
    const mixed = await post('/api/online-payments', {
      student_billing_ids: [mine.id, theirs.id],
      channel: 'bca_va',
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toBe(ONLINE_PAYMENT_MESSAGES.billsOfOneStudent);
    const twice = await post('/api/online-payments', {
      student_billing_id: mine.id,
      student_billing_ids: [mine.id],
      channel: 'bca_va',
    });
    expect(twice.status).toBe(422);
    const none = await post('/api/online-payments', { channel: 'bca_va' });
    expect(none.status).toBe(422);
    const after = await get<Paged<OnlineCharge>>('/api/online-payments?limit=1');
    expect(after.body.total).toBe(before.body.total);
  });
});
