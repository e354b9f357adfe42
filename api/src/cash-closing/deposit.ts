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
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { cash_closings, cash_deposits } from '../db/schema';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden, notFound } from '../lib/errors';
import { scopeValues } from '../lib/scope';
import { todayIn } from '../lib/time';

/** Records the deposit of a standing closing; answers the closing's day. */
export async function recordDeposit(tx: Tx, auth: AuthContext, closingId: number, input: CashDepositCreate) {
  const [closing] = await tx
    .select({
      date: cash_closings.closing_date,
      cashier_id: cash_closings.cashier_id,
      reopened_at: cash_closings.reopened_at,
      counted: cash_closings.counted_cash,
      figures: cash_closings.figures,
    })
    .from(cash_closings)
    .where(and(eq(cash_closings.id, closingId), eq(cash_closings.branch_id, auth.branchId)))
    .for('update');
  if (!closing) throw notFound();
  if (closing.cashier_id !== auth.userId && !isCashManager(auth.roleSlugs))
    throw forbidden(CASH_CLOSING_MESSAGES.notYours);
  if (closing.reopened_at) throw new ApiError(409, CASH_COUNT_MESSAGES.depositReopened);
  const [already] = await tx
    .select({ id: cash_deposits.id })
    .from(cash_deposits)
    .where(eq(cash_deposits.closing_id, closingId));
  if (already) throw new ApiError(409, CASH_COUNT_MESSAGES.depositTwice);
  // The cash there is: as counted, or (a closing made before the count) the frozen Cash payments.
  const cash =
    closing.counted ??
    (closing.figures as CashClosingFigures).by_ptype.find((t) => t.ptype === CASH_PTYPE)?.amount ??
    0;
  if (input.amount > cash) throw fieldError('amount', CASH_COUNT_MESSAGES.depositTooMuch);
  if (input.deposit_date < closing.date || input.deposit_date > todayIn(auth))
    throw fieldError('deposit_date', CASH_COUNT_MESSAGES.depositDate);
  const [row] = await tx
    .insert(cash_deposits)
    .values({ ...scopeValues(auth), closing_id: closingId, ...input, deposited_by: auth.userId })
    .returning({ id: cash_deposits.id });
  await recordAudit(tx, auditWho(auth), {
    action: 'cash.deposit',
    entity: 'cash_closing',
    entityId: closingId,
    after: { deposit_id: row?.id ?? null, ...input },
  });
  return closing.date;
}
