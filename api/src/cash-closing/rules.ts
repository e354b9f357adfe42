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
  type CashDayRecap,
  type CashTotal,
  countedTotal,
  isCashManager,
  isOnlinePtype,
} from '@keuangan/shared/contract';
import type * as v from 'valibot';
import type { AuthContext } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden } from '../lib/errors';
import { nextDocumentNumber } from '../lib/numbering';
import { type BranchTimeZone, todayIn } from '../lib/time';
import { closingsOfDay, paymentsOfDay, voidsOfDay } from './queries';
import {
  closedDayOfPayments,
  hasStandingClosing,
  insertClosing,
  lockClosing,
  markReopened,
} from './write-queries';

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

/** The desk's payments and the gateway's apart: online money never passed a drawer (docs/money.md "Cash closing"). */
export function splitOnline<T extends { ptype: number }>(payments: T[]) {
  return {
    desk: payments.filter((p) => !isOnlinePtype(p.ptype)),
    online: payments.filter((p) => isOnlinePtype(p.ptype)),
  };
}

/** Rekap Kas Harian of a day, for one cashier or everyone: the desk's money, the online money apart. */
export async function dayRecap(
  db: Db,
  auth: AuthContext,
  date: string,
  cashierId: number | undefined,
): Promise<CashDayRecap> {
  const [everyone, voids, closings] = await Promise.all([
    paymentsOfDay(db, auth, date),
    voidsOfDay(db, auth, date, cashierId),
    closingsOfDay(db, auth, date),
  ]);
  const { desk, online } = splitOnline(everyone);
  const payments = cashierId === undefined ? desk : desk.filter((p) => p.cashier.id === cashierId);
  const dayVoids = cashierId === undefined ? voids : splitOnline(voids).desk;
  const totals = totalsOf(payments);
  const onlineTotals = totalsOf(online);
  const cashiers = new Map<number, string>();
  for (const p of [...desk, ...splitOnline(voids).desk]) cashiers.set(p.cashier.id, p.cashier.name);
  for (const c of closings) cashiers.set(c.cashier.id, c.cashier.name);
  return {
    date,
    cashier_id: cashierId ?? null,
    payments,
    voids: dayVoids,
    ...totals,
    online: { payments: online, by_ptype: onlineTotals.by_ptype, total: onlineTotals.total },
    grand_total: {
      count: totals.total.count + onlineTotals.total.count,
      amount: totals.total.amount + onlineTotals.total.amount,
    },
    closings: cashierId ? closings.filter((c) => c.cashier.id === cashierId) : closings,
    cashiers: [...cashiers].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export type CloseInput = v.InferOutput<typeof CashClosingCreateSchema>;

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
  if (await hasStandingClosing(tx, auth.branchId, date, cashierId))
    throw new ApiError(409, CASH_CLOSING_MESSAGES.alreadyClosed);
  // Online payments are nobody's drawer: never frozen as the cashier's (docs/money.md "Cash closing").
  const [{ desk: payments }, { desk: voids }] = await Promise.all([
    paymentsOfDay(tx, auth, date, cashierId).then(splitOnline),
    voidsOfDay(tx, auth, date, cashierId).then(splitOnline),
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
  const id = await insertClosing(tx, auth, {
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
  });
  await recordAudit(tx, auditWho(auth), {
    action: 'cash.close',
    entity: 'cash_closing',
    entityId: id ?? null,
    after: { number, date, cashier_id: cashierId, total: figures.total, expected, counted, note },
  });
  return id as number;
}

/** A manager reopens a closed day, with a reason: the closing stays (reopened), the day may be closed again. */
export async function reopenDay(tx: Tx, auth: AuthContext, closingId: number, reason: string) {
  if (!isCashManager(auth.roleSlugs)) throw forbidden(CASH_CLOSING_MESSAGES.reopenRole);
  const closing = await lockClosing(tx, auth.branchId, closingId);
  if (!closing) throw new ApiError(404, 'Data tidak ditemukan');
  if (closing.reopened_at) throw new ApiError(409, CASH_CLOSING_MESSAGES.notClosed);
  await markReopened(tx, closingId, auth.userId, reason);
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
  const closed = await closedDayOfPayments(tx, branch, paymentIds);
  if (closed) throw new ApiError(409, CASH_CLOSING_MESSAGES.closed(closed.date, closed.cashier));
}
