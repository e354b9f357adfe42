/**
 * The money rules of the daily closing: the totals of a day (standing payments only), Tutup Kas (numbered,
 * figures frozen), reopening by a manager, and the guard that keeps a closed day's payments from being voided.
 */
import {
  CASH_CLOSING_MESSAGES,
  type CashClosingFigures,
  type CashDayPayment,
  type CashTotal,
  isCashManager,
} from '@keuangan/shared/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { auditWho, recordAudit } from '../audit/record';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { cash_closings, student_billing_payments, users } from '../db/schema';
import { ApiError, forbidden } from '../lib/errors';
import { nextDocumentNumber } from '../lib/numbering';
import { scopeValues } from '../lib/scope';
import { type BranchTimeZone, todayIn } from '../lib/time';
import { dayOf, paymentsOfDay } from './queries';

const add = (total: CashTotal, amount: number): CashTotal => ({
  count: total.count + 1,
  amount: total.amount + amount,
});

/** Count and sum of the payments, per payment type (in the types' order), per cashier and in all. */
export function totalsOf(payments: CashDayPayment[]) {
  const byPtype = new Map<number, CashTotal>();
  const byCashier = new Map<number, CashTotal & { cashier: CashDayPayment['cashier'] }>();
  let total: CashTotal = { count: 0, amount: 0 };
  for (const p of payments) {
    byPtype.set(p.ptype, add(byPtype.get(p.ptype) ?? { count: 0, amount: 0 }, p.amount));
    const mine = byCashier.get(p.cashier.id) ?? { cashier: p.cashier, count: 0, amount: 0 };
    byCashier.set(p.cashier.id, { ...add(mine, p.amount), cashier: p.cashier });
    total = add(total, p.amount);
  }
  return {
    by_ptype: [...byPtype].sort(([a], [b]) => a - b).map(([ptype, t]) => ({ ptype, ...t })),
    by_cashier: [...byCashier.values()].sort((a, b) => a.cashier.name.localeCompare(b.cashier.name)),
    total,
  };
}

/** Tutup Kas: the cashier's day as it stands, frozen under the next closing number. */
export async function closeDay(tx: Tx, auth: AuthContext, date: string, cashierId: number) {
  if (date > todayIn(auth)) throw new ApiError(422, CASH_CLOSING_MESSAGES.future);
  if (cashierId !== auth.userId && !isCashManager(auth.roleSlugs))
    throw forbidden(CASH_CLOSING_MESSAGES.notYours);
  // One closing at a time per branch: the counter row's lock (nextDocumentNumber) also orders two Tutup Kas.
  const number = await nextDocumentNumber(tx, auth, 'cash_closing', date);
  const [standing] = await tx
    .select({ id: cash_closings.id })
    .from(cash_closings)
    .where(
      and(
        eq(cash_closings.branch_id, auth.branchId),
        eq(cash_closings.closing_date, date),
        eq(cash_closings.cashier_id, cashierId),
        isNull(cash_closings.reopened_at),
      ),
    );
  if (standing) throw new ApiError(409, CASH_CLOSING_MESSAGES.alreadyClosed);
  const payments = await paymentsOfDay(tx, auth, date, cashierId);
  const { by_ptype, total } = totalsOf(payments);
  const figures: CashClosingFigures = {
    by_ptype,
    total,
    payments: payments.map(({ kind, id, payment_number, amount, ptype }) => ({
      kind,
      id,
      payment_number,
      amount,
      ptype,
    })),
  };
  const [row] = await tx
    .insert(cash_closings)
    .values({
      ...scopeValues(auth),
      closing_number: number,
      closing_date: date,
      cashier_id: cashierId,
      figures,
      closed_by: auth.userId,
    })
    .returning({ id: cash_closings.id });
  await recordAudit(tx, auditWho(auth), {
    action: 'cash.close',
    entity: 'cash_closing',
    entityId: row?.id ?? null,
    after: { number, date, cashier_id: cashierId, total: figures.total },
  });
  return row?.id as number;
}

/** A manager reopens a closed day, with a reason: the closing stays (reopened), the day may be closed again. */
export async function reopenDay(tx: Tx, auth: AuthContext, closingId: number, reason: string) {
  if (!isCashManager(auth.roleSlugs)) throw forbidden(CASH_CLOSING_MESSAGES.reopenRole);
  const [closing] = await tx
    .select({
      id: cash_closings.id,
      reopened_at: cash_closings.reopened_at,
      date: cash_closings.closing_date,
      number: cash_closings.closing_number,
      cashier_id: cash_closings.cashier_id,
      figures: cash_closings.figures,
    })
    .from(cash_closings)
    .where(and(eq(cash_closings.id, closingId), eq(cash_closings.branch_id, auth.branchId)))
    .for('update');
  if (!closing) throw new ApiError(404, 'Data tidak ditemukan');
  if (closing.reopened_at) throw new ApiError(409, CASH_CLOSING_MESSAGES.notClosed);
  await tx
    .update(cash_closings)
    .set({ reopened_by: auth.userId, reopened_at: new Date(), reopen_reason: reason })
    .where(eq(cash_closings.id, closingId));
  await recordAudit(tx, auditWho(auth), {
    action: 'cash.reopen',
    entity: 'cash_closing',
    entityId: closingId,
    // What the reopened day had been closed at, as the closing's own record says it (docs/roles.md "Audit log").
    before: {
      number: closing.number,
      date: closing.date,
      cashier_id: closing.cashier_id,
      total: (closing.figures as CashClosingFigures).total,
    },
    reason,
  });
  return closing.date;
}

/**
 * Refuses (409, nothing changes: the caller's transaction rolls back) when any of these student payments was
 * taken on a cashier's day that is closed and not reopened. Call inside the voiding transaction.
 */
export async function assertStudentPaymentsVoidable(
  tx: Tx,
  branch: { branchId: number; timeZone: BranchTimeZone },
  paymentIds: number[],
) {
  if (paymentIds.length === 0) return;
  const sp = student_billing_payments;
  const [closed] = await tx
    .select({ date: cash_closings.closing_date, cashier: users.name })
    .from(sp)
    .innerJoin(
      cash_closings,
      and(
        eq(cash_closings.branch_id, branch.branchId),
        eq(cash_closings.cashier_id, sp.created_by),
        eq(cash_closings.closing_date, dayOf(sp.created_at, branch.timeZone)),
        isNull(cash_closings.reopened_at),
      ),
    )
    .innerJoin(users, eq(users.id, cash_closings.cashier_id))
    .where(inArray(sp.id, paymentIds))
    .limit(1);
  if (closed) throw new ApiError(409, CASH_CLOSING_MESSAGES.closed(closed.date, closed.cashier));
}
