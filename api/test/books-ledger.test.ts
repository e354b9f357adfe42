/**
 * Buku Besar (docs/books.md "Reports"): an account's lines in a period of the active branch with Saldo Awal, the
 * running balance on the account's normal side (computed by the server, so page 2 starts where page 1 ended) and
 * Saldo Akhir; a void shows as its reversing line; another branch's lines never show.
 */
import {
  BOOKS_LEDGER_MESSAGES,
  type BooksAccount,
  type BooksLedgerPage,
  type BooksTrialBalance,
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
} from '@keuangan/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { student_billings } from '../src/db/schema';
import { addMonths, monthOf } from '../src/lib/time';
import { apiSuite, type ErrorBody, payInFull } from './billing-fixtures';
import { entriesOfBill, expectBooksTrue } from './books-fixtures';

const s = apiSuite();
const { call, newBill } = s;

let keys = 0;
const newKey = () => `books-ledger-${Date.now()}-${++keys}`;
const payOn = async (billId: number, token: string, extra: object = {}) => {
  const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${billId}`, token)).body;
  const res = await call('POST', `/api/student-billing-pay/${billId}`, token, payInFull(detail, extra), {
    [IDEMPOTENCY_KEY_HEADER]: newKey(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const ledger = (query: string, token = s.bandung) =>
  call<BooksLedgerPage & ErrorBody>('GET', `/api/books/ledger?${query}`, token);

let kas: BooksAccount;
let pendapatan: BooksAccount;
beforeAll(async () => {
  const chart = (await call<BooksAccount[]>('GET', '/api/books/accounts', s.bandung)).body;
  const byRole = (role: string) => chart.find((a) => a.role === role);
  kas = byRole('cash') as BooksAccount;
  pendapatan = chart.find((a) => a.kind === 'revenue' && a.code !== '4-1000') as BooksAccount;
});

/** Debits less credits of the account in branch 1 over the entries the condition picks: the plain sum. */
async function movement(accountId: number, where: ReturnType<typeof sql>): Promise<number> {
  const found = (await s.ctx.database.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0)::text as n
    from books_lines l join books_entries e on e.id = l.entry_id
    where l.branch_id = 1 and l.account_id = ${accountId} and ${where}`)) as unknown as {
    rows: { n: string }[];
  };
  return Number(found.rows[0]?.n);
}

/** Every page of the account's ledger over the period, at `limit` lines a page. */
async function allPages(query: string, limit: number): Promise<BooksLedgerPage[]> {
  const first = await ledger(`${query}&limit=${limit}`);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const pages = [first.body];
  for (let page = 2; page <= first.body.last_page; page++) {
    pages.push((await ledger(`${query}&limit=${limit}&page=${page}`)).body);
  }
  return pages;
}

describe('Buku Besar', () => {
  it('starts from Saldo Awal and runs on across a page boundary to Saldo Akhir', async () => {
    // A payment of last month, before the period, and three of today, in it.
    const early = await newBill();
    const lastMonth = addMonths(monthOf(s.today), -1);
    await s.ctx.database.db
      .update(student_billings)
      .set({ bill_date: `${lastMonth}-01` })
      .where(eq(student_billings.id, early.id));
    await payOn(early.id, s.bandung, { payment_date: `${lastMonth}-15` });
    for (const bill of await Promise.all([newBill(), newBill(), newBill()])) await payOn(bill.id, s.bandung);

    const query = `account_id=${kas.id}&date_from=${s.today}&date_to=${s.today}`;
    const pages = await allPages(query, 2);
    expect(pages.length).toBeGreaterThan(1);
    const [first] = pages;
    if (!first) throw new Error('no first page');
    const opening = await movement(kas.id, sql`e.entry_date < ${s.today}::date`);
    expect(opening).toBeGreaterThanOrEqual(500_000);
    expect(first).toMatchObject({
      account: { id: kas.id, code: '1-1100', side: 'debit' },
      period: { from: s.today, to: s.today },
      opening_balance: opening,
    });
    const lines = pages.flatMap((p) => p.data);
    expect(lines).toHaveLength(first.total);
    // Each balance is the one before it plus its own movement, page 2's first line included.
    let running = opening;
    for (const line of lines) {
      expect(line.entry_date).toBe(s.today);
      running += line.debit - line.credit;
      expect(line.balance).toBe(running);
    }
    expect(first.closing_balance).toBe(running);
    expect(first.closing_balance).toBe(await movement(kas.id, sql`e.entry_date <= ${s.today}::date`));
    expect(first.total_debit - first.total_credit).toBe(running - opening);
    // In date and voucher order.
    const order = lines.map((l) => l.voucher_number);
    expect(order).toEqual([...order].sort());
  });

  it('shows a void as its reversing line, dated the day of the void', async () => {
    const bill = await newBill();
    await payOn(bill.id, s.bandung);
    const undone = await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });
    expect(undone.status).toBe(200);
    const entries = await entriesOfBill(s.ctx, bill.id);
    const payment = entries.find((e) => e.source_kind === 'student_payment');
    const voided = entries.find((e) => e.source_kind === 'student_payment_void');
    const lines = (await allPages(`account_id=${kas.id}&date_from=${s.today}`, 100)).flatMap((p) => p.data);
    expect(lines.find((l) => l.voucher_number === payment?.voucher_number)).toMatchObject({
      debit: 500_000,
      credit: 0,
      reverses: null,
    });
    expect(lines.find((l) => l.voucher_number === voided?.voucher_number)).toMatchObject({
      entry_date: s.today,
      debit: 0,
      credit: 500_000,
      reverses: payment?.voucher_number,
      source_label: 'Pembatalan Pembayaran',
    });
  });

  it("keeps a revenue account's balance on the credit side", async () => {
    const found = await ledger(`account_id=${pendapatan.id}&limit=100`);
    expect(found.status).toBe(200);
    expect(found.body.account.side).toBe('credit');
    expect(found.body.opening_balance).toBe(0);
    expect(found.body.closing_balance).toBe(-(await movement(pendapatan.id, sql`true`)));
    expect(found.body.closing_balance).toBeGreaterThan(0);
  });

  it("never shows another branch's lines", async () => {
    const bill = await newBill({ branch: 2 });
    await payOn(bill.id, s.jakarta);
    const payment = (await entriesOfBill(s.ctx, bill.id)).find((e) => e.source_kind === 'student_payment');
    expect(payment?.voucher_number).toBeDefined();
    const query = `account_id=${kas.id}&date_from=${s.today}`;
    const bandung = (await allPages(query, 100)).flatMap((p) => p.data);
    expect(bandung.length).toBeGreaterThan(0);
    expect(bandung.every((l) => l.voucher_number.startsWith('JU-BDG-'))).toBe(true);
    const jakarta = (await ledger(`${query}&limit=100`, s.jakarta)).body;
    expect(jakarta.data.map((l) => l.voucher_number)).toContain(payment?.voucher_number);
  });

  it('Neraca Saldo from the kept sums equals the lines summed, over periods that cut months', async () => {
    await expectBooksTrue(s.ctx);
    const lastMonth = addMonths(monthOf(s.today), -1);
    for (const [from, to] of [
      [`${lastMonth}-15`, s.today],
      [`${lastMonth}-01`, `${lastMonth}-20`],
      [undefined, `${lastMonth}-10`],
      [`${lastMonth}-02`, undefined],
    ]) {
      const query = [from && `date_from=${from}`, to && `date_to=${to}`].filter(Boolean).join('&');
      const found = (await call<BooksTrialBalance>('GET', `/api/books/trial-balance?${query}`, s.bandung))
        .body;
      const upTo = to ? sql`e.entry_date <= ${to}::date` : sql`true`;
      const inPeriod = from ? sql`${upTo} and e.entry_date >= ${from}::date` : upTo;
      for (const row of found.rows) {
        const credits = 0 - (await movement(row.account_id, sql`${inPeriod} and l.debit = 0`));
        expect({
          query,
          code: row.code,
          credit: row.credit,
          balance: row.balance_debit - row.balance_credit,
        }).toEqual({
          query,
          code: row.code,
          credit: credits,
          balance: await movement(row.account_id, upTo),
        });
        expect(row.debit - row.credit).toBe(await movement(row.account_id, inPeriod));
      }
      expect(found.totals.debit).toBe(found.totals.credit);
    }
  });

  it('refuses an unknown account (404), bad dates and a missing account (422), other roles (403)', async () => {
    const unknown = await ledger('account_id=99999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(BOOKS_LEDGER_MESSAGES.accountNotFound);
    const missing = await ledger('date_from=2026-01-01');
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.account_id).toEqual(['Akun Tidak Boleh Kosong']);
    const wrong = await ledger(`account_id=${kas.id}&date_from=2026-02-30`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.date_from).toEqual([BOOKS_LEDGER_MESSAGES.fromInvalid]);
    const reversed = await ledger(`account_id=${kas.id}&date_from=2026-02-02&date_to=2026-02-01`);
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors?.date_to).toEqual([BOOKS_LEDGER_MESSAGES.order]);
    expect((await ledger(`account_id=${kas.id}`, s.guru)).status).toBe(403);
  });
});
