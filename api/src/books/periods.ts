/**
 * Tutup Buku (docs/books.md "Closing a month"): a finance manager closes an ended month of the active branch and
 * reopens it with a reason. Each is a new row (append-only) and an audit record; the lock is ledger/period-lock.ts.
 */
import {
  BOOKS_PERIOD_MESSAGES,
  type BooksPeriod,
  type BooksPeriods,
  isCashManager,
} from '@keuangan/shared/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { books_period_closings, users } from '../db/schema';
import { lockPeriod } from '../ledger/period-lock';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden } from '../lib/errors';
import { monthOf, todayIn } from '../lib/time';

/** The branch's months ever closed, newest first, each as its latest row left it. */
export async function periods(db: Db, auth: AuthContext): Promise<BooksPeriods> {
  const rows = await db
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
        eq(books_period_closings.client_id, auth.clientId),
        eq(books_period_closings.branch_id, auth.branchId),
      ),
    )
    .orderBy(desc(books_period_closings.mm), desc(books_period_closings.id));
  return {
    periods: rows.map(
      (r): BooksPeriod => ({
        mm: r.mm,
        closed: r.action === 'close',
        changed_at: r.created_at.toISOString(),
        changed_by: r.changed_by,
        reason: r.reason,
      }),
    ),
    can_manage: isCashManager(auth.roleSlugs),
  };
}

/** Whether the branch's month is closed now (its latest row), read after `lockPeriod`. */
async function isClosed(tx: Tx, auth: AuthContext, mm: string): Promise<boolean> {
  const [latest] = await tx
    .select({ action: books_period_closings.action })
    .from(books_period_closings)
    .where(and(eq(books_period_closings.branch_id, auth.branchId), eq(books_period_closings.mm, mm)))
    .orderBy(desc(books_period_closings.id))
    .limit(1);
  return latest?.action === 'close';
}

/**
 * Closes or reopens `mm`: managers only; a close only once the month has ended in the branch's zone. The lock
 * waits for transactions posting into the month, so none lands in it after the close commits.
 */
export async function changePeriod(
  tx: Tx,
  auth: AuthContext,
  mm: string,
  change: { action: 'close' } | { action: 'reopen'; reason: string },
): Promise<void> {
  if (!isCashManager(auth.roleSlugs)) throw forbidden(BOOKS_PERIOD_MESSAGES.role);
  if (change.action === 'close' && mm >= monthOf(todayIn(auth))) {
    throw fieldError('mm', BOOKS_PERIOD_MESSAGES.notEnded);
  }
  await lockPeriod(tx, auth.branchId, mm);
  const closed = await isClosed(tx, auth, mm);
  if (change.action === 'close' && closed) throw new ApiError(409, BOOKS_PERIOD_MESSAGES.alreadyClosed);
  if (change.action === 'reopen' && !closed) throw new ApiError(409, BOOKS_PERIOD_MESSAGES.notClosed);
  const reason = change.action === 'reopen' ? change.reason : null;
  const [row] = await tx
    .insert(books_period_closings)
    .values({
      client_id: auth.clientId,
      branch_id: auth.branchId,
      mm,
      action: change.action,
      reason,
      created_by: auth.userId,
    })
    .returning({ id: books_period_closings.id });
  await recordAudit(tx, auditWho(auth), {
    action: change.action === 'close' ? 'books.close_period' : 'books.reopen_period',
    entity: 'books_period',
    entityId: row?.id ?? null,
    before: { mm, closed },
    after: { mm, closed: change.action === 'close' },
    reason,
  });
}
