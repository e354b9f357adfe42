/**
 * Bill and payment numbers: `{PREFIX}-{BRANCH CODE}-{YYMM}-{00001}`, counted per branch, kind and month,
 * e.g. INV-BDG-2611-00042. Unique per client (enforced by unique indexes as well).
 *
 * Two ways to take them. `numberAtCommit` (payments, bills): the document is written with a `provisionalNumber`
 * and registered; the counter is bumped and the final numbers written as the transaction commits, so the counter
 * row is locked only during the commit (api/ROUTES.md "Numbers without a queue"). `nextDocumentNumber(s)` (Tutup
 * Kas): the counter is bumped where it is called and stays locked until the transaction ends.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { executeShaped } from '../db/prepared';
import type {
  prospective_billing_payments,
  prospective_billings,
  student_billing_payments,
  student_billings,
} from '../db/schema';
import { branches, document_numberings, document_sequences } from '../db/schema';
import type { BranchScope } from './scope';

export const DOCUMENT_PREFIX = {
  student_billing: 'INV',
  student_payment: 'KWT',
  psb_billing: 'PSB',
  mutation_billing: 'MUT',
  prospective_payment: 'KWP',
  cash_closing: 'TKS',
  journal_entry: 'JU',
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
 * before its number is taken: `numberAtCommit` replaces it as the transaction commits, so no other transaction
 * ever sees it. The kept payment sums count a payment once its number is no longer a stand-in (migration 0020
 * knows the `PENDING-` prefix).
 */
export function provisionalNumber(): string {
  return `PENDING-${randomBytes(12).toString('hex')}`;
}

/** The tables whose documents are numbered at commit (migration 0023's trigger knows each one's number column). */
export type NumberedTable =
  | typeof student_billing_payments
  | typeof prospective_billing_payments
  | typeof student_billings
  | typeof prospective_billings;

/**
 * Gives the rows `ids` of `table` (written with a `provisionalNumber`) the next numbers of `kind` for the month
 * of `date`, in the order of `ids`, AS THE TRANSACTION COMMITS: this statement only registers them (a row of
 * `document_numberings`); its deferred trigger (migration 0023) bumps the branch's counter once for all of them
 * and writes the numbers during COMMIT. The counter row is therefore locked only from there to the end of the
 * commit, so concurrent documents of the branch, kind and month wait for each other only for that, and numbers
 * stay gap-free (a rollback gives them back) and in commit order. Nothing in the transaction can read the numbers;
 * read them after it (api/ROUTES.md "Numbers without a queue").
 *
 * Waiting: COMMIT has no statement deadline; the trigger waits for the counter at most until the transaction's
 * `keuangan.wait_until` (a payment sets it in its first statement), else the lock timeout from its start.
 *
 * `along`: data-modifying statements (an UPDATE, an INSERT; without RETURNING) sent in the same statement, a round
 * trip less each (a payment: its totals and audit record). `first`: other documents written and registered in the
 * same statement (a payment's journal entry): its CTEs, and the rows registering them, inserted before this
 * document's, so their counters are taken first at commit, in the order they always were.
 */
export async function numberAtCommit(
  tx: Tx,
  scope: BranchScope,
  kind: DocumentKind,
  date: string,
  table: NumberedTable,
  ids: readonly number[],
  options: { along?: readonly SQL[]; first?: { ctes: SQL; registrations: SQL } } = {},
): Promise<void> {
  if (ids.length === 0) return;
  const { along = [], first } = options;
  const ctes = along.map((statement, i) => sql`${sql.raw(`w${i}`)} as (${statement})`);
  if (first) ctes.push(first.ctes);
  const own = sql`values (${scope.clientId}::integer, ${scope.branchId}::integer, ${kind}::text,
    ${date.slice(0, 7)}::text, ${DOCUMENT_PREFIX[kind]}::text, ${getTableName(table)}::text,
    ${sql.param(ids)}::integer[])`;
  await executeShaped(
    tx,
    sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}insert into ${document_numberings}
      (client_id, branch_id, kind, period, prefix, target, ids)
      ${first ? sql`${first.registrations} union all ${own}` : own}`,
  );
}
