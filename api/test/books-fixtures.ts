/**
 * What the books must always satisfy (docs/books.md "The rules"): every entry balances, every voucher is numbered,
 * and per branch Piutang Siswa equals the unpaid confirmed student bills, Piutang Calon Siswa the unpaid prospect
 * bills, Titipan Siswa the students' credit.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './helpers';

/** A test context, or a transaction of its database (to look at a write before it is rolled back). */
type Reader = TestContext | { execute: TestContext['database']['db']['execute'] };
const rows = async <T>(on: Reader, query: ReturnType<typeof sql>) =>
  (
    ('database' in on ? await on.database.db.execute(query) : await on.execute(query)) as unknown as {
      rows: T[];
    }
  ).rows;

/** The entries whose debits and credits differ, or that have fewer than two lines. */
export const unbalancedEntries = (ctx: Reader) =>
  rows<{ id: number }>(
    ctx,
    sql`select e.id from books_entries e left join books_lines l on l.entry_id = e.id group by e.id
      having coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) or count(l.id) < 2`,
  );

/** Per branch: Piutang Siswa in the ledger against the unpaid confirmed student bills, where they differ. */
export const receivableGaps = (ctx: TestContext) =>
  rows<{ branch_id: number; ledger: string; bills: string }>(
    ctx,
    sql`with ledger as (
        select l.branch_id, sum(l.debit - l.credit) as amount from books_lines l
        join books_accounts a on a.id = l.account_id
        where a.id in (select receivable_account_id from books_mappings where receivable_account_id is not null)
          or a.role = 'receivable_student'
          -- a receivable a fee type was mapped to before (docs/books.md "The accounts")
          or (a.kind = 'asset' and l.bill_id is not null)
        group by l.branch_id),
      bills as (select branch_id, sum(total_billing) as amount from student_billings
        where form_status = 1 group by branch_id)
      select coalesce(l.branch_id, b.branch_id) as branch_id, coalesce(l.amount, 0)::text as ledger,
        coalesce(b.amount, 0)::text as bills
      from ledger l full join bills b on b.branch_id = l.branch_id
      where coalesce(l.amount, 0) <> coalesce(b.amount, 0)`,
  );

/** Per branch: Piutang Calon Siswa against the unpaid prospect bills, where they differ. */
export const prospectReceivableGaps = (ctx: TestContext) =>
  rows<{ branch_id: number; ledger: string; bills: string }>(
    ctx,
    sql`with ledger as (
        select l.branch_id, sum(l.debit - l.credit) as amount from books_lines l
        join books_accounts a on a.id = l.account_id and a.role = 'receivable_prospect' group by l.branch_id),
      bills as (select branch_id, sum(total_billing) as amount from prospective_billings group by branch_id)
      select coalesce(l.branch_id, b.branch_id) as branch_id, coalesce(l.amount, 0)::text as ledger,
        coalesce(b.amount, 0)::text as bills
      from ledger l full join bills b on b.branch_id = l.branch_id
      where coalesce(l.amount, 0) <> coalesce(b.amount, 0)`,
  );

/** Per branch: Titipan Siswa (a credit balance) against the sum of the credit movements, where they differ. */
export const creditGaps = (ctx: TestContext) =>
  rows<{ branch_id: number; ledger: string; credit: string }>(
    ctx,
    sql`with ledger as (
        select l.branch_id, sum(l.credit - l.debit) as amount from books_lines l
        join books_accounts a on a.id = l.account_id and a.role = 'student_credit' group by l.branch_id),
      credit as (select branch_id, sum(amount) as amount from student_credit_movements group by branch_id)
      select coalesce(l.branch_id, c.branch_id) as branch_id, coalesce(l.amount, 0)::text as ledger,
        coalesce(c.amount, 0)::text as credit
      from ledger l full join credit c on c.branch_id = l.branch_id
      where coalesce(l.amount, 0) <> coalesce(c.amount, 0)`,
  );

/** The kept sums (migration 0035) against the lines summed per branch, account and month: the rows that differ. */
export const keptSumGaps = (ctx: Reader) =>
  rows<{ branch_id: number; account_id: number; mm: string }>(
    ctx,
    sql`with lines as (select l.branch_id, l.account_id, date_trunc('month', e.entry_date)::date as mm,
          sum(l.debit) as debit, sum(l.credit) as credit
        from books_lines l join books_entries e on e.id = l.entry_id group by 1, 2, 3)
      select coalesce(l.branch_id, s.branch_id) as branch_id, coalesce(l.account_id, s.account_id) as account_id,
        coalesce(l.mm, s.mm)::text as mm
      from lines l full join books_month_sums s
        on s.branch_id = l.branch_id and s.account_id = l.account_id and s.mm = l.mm
      where l.debit is distinct from s.debit or l.credit is distinct from s.credit`,
  );

/** Every rule at once. */
export async function expectBooksTrue(ctx: TestContext): Promise<void> {
  expect(await unbalancedEntries(ctx)).toEqual([]);
  expect(await receivableGaps(ctx)).toEqual([]);
  expect(await prospectReceivableGaps(ctx)).toEqual([]);
  expect(await creditGaps(ctx)).toEqual([]);
  expect(await keptSumGaps(ctx)).toEqual([]);
  const pending = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from books_entries where voucher_number like 'PENDING-%'`,
  );
  expect(pending[0]?.n).toBe(0);
}

export interface EntryRow {
  id: number;
  voucher_number: string;
  entry_date: string;
  source_kind: string;
  reversal_of: number | null;
  lines: { code: string; debit: number; credit: number }[];
}

/** The entries of a bill and of the payments on it, oldest first, with their lines by account code. */
export async function entriesOfBill(
  ctx: TestContext,
  billId: number,
  column: 'bill_id' | 'prospective_billing_id' = 'bill_id',
): Promise<EntryRow[]> {
  const found = await rows<EntryRow & { lines: { code: string; debit: string; credit: string }[] }>(
    ctx,
    sql`select e.id, e.voucher_number, e.entry_date::text as entry_date, e.source_kind, e.reversal_of,
        json_agg(json_build_object('code', a.code, 'debit', l.debit, 'credit', l.credit) order by l.id) as lines
      from books_entries e join books_lines l on l.entry_id = e.id join books_accounts a on a.id = l.account_id
      where e.id in (select entry_id from books_lines where ${sql.identifier(column)} = ${billId})
      group by e.id order by e.id`,
  );
  return found.map((e) => ({
    ...e,
    lines: e.lines.map((l) => ({ code: l.code, debit: Number(l.debit), credit: Number(l.credit) })),
  }));
}

/**
 * Fees billed ahead (docs/books.md "Fees billed ahead"), after a recognition at the instant `at`: per student
 * bill, Pendapatan Diterima di Muka holds its net (Total Biaya less discounts and Ditanggung) while it is confirmed
 * and its month starts after `at`'s day, else nothing; its revenue and contra-revenue lines hold that net once the
 * month has started. The bills that differ, among `billIds` (every bill by default).
 */
export const unearnedGaps = (ctx: TestContext, at: Date, billIds?: readonly number[]) =>
  rows<{ bill_id: number; unearned: string; income: string; net: string }>(
    ctx,
    sql`with bills as (
        select b.id, b.form_status = 1 and (b.mm || '-01')::date
            > (${at.toISOString()}::timestamptz at time zone br.time_zone)::date as ahead,
          case when b.form_status = 1 then coalesce(sum(i.total_amount - i.total_discount - i.total_bail), 0)
            else 0 end as net
        from student_billings b join branches br on br.id = b.branch_id
        left join student_billing_items i on i.student_billing_id = b.id and i.removed_at is null
        where ${billIds ? sql`b.id = any(${sql.param(billIds)}::integer[])` : sql`true`}
        group by b.id, br.time_zone),
      booked as (
        select l.bill_id,
          sum(l.credit - l.debit) filter (where a.role = 'unearned') as unearned,
          sum(l.credit - l.debit) filter (where a.kind in ('revenue', 'contra_revenue')) as income
        from books_lines l join books_accounts a on a.id = l.account_id
        where l.bill_id is not null group by l.bill_id)
      select b.id as bill_id, coalesce(k.unearned, 0)::text as unearned, coalesce(k.income, 0)::text as income,
        b.net::text as net
      from bills b left join booked k on k.bill_id = b.id
      where coalesce(k.unearned, 0) <> case when b.ahead then b.net else 0 end
        or coalesce(k.income, 0) <> case when b.ahead then 0 else b.net end`,
  );
