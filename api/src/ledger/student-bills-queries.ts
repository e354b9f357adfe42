/**
 * The statements of student bills and how the payment engine reaches their tables (STUDENT_BILLS); the rules that
 * decide on them are student-bills.ts.
 */
import { FORM_STATUS_CONFIRMED, PAYMENT_MESSAGES, PAYMENT_STATUS_PAID } from '@keuangan/shared/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { prepared } from '../db/prepared';
import {
  student_billing_item_payments,
  student_billing_items,
  student_billing_payments,
  student_billings,
  student_fee_components,
  students,
} from '../db/schema';
import { notFound } from '../lib/errors';
import { type BranchScope, inBranch, PREPARED_SCOPE, scopeValues } from '../lib/scope';
import type { BillKind, LockedItem } from './engine';
import { standingInstalments } from './instalment-columns-queries';
import { itemOnBill, STUDENT_LEDGER, studentPaymentOnBill } from './student-ledger-queries';
import { insertPayment, ledgerOf, paidOnItem, paymentUnderKey } from './tables-queries';

export type StudentBillRow = typeof student_billings.$inferSelect;

/** The bill of the scope's branch, locked for the rest of the transaction; 404 otherwise. */
export async function lockStudentBill(tx: Tx, scope: BranchScope, id: number): Promise<StudentBillRow> {
  const [bill] = await tx
    .select()
    .from(student_billings)
    .where(inBranch(scope, student_billings, eq(student_billings.id, id)))
    .for('update');
  if (!bill) throw notFound();
  return bill;
}

/** The bill of the item of the branch still on its bill, if there is one (nothing locked). */
export async function findItemBillId(
  tx: Tx,
  scope: BranchScope,
  itemId: number,
): Promise<number | undefined> {
  const [found] = await tx
    .select({ bill: student_billing_items.student_billing_id })
    .from(student_billing_items)
    .where(inBranch(scope, student_billing_items, eq(student_billing_items.id, itemId), itemOnBill));
  return found?.bill;
}

/** A payment on the bill, standing or voided, if there is any. */
export async function anyPaymentOnBill(tx: Tx, billId: number): Promise<{ id: number } | undefined> {
  const [paid] = await tx
    .select({ id: student_billing_payments.id })
    .from(student_billing_payments)
    .where(studentPaymentOnBill(billId))
    .limit(1);
  return paid;
}

export type StudentItem = LockedItem & { student_fee_component_id: number };

/**
 * The bill `id` of the branch locked, with its student's name (the default payer) and the payment under `key`:
 * one round trip, prepared (every payment makes it).
 */
const lockedBill = prepared('student_lock_bill', (db) =>
  db
    .select({
      id: student_billings.id,
      bill_number: student_billings.bill_number,
      student_id: student_billings.student_id,
      department_id: student_billings.department_id,
      year_of_study_id: student_billings.year_of_study_id,
      bill_date: student_billings.bill_date,
      form_status: student_billings.form_status,
      payment_status: student_billings.payment_status,
      student_name: students.name,
      earlier: paymentUnderKey(STUDENT_LEDGER),
    })
    .from(student_billings)
    .leftJoin(students, eq(students.id, student_billings.student_id))
    .where(inBranch(PREPARED_SCOPE, student_billings, eq(student_billings.id, sql.placeholder('id'))))
    .for('update', { of: student_billings }),
);

/** The items of the bill `bill_id` locked, with their component's name and what was paid on each (prepared). */
const lockedItems = prepared('student_lock_items', (db) =>
  db
    .select({
      item: student_billing_items,
      label: student_fee_components.name,
      paid: paidOnItem(STUDENT_LEDGER, student_billing_items.id),
      instalments: standingInstalments(),
    })
    .from(student_billing_items)
    .innerJoin(
      student_fee_components,
      eq(student_fee_components.id, student_billing_items.student_fee_component_id),
    )
    .where(and(eq(student_billing_items.student_billing_id, sql.placeholder('bill_id')), itemOnBill))
    .orderBy(asc(student_billing_items.id))
    .for('update', { of: student_billing_items }),
);

/** Student bills as the payment engine sees them. */
export const STUDENT_BILLS: BillKind<StudentItem> = {
  name: 'student',
  paymentNumber: 'student_payment',
  paymentsTable: student_billing_payments,
  linesField: 'student_billing_items',

  async lockBill(tx, scope, billId, key) {
    const [bill] = await lockedBill(tx, { ...scopeValues(scope), id: billId, key });
    if (!bill) throw notFound();
    return {
      id: bill.id,
      bill_number: bill.bill_number,
      // One student, department and year: the reports count a payment under its first bill's placement.
      owner: `${bill.student_id}:${bill.department_id}:${bill.year_of_study_id}`,
      bill_date: bill.bill_date,
      refusal:
        bill.form_status !== FORM_STATUS_CONFIRMED
          ? PAYMENT_MESSAGES.notConfirmed
          : bill.payment_status === PAYMENT_STATUS_PAID
            ? PAYMENT_MESSAGES.alreadyPaid
            : undefined,
      default_payer_name: bill.student_name ?? '',
      earlier: bill.earlier ?? undefined,
    };
  },

  async lockItems(tx, billId) {
    const rows = await lockedItems(tx, { bill_id: billId });
    return rows.map(({ item, label, paid, instalments }) => ({
      id: item.id,
      label,
      paid,
      price: item.price,
      discount: item.discount,
      bail: item.bail,
      qty: item.qty,
      total_billing: item.total_billing,
      student_fee_component_id: item.student_fee_component_id,
      due_date: item.due_date,
      instalments,
      stored: {
        due_date: item.due_date,
        amount: item.amount,
        total_amount: item.total_amount,
        total_discount: item.total_discount,
        total_bail: item.total_bail,
        total_payment: item.total_payment,
        total_billing: item.total_billing,
        payment_status: item.payment_status,
      },
    }));
  },

  insertPayment(tx, scope, payment, lines) {
    return insertPayment(
      tx,
      STUDENT_LEDGER,
      scope,
      payment,
      lines.map(({ item, amount }) => ({ itemId: item.id, amount })),
      [
        [
          student_billing_item_payments.student_fee_component_id,
          lines.map(({ item }) => item.student_fee_component_id),
        ],
      ],
    );
  },

  itemTotalsUpdate(rows) {
    // One statement for all the bill's changed items.
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.id}::integer, ${r.amount}::bigint, ${r.total_amount}::bigint, ${r.total_discount}::bigint, ${r.total_bail}::bigint, ${r.total_payment}::bigint, ${r.total_billing}::bigint, ${r.payment_status}::smallint, ${r.due_date ?? null}::date)`,
      ),
      sql`, `,
    );
    return sql`update ${student_billing_items} as i set
      amount = v.amount, total_amount = v.total_amount, total_discount = v.total_discount, total_bail = v.total_bail,
      total_payment = v.total_payment, total_billing = v.total_billing, payment_status = v.payment_status,
      due_date = coalesce(v.due_date, i.due_date), updated_at = now()
      from (values ${values}) as v(id, amount, total_amount, total_discount, total_bail, total_payment, total_billing, payment_status, due_date)
      where i.id = v.id`;
  },

  ...ledgerOf(STUDENT_LEDGER),
};
