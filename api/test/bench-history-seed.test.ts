/**
 * The bench's scale seed with a year of history (BENCH_GROWTH=years, api/bench/README.md "Growth"): the history
 * rows land in the kept sums like the current year's, the same students sit in a class of each year, and the
 * history year is paid but for its old arrears.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARREARS_EVERY, scaleSeed } from '../bench/scale-seed';
import { expectSumsMatchLedger } from './billing-fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
const rowsOf = async (text: string) =>
  ((await ctx.database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  ctx = await createTestContext();
  const [user] = await rowsOf(`SELECT id FROM users ORDER BY id LIMIT 1`);
  await scaleSeed(ctx.database, { students: 1, userId: Number(user?.id), historyYears: 1 });
}, 180_000);
afterAll(() => ctx?.close());

describe('scale seed with a year of history', () => {
  it('keeps the sums of both years as the ledger has them', async () => {
    await expectSumsMatchLedger(ctx);
  });

  it('bills every bench student every month of the history year, paid but for the old arrears', async () => {
    const rows = await rowsOf(`
      WITH cur AS (SELECT id FROM years_of_study WHERE current_date BETWEEN start_date AND end_date)
      SELECT b.year_of_study_id IN (SELECT id FROM cur) AS current, count(*)::int AS bills,
             count(DISTINCT b.student_id)::int AS students, count(DISTINCT b.mm)::int AS months,
             count(*) FILTER (WHERE b.payment_status = 0 AND b.form_status = 1)::int AS owing,
             count(DISTINCT b.class_id)::int AS classes
      FROM student_billings b WHERE b.bill_number LIKE 'BEN-%' GROUP BY 1 ORDER BY 1`);
    const [history, current] = rows;
    expect(current?.students).toBe(history?.students);
    expect(current?.classes).toBe(history?.classes);
    expect(history?.months).toBe(12);
    expect(history?.bills).toBe(12 * Number(history?.students));
    const [late] = await rowsOf(
      `SELECT count(*)::int AS n FROM students WHERE nis LIKE 'BN%' AND id % ${ARREARS_EVERY} = 0`,
    );
    expect(history?.owing).toBe(late?.n);
  });
});
