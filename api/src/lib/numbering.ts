/**
 * Bill and payment numbers: `{PREFIX}-{BRANCH CODE}-{YYMM}-{00001}`, counted per branch, kind and month,
 * e.g. INV-BDG-2611-00042. Unique per client (enforced by unique indexes as well).
 *
 * Two ways to take them. `numberLast` (payments, bills): the document is written with a `provisionalNumber`,
 * and the transaction's LAST statement bumps the counter and writes the final numbers, so the counter row is
 * locked only from that statement to commit (api/ROUTES.md "Numbers without a queue"). `nextDocumentNumber(s)`
 * (Tutup Kas): the counter is bumped where it is called and stays locked until the transaction ends.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Tx, WAIT_LIMITS } from '../db/client';
import { executeShaped } from '../db/prepared';
import { branches, document_sequences } from '../db/schema';
import type { BranchScope } from './scope';

export const DOCUMENT_PREFIX = {
  student_billing: 'INV',
  student_payment: 'KWT',
  psb_billing: 'PSB',
  mutation_billing: 'MUT',
  prospective_payment: 'KWP',
  cash_closing: 'TKS',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_PREFIX;

/** `date` is 'YYYY-MM' or 'YYYY-MM-DD': the month the number is counted in. */
export function formatDocumentNumber(
  kind: DocumentKind,
  branchCode: string,
  date: string,
  seq: number,
): string {
  return `${DOCUMENT_PREFIX[kind]}-${branchCode}-${date.slice(2, 4)}${date.slice(5, 7)}-${String(seq).padStart(5, '0')}`;
}

/** The next number of `kind` in the scope's branch for the month of `date`. Call inside the writing transaction. */
export async function nextDocumentNumber(
  tx: Tx,
  scope: BranchScope,
  kind: DocumentKind,
  date: string,
): Promise<string> {
  const [number] = await nextDocumentNumbers(tx, scope, kind, date, 1);
  return number as string;
}

/**
 * `count` consecutive numbers of `kind` for the month of `date`, with one bump of the counter. The counter row
 * stays locked until the transaction ends, so numbers are gap-free: a transaction that rolls back returns them.
 */
export async function nextDocumentNumbers(
  tx: Tx,
  scope: BranchScope,
  kind: DocumentKind,
  date: string,
  count: number,
): Promise<string[]> {
  if (count <= 0) return [];
  const period = date.slice(0, 7);
  const [row] = await tx
    .insert(document_sequences)
    .values({ client_id: scope.clientId, branch_id: scope.branchId, kind, period, last_value: count })
    .onConflictDoUpdate({
      target: [document_sequences.branch_id, document_sequences.kind, document_sequences.period],
      set: { last_value: sql`${document_sequences.last_value} + ${count}` },
    })
    .returning({
      last: document_sequences.last_value,
      // The branch's code in the same round trip.
      code: sql<string | null>`(select ${branches.code} from ${branches}
        where ${and(eq(branches.id, scope.branchId), eq(branches.client_id, scope.clientId))})`,
    });
  if (!row?.code) throw new Error(`Cannot number a ${kind} in branch ${scope.branchId}`);
  const { code } = row;
  const first = row.last - count + 1;
  return Array.from({ length: count }, (_, i) => formatDocumentNumber(kind, code, period, first + i));
}

/**
 * A stand-in number, unique (96 random bits) and within the columns' 40 characters, for a document written
 * before its number is taken: `numberLast` replaces it in the same transaction, so no other transaction ever
 * sees it (it is never committed). The kept payment sums count a payment once its number is no longer a stand-in
 * (migration 0020 knows the `PENDING-` prefix).
 */
export function provisionalNumber(): string {
  return `PENDING-${randomBytes(12).toString('hex')}`;
}

/** Where `numberLast` writes: a table, its id column and its number column. */
export interface NumberedColumn {
  table: PgTable;
  id: AnyPgColumn;
  number: AnyPgColumn;
}

/**
 * Gives the rows `ids` of `target` (written with a `provisionalNumber`) the next numbers of `kind` for the
 * month of `date`, in the order of `ids`, in ONE statement: the counter's upsert and the rows' UPDATE (a CTE).
 * Make it the transaction's last statement, nothing after it but COMMIT: the counter row is locked from this
 * statement until the transaction ends, so concurrent documents of the branch, kind and month wait for each
 * other only here, and numbers stay gap-free (a rollback gives them back) and in commit order. Answers the
 * numbers in the order of `ids`.
 *
 * `along`: data-modifying statements (an UPDATE, an INSERT; without RETURNING) run in the same statement, BEFORE
 * the counter is taken (the counter's upsert reads their RETURNING), so the counter is not held while they run.
 * Each is a round trip less (a payment: its totals and audit record), and the rows their triggers lock that other
 * transactions of the class also lock (its kept sums, written at the statement's end) are held only from here to
 * commit, behind the counter, instead of from an earlier statement.
 * `deadlineSet`: the transaction already limits each statement to the lock timeout (the payment's first statement).
 */
export async function numberLast(
  tx: Tx,
  scope: BranchScope,
  kind: DocumentKind,
  date: string,
  target: NumberedColumn,
  ids: readonly number[],
  options: { along?: readonly SQL[]; deadlineSet?: boolean } = {},
): Promise<string[]> {
  if (ids.length === 0) return [];
  const count = ids.length;
  const period = date.slice(0, 7);
  const s = document_sequences;
  // One document (a payment, a prospect's bill): one deadline for the whole statement. lock_timeout restarts for
  // every lock a statement waits on, and a payment queued behind others waits twice (behind them on the counter
  // row, then on its holder), so a stalled holder delayed it twice the limit (api/bench/README.md, "Load"). The
  // statement is the transaction's last, so the setting ends with it. A batch of bills (a charge) may take
  // longer to write and keeps the statement limit.
  if (count === 1 && !options.deadlineSet)
    await tx.execute(sql.raw(`set local statement_timeout = ${WAIT_LIMITS.lockMs}`));
  const along = options.along ?? [];
  const written = along.map(
    (statement, i) => sql`${sql.raw(`w${i}`)} as (${statement} returning 1 as done), `,
  );
  // The counter's row is inserted from a select that counts the writes' rows: they have all run when it is taken.
  const after = along.length
    ? sql`(select count(*) from (${sql.join(
        along.map((_, i) => sql.raw(`select done from w${i}`)),
        sql` union all `,
      )}) as w)`
    : sql`(select 0)`;
  // Named by a comment at its start: what a waiting statement is, in pg_stat_activity (which shows 1 kB of it).
  const rows = await executeShaped<{ id: number; number: string }>(
    tx,
    sql`/* number last */ with ${sql.join(written)}n as (
      insert into ${s} (client_id, branch_id, kind, period, last_value)
      select ${scope.clientId}::integer, ${scope.branchId}::integer, ${kind}::text, ${period}::text, ${count}::integer
      where ${after} >= 0
      on conflict (branch_id, kind, period) do update set last_value = ${s.last_value} + ${count}
      returning ${s.last_value} - ${count} as base, (select ${branches.code} from ${branches}
        where ${and(eq(branches.id, scope.branchId), eq(branches.client_id, scope.clientId))}) as code),
    d as (select id, ord from unnest(${sql.param(ids)}::integer[]) with ordinality as d(id, ord)),
    q as (select d.id, (n.base + d.ord)::text as seq, n.code from n, d)
    update ${target.table} set ${sql.identifier(target.number.name)} =
      ${`${DOCUMENT_PREFIX[kind]}-`}::text || q.code || ${`-${period.slice(2, 4)}${period.slice(5, 7)}-`}::text
        || lpad(q.seq, greatest(5, length(q.seq)), '0')
    from q where ${target.id} = q.id
    returning ${target.id} as id, ${target.number} as number`,
  );
  if (rows.length !== count) throw new Error(`Cannot number ${count} ${kind} in branch ${scope.branchId}`);
  const numberOf = new Map(rows.map((row) => [Number(row.id), row.number]));
  return ids.map((id) => numberOf.get(id) as string);
}
