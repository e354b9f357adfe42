/**
 * Bill and payment numbers: `{PREFIX}-{BRANCH CODE}-{YYMM}-{00001}`, counted per branch, kind and month,
 * e.g. INV-BDG-2611-00042. Unique per client (enforced by unique indexes as well).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
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
