import { type DashboardSummary, isOnlinePtype, type TokenResponse } from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf, todayIn } from '../src/lib/time';
import { buildSeed } from '../src/seed/build';
import { bearer, createTestContext, login, type TestContext } from './helpers';

let ctx: TestContext;
let session: TokenResponse;
beforeAll(async () => {
  ctx = await createTestContext();
  session = await login(ctx.app, 'keuangan');
});
afterAll(() => ctx.close());

const url = '/api/dashboard-fin-summary';

/** The four totals computed in plain JS from the rows the seed produced (not through SQL). */
function expectedSummary(branchId: number): DashboardSummary {
  const today = todayIn();
  const mm = monthOf(today);
  const rows = buildSeed(today);
  const bills = rows.student_billings.filter((b) => b.branch_id === branchId && b.mm === mm);
  const sum = (values: (number | undefined)[]) => values.reduce<number>((acc, v) => acc + (v ?? 0), 0);
  return {
    active_student_total: rows.students.filter((s) => s.branch_id === branchId && s.study_status === 1)
      .length,
    total_amount_this_month: sum(bills.map((b) => b.total_amount)),
    total_payment_this_month: sum(
      rows.student_billing_payments
        .filter((p) => p.branch_id === branchId && monthOf(p.payment_date) === mm && !p.voided_at)
        .map((p) => p.amount),
    ),
    online_payment_this_month: sum(
      rows.student_billing_payments
        .filter(
          (p) =>
            p.branch_id === branchId &&
            monthOf(p.payment_date) === mm &&
            !p.voided_at &&
            isOnlinePtype(p.ptype),
        )
        .map((p) => p.amount),
    ),
    total_billing_this_month: sum(bills.map((b) => b.total_billing)),
  };
}

describe('GET /api/dashboard-fin-summary', () => {
  it('returns the totals of the active branch, equal to sums over the seeded rows', async () => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(session.token) });
    expect(res.statusCode).toBe(200);
    const summary = res.json<DashboardSummary>();
    expect(summary).toEqual(expectedSummary(session.user.active_branch.id));
    // The demo data makes every tile meaningful.
    expect(summary.active_student_total).toBeGreaterThan(100);
    expect(summary.total_amount_this_month).toBeGreaterThan(0);
    expect(summary.total_payment_this_month).toBeGreaterThan(0);
    expect(summary.total_billing_this_month).toBeGreaterThan(0);
    expect(summary.total_billing_this_month).toBeLessThan(summary.total_amount_this_month);
  });

  it('differs between branches', async () => {
    const jakartaId = session.user.branches[1]?.id as number;
    const switched = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/set-active-branch/${jakartaId}`,
      headers: bearer(session.token),
    });
    const jakarta = await ctx.app.inject({ method: 'GET', url, headers: bearer(switched.json().token) });
    const bandung = await ctx.app.inject({ method: 'GET', url, headers: bearer(session.token) });
    expect(jakarta.json()).toEqual(expectedSummary(jakartaId));
    expect(jakarta.json()).not.toEqual(bandung.json());
  });

  it('is for finance editors only', async () => {
    const guru = await login(ctx.app, 'guru');
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(guru.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Anda tidak memiliki akses ke modul keuangan' });
    const admin = await login(ctx.app, 'admin');
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    const garbled = await ctx.app.inject({ method: 'GET', url, headers: bearer('abc.def.ghi') });
    expect(garbled.statusCode).toBe(401);
  });
});

describe('demo data', () => {
  it('is deterministic for a date', () => {
    expect(buildSeed('2026-03-15')).toEqual(buildSeed('2026-03-15'));
    expect(buildSeed('2026-03-15')).not.toEqual(buildSeed('2026-09-15'));
  });

  it('keeps every bill consistent with its items and payments', async () => {
    // Both drivers answer raw SQL with `{ rows }`; the shared drizzle type leaves it unknown.
    const { rows } = (await ctx.database.db.execute(sql`
      select 'bill totals' as problem, count(*)::int as n from student_billings b
        join (select student_billing_id, sum(total_amount) a, sum(total_discount) d, sum(total_bail) l,
                     sum(total_payment) p, sum(total_billing) r
              from student_billing_items group by student_billing_id) i on i.student_billing_id = b.id
        where (b.total_amount, b.total_discount, b.total_bail, b.total_payment, b.total_billing) <> (i.a, i.d, i.l, i.p, i.r)
      union all
      select 'item balance', count(*)::int from student_billing_items
        where total_billing <> total_amount - total_discount - total_bail - total_payment
      union all
      select 'item paid', count(*)::int from student_billing_items i
        where total_payment <> coalesce((select sum(ip.amount) from student_billing_item_payments ip
                                         join student_billing_payments p on p.id = ip.student_billing_payment_id
                                         where ip.student_billing_item_id = i.id and p.voided_at is null), 0)
      union all
      select 'payment sum', count(*)::int from student_billing_payments p
        where amount <> (select sum(amount) from student_billing_item_payments ip where ip.student_billing_payment_id = p.id)
      union all
      select 'paid unconfirmed', count(*)::int from student_billing_payments p
        join student_billings b on b.id = p.student_billing_id where b.form_status <> 1 and p.voided_at is null
      union all
      select 'lunas flag', count(*)::int from student_billings where (payment_status = 1) <> (total_billing = 0)
      union all
      select 'prospect bill totals', count(*)::int from prospective_billings b
        join (select prospective_billing_id, sum(total_amount) a, sum(total_payment) p, sum(total_billing) r
              from prospective_billing_items group by prospective_billing_id) i on i.prospective_billing_id = b.id
        where (b.total_amount, b.total_payment, b.total_billing) <> (i.a, i.p, i.r)
    `)) as unknown as { rows: { problem: string; n: number }[] };
    expect(rows.filter((r) => r.n > 0)).toEqual([]);
  });
});
