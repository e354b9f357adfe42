/**
 * The parts of a `BillKind` that are the same statements on each kind's own tables: finding a payment by its
 * idempotency key, summing the standing payments per item, writing the bill's totals and a payment's
 * remaining due, voiding a bill's payments. A kind passes its tables and the columns that name them
 * differently (`student_billing_id` / `prospective_billing_id`, ...); the rest of its `BillKind` (locking,
 * items, inserting) is its own.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { student_billing_payments, student_billings } from '../db/schema';
import { inBranch, sumOf } from '../lib/scope';
import type { BillKind } from './engine';

export interface LedgerTables {
  /**
   * The bills and payments tables. Every kind's share these columns (schema.ts `billTotals`, `paymentColumns`):
   * they are typed as the student tables, whichever kind's they are.
   */
  bills: typeof student_billings;
  payments: typeof student_billing_payments;
  /** The payment's bill column. */
  paymentBill: AnyPgColumn;
  /** The item payments table and its item, payment and amount columns. */
  lines: PgTable;
  lineItem: AnyPgColumn;
  linePayment: AnyPgColumn;
  lineAmount: AnyPgColumn;
}

type LedgerCalls = Pick<
  BillKind,
  'findByKey' | 'paidByItem' | 'writeBillTotals' | 'setRemainingAfter' | 'voidPayments'
>;

export function ledgerOf(t: LedgerTables): LedgerCalls {
  const { bills, payments } = t;
  return {
    async findByKey(tx, scope, key) {
      const [row] = await tx
        .select({ id: payments.id, request_fingerprint: payments.request_fingerprint })
        .from(payments)
        .where(inBranch(scope, payments, eq(payments.idempotency_key, key)));
      return row;
    },

    async paidByItem(tx, billId) {
      const rows = await tx
        .select({ item: t.lineItem, paid: sumOf(t.lineAmount) })
        .from(t.lines)
        .innerJoin(payments, eq(payments.id, t.linePayment))
        .where(and(eq(t.paymentBill, billId), isNull(payments.voided_at)))
        .groupBy(t.lineItem);
      return new Map(rows.map((r) => [r.item as number, r.paid]));
    },

    async writeBillTotals(tx, billId, totals) {
      await tx
        .update(bills)
        .set({ ...totals, updated_at: new Date() })
        .where(eq(bills.id, billId));
    },

    async setRemainingAfter(tx, paymentId, remaining) {
      await tx.update(payments).set({ total_billing_after: remaining }).where(eq(payments.id, paymentId));
    },

    async voidPayments(tx, billId, userId, reason) {
      const voided = await tx
        .update(payments)
        .set({ voided_at: new Date(), voided_by: userId, void_reason: reason, updated_at: new Date() })
        .where(and(eq(t.paymentBill, billId), isNull(payments.voided_at)))
        .returning({ id: payments.id });
      return voided.length;
    },
  };
}
