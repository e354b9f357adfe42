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
import type { AuthContext } from '../auth/session';
import type { Database, Db, Tx } from '../db/client';
import { lockPeriod } from '../ledger/period-lock-queries';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden } from '../lib/errors';
import { monthOf, todayIn } from '../lib/time';
import { insertPeriodRow, latestPeriodAction, latestPeriodRows } from './period-queries';

/** The branch's months ever closed, newest first, each as its latest row left it. */
export async function periods(db: Db, auth: AuthContext): Promise<BooksPeriods> {
  const rows = await latestPeriodRows(db, auth);
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

/**
 * Closes or reopens `mm`: managers only; a close only once the month has ended in the branch's zone. The lock
 * waits for transactions posting into the month, so none lands in it after the close commits.
 */
async function changePeriod(
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
  // Read after the lock: the latest row decides.
  const closed = (await latestPeriodAction(tx, auth.branchId, mm)) === 'close';
  if (change.action === 'close' && closed) throw new ApiError(409, BOOKS_PERIOD_MESSAGES.alreadyClosed);
  if (change.action === 'reopen' && !closed) throw new ApiError(409, BOOKS_PERIOD_MESSAGES.notClosed);
  const reason = change.action === 'reopen' ? change.reason : null;
  const id = await insertPeriodRow(tx, auth, mm, change.action, reason);
  await recordAudit(tx, auditWho(auth), {
    action: change.action === 'close' ? 'books.close_period' : 'books.reopen_period',
    entity: 'books_period',
    entityId: id ?? null,
    before: { mm, closed },
    after: { mm, closed: change.action === 'close' },
    reason,
  });
}

/** Closes or reopens `mm` in one transaction (the use case of Tutup Buku's two routes). */
export function changePeriodOnce(
  database: Database,
  auth: AuthContext,
  mm: string,
  change: { action: 'close' } | { action: 'reopen'; reason: string },
): Promise<void> {
  return database.transaction((tx) => changePeriod(tx, auth, mm, change));
}
