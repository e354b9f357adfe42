/**
 * Payments of one branch racing for its number counter (api/ROUTES.md "Numbers without a queue"): payments/s and
 * the numbers checked unique and gap-free. Needs TEST_DATABASE_URL (api/bench/README.md, how to run it).
 */
import { IDEMPOTENCY_KEY_HEADER, type StudentBillingDetail } from '@keuangan/shared/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { student_billing_payments, student_billings } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { bearer, createTestContext, login } from '../test/helpers';

const LOOPS = Number(process.env.LOOPS ?? 9);
const SECONDS = Number(process.env.SECONDS ?? 10);

if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set (see the header)');
const ctx = await createTestContext();
try {
  const session = await login(ctx.app, 'keuangan');
  const bandungId = session.user.branches[0]?.id;
  const switched = await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/set-active-branch/${bandungId}`,
    headers: bearer(session.token),
  });
  const token = switched.json<{ token: string }>().token;
  const today = todayIn();
  const bills = await ctx.database.db
    .select({ id: student_billings.id })
    .from(student_billings)
    .where(
      and(
        eq(student_billings.branch_id, 1),
        eq(student_billings.form_status, 1),
        gt(student_billings.total_billing, 100_000),
        sql`${student_billings.bill_date} <= ${today}`,
      ),
    )
    .orderBy(asc(student_billings.id))
    .limit(LOOPS);
  if (bills.length < LOOPS) throw new Error(`only ${bills.length} payable bills in Bandung`);

  let keys = 0;
  const times: number[] = [];
  const failures = new Map<number, number>();
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    bills.map(async ({ id }) => {
      const detail = (
        await ctx.app.inject({ method: 'GET', url: `/api/student-billing/${id}`, headers: bearer(token) })
      ).json<StudentBillingDetail>();
      const item = detail.student_billing_items.find((i) => i.total_billing > 0);
      if (!item) throw new Error(`bill ${id} has nothing to pay`);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/student-billing-pay/${id}`,
          headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: `load-${id}-${++keys}` },
          payload: { student_billing_items: [{ id: item.id, payment_amount: 1 }], ptype: 1 },
        });
        if (res.statusCode === 201) times.push(performance.now() - t0);
        else failures.set(res.statusCode, (failures.get(res.statusCode) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;

  // The numbers of the month in Bandung: unique and gap-free from 1.
  const prefix = `KWT-BDG-${today.slice(2, 4)}${today.slice(5, 7)}-`;
  const rows = await ctx.database.db
    .select({ n: student_billing_payments.payment_number })
    .from(student_billing_payments)
    .where(sql`${student_billing_payments.payment_number} like ${`${prefix}%`}`);
  const seqs = rows.map((r) => Number(r.n.slice(prefix.length))).sort((a, b) => a - b);
  const gapFree = seqs.every((n, i) => n === i + 1);

  console.log(
    `${LOOPS} loops, ${elapsed.toFixed(1)} s: ${times.length} payments, ${(times.length / elapsed).toFixed(1)}/s, ` +
      `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms; ` +
      `failures ${JSON.stringify(Object.fromEntries(failures))}; ` +
      `${seqs.length} numbers this month, ${gapFree ? 'unique and gap-free' : 'NOT gap-free'}`,
  );
  if (!gapFree || failures.size > 0) process.exitCode = 1;
} finally {
  await ctx.close();
}
