/**
 * Setoran Bank: a closing's cash taken to the bank, recorded once and never changed (docs/money.md "Cash closing").
 * Who may record it is who may close that day: the cashier, or a manager.
 */
import {
  CASH_CLOSING_MESSAGES,
  CASH_COUNT_MESSAGES,
  CASH_PTYPE,
  type CashClosingFigures,
  type CashDepositCreate,
  isCashManager,
} from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden, notFound } from '../lib/errors';
import { todayIn } from '../lib/time';
import { hasDeposit, insertDeposit, lockClosing } from './write-queries';

/** Records the deposit of a standing closing; answers the closing's day. */
export async function recordDeposit(tx: Tx, auth: AuthContext, closingId: number, input: CashDepositCreate) {
  const closing = await lockClosing(tx, auth.branchId, closingId);
  if (!closing) throw notFound();
  if (closing.cashier_id !== auth.userId && !isCashManager(auth.roleSlugs))
    throw forbidden(CASH_CLOSING_MESSAGES.notYours);
  if (closing.reopened_at) throw new ApiError(409, CASH_COUNT_MESSAGES.depositReopened);
  if (await hasDeposit(tx, closingId)) throw new ApiError(409, CASH_COUNT_MESSAGES.depositTwice);
  // The cash there is: as counted, or (a closing made before the count) the frozen Cash payments.
  const cash =
    closing.counted ??
    (closing.figures as CashClosingFigures).by_ptype.find((t) => t.ptype === CASH_PTYPE)?.amount ??
    0;
  if (input.amount > cash) throw fieldError('amount', CASH_COUNT_MESSAGES.depositTooMuch);
  if (input.deposit_date < closing.date || input.deposit_date > todayIn(auth))
    throw fieldError('deposit_date', CASH_COUNT_MESSAGES.depositDate);
  const depositId = await insertDeposit(tx, auth, closingId, input, auth.userId);
  await recordAudit(tx, auditWho(auth), {
    action: 'cash.deposit',
    entity: 'cash_closing',
    entityId: closingId,
    after: { deposit_id: depositId ?? null, ...input },
  });
  return closing.date;
}
