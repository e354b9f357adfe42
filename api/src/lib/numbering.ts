/**
 * Document numbers `{PREFIX}-{BRANCH CODE}-{YYMM}-{00001}` per branch, kind and month (docs/money.md "Document
 * numbers"): `numberAtCommit` (counter locked only during COMMIT) or `nextDocumentNumber(s)` (locked from the call).
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
 * Algorithm: registers rows `ids` of `table` (written with a `provisionalNumber`) for the next numbers of `kind`;
 * migration 0023's deferred trigger bumps the counter and writes them AS THE TRANSACTION COMMITS, within the
 * payment's `keuangan.wait_until` (api/ROUTES.md "Numbers without a queue"). `along`: writes sent in the same
 * statement, a round trip less each (no RETURNING).
 */
export async function numberAtCommit(
  tx: Tx,
  scope: BranchScope,
  kind: DocumentKind,
  date: string,
  table: NumberedTable,
  ids: readonly number[],
  options: { along?: readonly SQL[] } = {},
): Promise<void> {
  if (ids.length === 0) return;
  const along = options.along ?? [];
  const written = along.map((statement, i) => sql`${sql.raw(`w${i}`)} as (${statement})`);
  await executeShaped(
    tx,
    sql`${along.length ? sql`with ${sql.join(written, sql`, `)} ` : sql``}insert into ${document_numberings}
      (client_id, branch_id, kind, period, prefix, target, ids)
      values (${scope.clientId}, ${scope.branchId}, ${kind}, ${date.slice(0, 7)}, ${DOCUMENT_PREFIX[kind]},
        ${getTableName(table)}, ${sql.param(ids)}::integer[])`,
  );
}
