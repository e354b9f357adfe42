/**
 * Student payments: one payment (of one or several bills) and what it paid on each item.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { student_billing_items, student_billings } from './billing';
import { branchOwned, paymentColumns } from './column-groups';
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
