/**
 * Reading the books of one branch (docs/books.md "Reports"): Jurnal Umum, Neraca Saldo and the exports' lines
 * (the tie-out: tie-out.ts).
 */
import {
  BOOKS_SOURCE_LABELS,
  type BooksAccount,
  type BooksJournalEntry,
  type BooksJournalPage,
  type BooksJournalQuery,
  type BooksTrialBalance,
  type BooksTrialBalanceQuery,
  type BooksTrialBalanceRow,
} from '@keuangan/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { containsPattern, pagedResponse } from '../lib/paging';
import type { BranchScope } from '../lib/scope';
import { movementsUpTo } from './kept-sum-queries';

export const rowsOf = async <T>(db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The foundation's chart, by code. */
export function accounts(db: Db, scope: BranchScope): Promise<BooksAccount[]> {
  return rowsOf<BooksAccount>(
    db,
    sql`select id, code, name, kind, role, active from books_accounts where client_id = ${scope.clientId} order by code`,
  );
}

/** The journal's filter (branch, period, voucher, account) on entries `e`. */
function journalWhere(scope: BranchScope, q: Omit<BooksJournalQuery, 'page' | 'limit'>): SQL {
  return sql.join(
    [
      sql`e.client_id = ${scope.clientId} and e.branch_id = ${scope.branchId}`,
      ...(q.date_from ? [sql`e.entry_date >= ${q.date_from}::date`] : []),
      ...(q.date_to ? [sql`e.entry_date <= ${q.date_to}::date`] : []),
      ...(q.voucher ? [sql`e.voucher_number ilike ${containsPattern(q.voucher)}`] : []),
      ...(q.account_id
        ? [sql`exists (select from books_lines x where x.entry_id = e.id and x.account_id = ${q.account_id})`]
        : []),
    ],
    sql` and `,
  );
}

/** Jurnal Umum: the branch's entries in date and voucher order, each with its lines, and the filter's totals. */
export async function journal(db: Db, scope: BranchScope, q: BooksJournalQuery): Promise<BooksJournalPage> {
  const where = journalWhere(scope, q);
  const [entries, [totals]] = await Promise.all([
    rowsOf<Omit<BooksJournalEntry, 'source_label'>>(
      db,
      sql`select e.id, e.voucher_number, e.entry_date::text as entry_date, e.source_kind, e.description,
          r.voucher_number as reverses,
          (select json_agg(json_build_object('account_id', a.id, 'account_code', a.code, 'account_name', a.name,
              'debit', l.debit, 'credit', l.credit) order by l.debit = 0, l.id)
            from books_lines l join books_accounts a on a.id = l.account_id where l.entry_id = e.id) as lines
        from books_entries e left join books_entries r on r.id = e.reversal_of
        where ${where} order by e.entry_date, e.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    rowsOf<{ total: number; debit: string | null; credit: string | null }>(
      db,
      sql`select count(distinct e.id)::int as total, sum(l.debit)::text as debit, sum(l.credit)::text as credit
        from books_entries e join books_lines l on l.entry_id = e.id where ${where}`,
    ),
  ]);
  const data = entries.map((e) => ({
    ...e,
    source_label: BOOKS_SOURCE_LABELS[e.source_kind] ?? e.source_kind,
    lines: e.lines.map((l) => ({ ...l, debit: Number(l.debit), credit: Number(l.credit) })),
  }));
  return {
    ...pagedResponse(data, totals?.total ?? 0, q.page, q.limit),
    total_debit: Number(totals?.debit ?? 0),
    total_credit: Number(totals?.credit ?? 0),
  };
}

/** Neraca Saldo: per account with a movement, the period's debits and credits and the balance at its end. */
export async function trialBalance(
  db: Db,
  scope: BranchScope,
  q: BooksTrialBalanceQuery,
): Promise<BooksTrialBalance> {
  // Kept sums: everything up to the period's end, less everything before its start (docs/books.md "Kept sums").
  const sums = (day: SQL | undefined) =>
    sql`select account_id, sum(debit) as debit, sum(credit) as credit
      from (${movementsUpTo(scope, day)}) m group by account_id`;
  const before = q.date_from
    ? sums(sql`(${q.date_from}::date - 1)`)
    : sql`select null::integer as account_id, 0::numeric as debit, 0::numeric as credit where false`;
  const found = await rowsOf<Record<keyof BooksTrialBalanceRow, string | number>>(
    db,
    sql`with upto as (${sums(q.date_to ? sql`${q.date_to}::date` : undefined)}), prior as (${before})
      select a.id as account_id, a.code, a.name, a.kind,
        (u.debit - coalesce(b.debit, 0))::text as debit,
        (u.credit - coalesce(b.credit, 0))::text as credit,
        greatest(u.debit - u.credit, 0)::text as balance_debit,
        greatest(u.credit - u.debit, 0)::text as balance_credit
      from upto u join books_accounts a on a.id = u.account_id left join prior b on b.account_id = u.account_id
      order by a.code`,
  );
  const rows = found.map((r) => ({
    account_id: Number(r.account_id),
    code: String(r.code),
    name: String(r.name),
    kind: r.kind as BooksAccount['kind'],
    debit: Number(r.debit),
    credit: Number(r.credit),
    balance_debit: Number(r.balance_debit),
    balance_credit: Number(r.balance_credit),
  }));
  const add = (key: 'debit' | 'credit' | 'balance_debit' | 'balance_credit') =>
    rows.reduce((total, r) => total + r[key], 0);
  return {
    period: { from: q.date_from ?? null, to: q.date_to ?? null },
    rows,
    totals: {
      debit: add('debit'),
      credit: add('credit'),
      balance_debit: add('balance_debit'),
      balance_credit: add('balance_credit'),
    },
  };
}

/** One row per journal line of the filter, in journal order: what every export writes (docs/books.md "Exports"). */
export interface JournalExportLine {
  entry_date: string;
  voucher_number: string;
  code: string;
  name: string;
  debit: string;
  credit: string;
  branch: string;
  description: string;
  source_kind: string;
}

export async function journalLines(
  db: Db,
  scope: BranchScope,
  q: Omit<BooksJournalQuery, 'page' | 'limit'>,
  max: number,
): Promise<JournalExportLine[]> {
  return rowsOf<JournalExportLine>(
    db,
    sql`select e.entry_date::text as entry_date, e.voucher_number, a.code, a.name, l.debit::text as debit,
        l.credit::text as credit, b.name as branch, e.description, e.source_kind
      from books_entries e join books_lines l on l.entry_id = e.id join books_accounts a on a.id = l.account_id
      join branches b on b.id = e.branch_id
      where ${journalWhere(scope, q)} order by e.entry_date, e.id, l.debit = 0, l.id limit ${max + 1}`,
  );
}
