/**
 * The money rules of the daily closing: the totals of a day (standing payments only), Tutup Kas (numbered,
 * figures frozen), reopening by a manager, and the guard that keeps a closed day's payments from being voided.
 */
import {
  CASH_CLOSING_MESSAGES,
  CASH_COUNT_MESSAGES,
  CASH_PTYPE,
  type CashClosingCreateSchema,
  type CashClosingFigures,
  type CashDayPayment,
  type CashTotal,
  countedTotal,
  isCashManager,
} from '@keuangan/shared/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { cash_closings, student_billing_payments, users } from '../db/schema';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden } from '../lib/errors';
import { nextDocumentNumber } from '../lib/numbering';
import { scopeValues } from '../lib/scope';
import { type BranchTimeZone, todayIn } from '../lib/time';
import { dayOf, paymentsOfDay, voidsOfDay } from './queries';

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

type CloseInput = v.InferOutput<typeof CashClosingCreateSchema>;

/**
 * Tutup Kas: the cashier's day as it stands, frozen under the next closing number, with the drawer's count: the
 * counted cash (from the counts) against the expected (the day's standing Cash payments), the difference explained.
 */
export async function closeDay(tx: Tx, auth: AuthContext, input: CloseInput) {
  const { date, cashier_id: cashierId, counts, difference_note: note } = input;
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
  const [payments, voids] = await Promise.all([
    paymentsOfDay(tx, auth, date, cashierId),
    voidsOfDay(tx, auth, date, cashierId),
  ]);
  const { by_ptype, total } = totalsOf(payments);
  const figures: CashClosingFigures = {
    by_ptype,
    total,
    payments: payments.map(({ kind, id, payment_number, amount, ptype, name, created_at }) => ({
      kind,
      id,
      payment_number,
      amount,
      ptype,
      name,
      created_at,
    })),
    voids: voids.map(({ kind, id, payment_number, name, amount, voided_at, voided_by, void_reason }) => ({
      kind,
      id,
      payment_number,
      name,
      amount,
      voided_at,
      voided_by,
      void_reason,
    })),
  };
  const expected = by_ptype.find((t) => t.ptype === CASH_PTYPE)?.amount ?? 0;
  const counted = countedTotal(counts);
  // A drawer that does not match is closed only with the reason written down (docs/money.md "Cash closing").
  if (counted !== expected && note === null)
    throw fieldError('difference_note', CASH_COUNT_MESSAGES.noteRequired);
  const [row] = await tx
    .insert(cash_closings)
    .values({
      ...scopeValues(auth),
      closing_number: number,
      closing_date: date,
      cashier_id: cashierId,
      figures,
      closed_by: auth.userId,
      cash_counts: counts,
      expected_cash: expected,
      counted_cash: counted,
      cash_difference: counted - expected,
      difference_note: counted === expected ? null : note,
    })
    .returning({ id: cash_closings.id });
  await recordAudit(tx, auditWho(auth), {
    action: 'cash.close',
    entity: 'cash_closing',
    entityId: row?.id ?? null,
    after: { number, date, cashier_id: cashierId, total: figures.total, expected, counted, note },
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
