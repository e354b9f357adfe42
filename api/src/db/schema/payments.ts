/**
 * Student payments: one payment (of one or several bills) and what it paid on each item.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { student_billing_items, student_billings } from './billing';
import { branchOwned, keptPlacement, paymentColumns } from './column-groups';
import { id, money } from './columns';
import { student_fee_components } from './fees';
import { students } from './students';

export const student_billing_payments = pgTable(
  'student_billing_payments',
  {
    id: id(),
    ...branchOwned(),
    student_billing_id: integer()
      .notNull()
      .references(() => student_billings.id, { onDelete: 'cascade' }),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    ...paymentColumns(),
  },
  (t) => [
    uniqueIndex('student_billing_payments_number_uq').on(t.client_id, t.payment_number),
    // Keys are unique per branch: the same key sent for another bill is found and refused, not paid twice.
    uniqueIndex('student_billing_payments_idem_uq').on(t.branch_id, t.idempotency_key),
    index('student_billing_payments_bill_idx').on(t.student_billing_id),
    index('student_billing_payments_date_idx').on(t.branch_id, t.payment_date),
    index('student_billing_payments_student_idx').on(t.student_id),
    check('student_billing_payments_amount_ck', sql`${t.amount} > 0`),
    check('student_billing_payments_paid_ck', sql`${t.total_amount_payment_paid} >= ${t.amount}`),
  ],
);

export const student_billing_item_payments = pgTable(
  'student_billing_item_payments',
  {
    id: id(),
    ...branchOwned(),
    student_billing_payment_id: integer()
      .notNull()
      .references(() => student_billing_payments.id, { onDelete: 'cascade' }),
    student_billing_item_id: integer()
      .notNull()
      .references(() => student_billing_items.id, { onDelete: 'cascade' }),
    student_fee_component_id: integer()
      .notNull()
      .references(() => student_fee_components.id),
    amount: money(),
  },
  (t) => [
    uniqueIndex('student_billing_item_payments_uq').on(
      t.student_billing_payment_id,
      t.student_billing_item_id,
    ),
    index('student_billing_item_payments_item_idx').on(t.student_billing_item_id),
    check('student_billing_item_payments_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/**
 * The standing (not voided) payments' totals per class of their bill, day and payment type, kept by the
 * database (triggers of migration 0018, in the payment's or void's transaction): what the dashboard and the
 * report's days and payment types sum (docs/data.md#fees-and-student-bills). Exactly the sums of
 * `student_billing_payments` at every commit; never written by the code.
 */
export const student_billing_payment_sums = pgTable(
  'student_billing_payment_sums',
  {
    ...keptPlacement(),
    payment_date: date({ mode: 'string' }).notNull(),
    ptype: smallint().notNull(),
    payment_count: integer().notNull().default(0),
    amount: money(),
  },
  (t) => [
    primaryKey({
      name: 'student_billing_payment_sums_pk',
      columns: [
        t.branch_id,
        t.department_id,
        t.year_of_study_id,
        t.class_id,
        t.payment_date,
        t.ptype,
        t.yos_periode_id,
        t.level_id,
        t.client_id,
      ],
    }),
    // The dashboard: a branch's days.
    index('student_billing_payment_sums_date_idx').on(t.branch_id, t.payment_date),
  ],
);
