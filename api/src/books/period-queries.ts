/** The statements behind Tutup Buku (periods.ts): the branch's closing rows, append-only. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { books_period_closings, users } from '../db/schema';
import type { BranchScope } from '../lib/scope';

/** The branch's months ever closed, newest first, each as its latest row left it. */
export function latestPeriodRows(db: Db, scope: BranchScope) {
  return db
    .selectDistinctOn([books_period_closings.mm], {
      mm: books_period_closings.mm,
      action: books_period_closings.action,
      created_at: books_period_closings.created_at,
      changed_by: users.name,
      reason: books_period_closings.reason,
    })
    .from(books_period_closings)
    .leftJoin(users, eq(users.id, books_period_closings.created_by))
    .where(
      and(
        eq(books_period_closings.client_id, scope.clientId),
        eq(books_period_closings.branch_id, scope.branchId),
      ),
    )
    .orderBy(desc(books_period_closings.mm), desc(books_period_closings.id));
}

/** The action of the month's latest row in the branch ('close' or 'reopen'; undefined: never closed). */
export async function latestPeriodAction(tx: Tx, branchId: number, mm: string): Promise<string | undefined> {
  const [latest] = await tx
    .select({ action: books_period_closings.action })
    .from(books_period_closings)
    .where(and(eq(books_period_closings.branch_id, branchId), eq(books_period_closings.mm, mm)))
    .orderBy(desc(books_period_closings.id))
    .limit(1);
  return latest?.action;
}

/** Appends a close or reopen row; answers its id. */
export async function insertPeriodRow(
  tx: Tx,
  who: BranchScope & { userId: number },
  mm: string,
  action: 'close' | 'reopen',
  reason: string | null,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(books_period_closings)
    .values({
      client_id: who.clientId,
      branch_id: who.branchId,
      mm,
      action,
      reason,
      created_by: who.userId,
    })
    .returning({ id: books_period_closings.id });
  return row?.id;
}
