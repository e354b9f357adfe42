/** The statements behind Akun & Pemetaan (chart-writes.ts): the chart, its use, and the mappings. */
import {
  BOOKS_DEDUCTIONS,
  type BooksAccountSave,
  type BooksChartAccount,
  type BooksChartQuery,
  type BooksMappingRow,
  type BooksMappingSave,
  MAPPED_PAYMENT_TYPES,
} from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { pagedResponse } from '../lib/paging';
import type { BranchScope } from '../lib/scope';
import { rowsOf } from './queries';

type Scope = Pick<BranchScope, 'clientId'>;

/** How many mappings (and roles) point to each account `a`: a deactivation waits for none. */
const mappedCount = sql`((select count(*) from books_mappings m
    where m.account_id = a.id or m.receivable_account_id = a.id) + (a.role is not null)::int)::int`;

/** The foundation's chart by code, paged, each account with whether it has entries and how often it is mapped. */
export async function chartPage(db: Db, scope: Scope, q: BooksChartQuery) {
  const [rows, [count]] = await Promise.all([
    rowsOf<BooksChartAccount>(
      db,
      sql`select a.id, a.code, a.name, a.kind, a.role, a.active,
          exists (select from books_lines l where l.account_id = a.id) as has_entries, ${mappedCount} as mapped
        from books_accounts a where a.client_id = ${scope.clientId}
        order by a.code limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from books_accounts where client_id = ${scope.clientId}`,
    ),
  ]);
  return pagedResponse(rows, count?.total ?? 0, q.page, q.limit);
}

/** One account of the foundation's chart, locked for the write, with its use. */
export async function lockAccount(tx: Tx, scope: Scope, id: number) {
  const [row] = await rowsOf<BooksChartAccount>(
    tx,
    sql`select a.id, a.code, a.name, a.kind, a.role, a.active,
        exists (select from books_lines l where l.account_id = a.id) as has_entries, ${mappedCount} as mapped
      from books_accounts a where a.id = ${id} and a.client_id = ${scope.clientId} for update`,
  );
  return row;
}

/** Whether another account of the foundation has the code. */
export async function codeTaken(tx: Tx, scope: Scope, code: string, exceptId: number | null) {
  const rows = await rowsOf(
    tx,
    sql`select 1 from books_accounts where client_id = ${scope.clientId} and lower(code) = lower(${code})
      and id is distinct from ${exceptId}::integer`,
  );
  return rows.length > 0;
}

export async function insertAccount(tx: Tx, scope: Scope, body: BooksAccountSave): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into books_accounts (client_id, code, name, kind)
      values (${scope.clientId}, ${body.code}, ${body.name}, ${body.kind}) returning id`,
  );
  return Number(row?.id);
}

export async function updateAccount(tx: Tx, id: number, body: BooksAccountSave): Promise<void> {
  await tx.execute(
    sql`update books_accounts set code = ${body.code}, name = ${body.name}, kind = ${body.kind} where id = ${id}`,
  );
}

export async function setAccountActive(tx: Tx, id: number, active: boolean): Promise<void> {
  await tx.execute(sql`update books_accounts set active = ${active} where id = ${id}`);
}

/** The mappable things as one list: the branch's fee types, then the payment types, then the deductions. */
const mappables = (scope: BranchScope) => {
  const fixed = (source: string, list: readonly { value: number; label: string }[]) =>
    sql.join(
      list.map((x) => sql`(${source}, ${x.value}::integer, ${x.label}::text, 2, ${x.value}::integer)`),
      sql`, `,
    );
  return sql`select 'fee_type' as source, f.id as source_key, f.name::text as label, 1 as ord, 0 as pos
      from fee_types f where f.branch_id = ${scope.branchId}
    union all select * from (values ${fixed('payment_type', MAPPED_PAYMENT_TYPES)},
      ${fixed('deduction', BOOKS_DEDUCTIONS)}) as x(source, source_key, label, ord, pos)`;
};

/** The mappings of the branch's fee types, every payment type and both deductions, paged. */
export async function mappingPage(db: Db, scope: BranchScope, q: BooksChartQuery) {
  const list = mappables(scope);
  const [rows, [count]] = await Promise.all([
    rowsOf<BooksMappingRow>(
      db,
      sql`select s.source, s.source_key, s.label, a.id as account_id, a.code as account_code,
          a.name as account_name, r.id as receivable_account_id, r.code as receivable_code, r.name as receivable_name
        from (${list}) s
        left join books_mappings m on m.client_id = ${scope.clientId} and m.source = s.source
          and m.source_key = s.source_key
        left join books_accounts a on a.id = m.account_id
        left join books_accounts r on r.id = m.receivable_account_id
        order by case s.source when 'fee_type' then 1 when 'payment_type' then 2 else 3 end, s.pos, s.label,
          s.source_key
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from (${list}) s`),
  ]);
  return pagedResponse(rows, count?.total ?? 0, q.page, q.limit);
}

/** Whether the fee type belongs to the foundation. */
export async function feeTypeOfClient(tx: Tx, scope: Scope, feeTypeId: number): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`select 1 from fee_types where id = ${feeTypeId} and client_id = ${scope.clientId}`,
  );
  return rows.length > 0;
}

/** The mapping as it stands, locked for the write (undefined: none yet). */
export async function lockMapping(tx: Tx, scope: Scope, m: Pick<BooksMappingSave, 'source' | 'source_key'>) {
  const [row] = await rowsOf<{ account_id: number; receivable_account_id: number | null }>(
    tx,
    sql`select account_id, receivable_account_id from books_mappings
      where client_id = ${scope.clientId} and source = ${m.source} and source_key = ${m.source_key} for update`,
  );
  return row;
}

export async function upsertMapping(tx: Tx, scope: Scope, m: BooksMappingSave): Promise<void> {
  await tx.execute(
    sql`insert into books_mappings (client_id, source, source_key, account_id, receivable_account_id)
      values (${scope.clientId}, ${m.source}, ${m.source_key}, ${m.account_id}, ${m.receivable_account_id})
      on conflict (client_id, source, source_key)
        do update set account_id = excluded.account_id, receivable_account_id = excluded.receivable_account_id`,
  );
}
