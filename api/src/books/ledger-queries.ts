/**
 * Buku Besar (docs/books.md "Reports"): one account's lines in a period of the active branch, each with the running
 * balance on the account's normal side, computed in SQL (a window over the page from the balance before it), so
 * any page starts from the balance of everything before it.
 */
import {
  BOOKS_LEDGER_MESSAGES,
  BOOKS_SOURCE_LABELS,
  type BooksAccount,
  type BooksLedgerLine,
  type BooksLedgerPage,
  type BooksLedgerQuery,
  normalSideOf,
} from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import { pagedResponse } from '../lib/paging';
import type { BranchScope } from '../lib/scope';
import { movementsUpTo } from './kept-sum-queries';
import { rowsOf } from './queries';

type Figures = { debit: string; credit: string; total: number };
type LineRow = Omit<BooksLedgerLine, 'source_label' | 'debit' | 'credit' | 'balance'> & {
  source_kind: string;
  debit: string;
  credit: string;
  balance: string;
};

export async function ledger(db: Db, scope: BranchScope, q: BooksLedgerQuery): Promise<BooksLedgerPage> {
  const [account] = await rowsOf<Pick<BooksAccount, 'id' | 'code' | 'name' | 'kind'>>(
    db,
    sql`select id, code, name, kind from books_accounts where id = ${q.account_id} and client_id = ${scope.clientId}`,
  );
  if (!account) throw new ApiError(404, BOOKS_LEDGER_MESSAGES.accountNotFound);
  const side = normalSideOf(account.kind);
  // +1 keeps a debit-side balance, -1 a credit-side one (docs/books.md "Buku Besar").
  const sign = side === 'debit' ? 1 : -1;
  const ofAccount = sql`l.client_id = ${scope.clientId} and l.branch_id = ${scope.branchId}
    and l.account_id = ${account.id}`;
  const inPeriod = sql.join(
    [
      ...(q.date_from ? [sql`e.entry_date >= ${q.date_from}::date`] : []),
      ...(q.date_to ? [sql`e.entry_date <= ${q.date_to}::date`] : []),
      sql`true`,
    ],
    sql` and `,
  );
  // Saldo Awal from the kept sums and at most one month of lines (docs/books.md "Kept sums").
  const [start] = q.date_from
    ? await rowsOf<{ opening: string }>(
        db,
        sql`select (${sign} * coalesce(sum(debit - credit), 0))::text as opening
          from (${movementsUpTo(scope, sql`(${q.date_from}::date - 1)`, account.id)}) m`,
      )
    : [{ opening: '0' }];
  const [figures] = await rowsOf<Figures>(
    db,
    sql`select coalesce(sum(l.debit), 0)::text as debit, coalesce(sum(l.credit), 0)::text as credit,
        count(*)::int as total
      from books_lines l join books_entries e on e.id = l.entry_id where ${ofAccount} and ${inPeriod}`,
  );
  const opening = Number(start?.opening ?? 0);
  // Only the page is windowed: it starts from the balance of everything before its first line, read from the kept
  // sums and that line's month (docs/books.md "Buku Besar"), so no page costs the lines before it.
  const found = await rowsOf<LineRow>(
    db,
    sql`with page as (
        select l.id as line_id, e.id as entry_id, e.entry_date, e.voucher_number, e.description, e.source_kind,
          e.reversal_of, l.debit, l.credit
        from books_lines l join books_entries e on e.id = l.entry_id
        where ${ofAccount} and ${inPeriod}
        order by e.entry_date, e.voucher_number, l.id limit ${q.limit} offset ${(q.page - 1) * q.limit}),
      head as (select entry_date, voucher_number, line_id from page order by 1, 2, 3 limit 1),
      base as (select coalesce(sum(m.debit - m.credit), 0) as amount from (
          ${movementsUpTo(scope, sql`((select entry_date from head) - 1)`, account.id)}
          union all
          select l.account_id, l.debit, l.credit from head h, books_lines l join books_entries e on e.id = l.entry_id
          where ${ofAccount} and e.entry_date = h.entry_date
            and (e.voucher_number, l.id) < (h.voucher_number, h.line_id)) m)
      select p.line_id, p.entry_id, p.entry_date::text as entry_date, p.voucher_number, p.description,
        p.source_kind, r.voucher_number as reverses, p.debit::text as debit, p.credit::text as credit,
        (${sign} * ((select amount from base) + sum(p.debit - p.credit) over (
          order by p.entry_date, p.voucher_number, p.line_id rows between unbounded preceding and current row
        )))::text as balance
      from page p left join books_entries r on r.id = p.reversal_of
      order by p.entry_date, p.voucher_number, p.line_id`,
  );
  const data = found.map(({ source_kind, ...l }) => ({
    ...l,
    line_id: Number(l.line_id),
    entry_id: Number(l.entry_id),
    source_label: BOOKS_SOURCE_LABELS[source_kind] ?? source_kind,
    debit: Number(l.debit),
    credit: Number(l.credit),
    balance: Number(l.balance),
  }));
  const debit = Number(figures?.debit ?? 0);
  const credit = Number(figures?.credit ?? 0);
  return {
    ...pagedResponse(data, figures?.total ?? 0, q.page, q.limit),
    account: { ...account, id: Number(account.id), side },
    period: { from: q.date_from ?? null, to: q.date_to ?? null },
    opening_balance: opening,
    closing_balance: opening + sign * (debit - credit),
    total_debit: debit,
    total_credit: credit,
  };
}
