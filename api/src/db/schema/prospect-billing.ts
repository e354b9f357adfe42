/**
 * Prospect billing (Billing Peserta PSB): a prospect's one bill, its items, its payments and what each paid.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { branchOwned, paymentColumns } from './column-groups';
import { billTotals, id, money, timestamps } from './columns';
import { psb_event_stypes } from './reference';
import { departments } from './school';
import { psb_event_prospective_fees, psb_event_prospectives, psb_events } from './students';

export const prospective_billings = pgTable(
  'prospective_billings',
  {
    id: id(),
    ...branchOwned(),
    bill_number: varchar({ length: 40 }).notNull(),
    psb_event_id: integer()
      .notNull()
      .references(() => psb_events.id),
    psb_event_stype_id: smallint()
      .notNull()
      .references(() => psb_event_stypes.id),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    psb_event_prospective_id: integer()
      .notNull()
      .unique() // one bill per prospect
      .references(() => psb_event_prospectives.id, { onDelete: 'cascade' }),
    bill_date: date({ mode: 'string' }).notNull(),
    ...billTotals(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('prospective_billings_number_uq').on(t.client_id, t.bill_number),
    index('prospective_billings_filter_idx').on(t.branch_id, t.department_id, t.psb_event_id),
    check('prospective_billings_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

export const prospective_billing_items = pgTable(
  'prospective_billing_items',
  {
    id: id(),
    ...branchOwned(),
    prospective_billing_id: integer()
      .notNull()
      .references(() => prospective_billings.id, { onDelete: 'cascade' }),
    psb_event_prospective_fee_id: integer()
      .notNull()
      .references(() => psb_event_prospective_fees.id, { onDelete: 'cascade' }),
    ftype: smallint().notNull().default(1),
    price: money(),
    qty: integer().notNull().default(1),
    ...billTotals(),
  },
  (t) => [
    uniqueIndex('prospective_billing_items_uq').on(t.prospective_billing_id, t.psb_event_prospective_fee_id),
    check('prospective_billing_items_qty_ck', sql`${t.qty} >= 1`),
    check('prospective_billing_items_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

export const prospective_billing_payments = pgTable(
  'prospective_billing_payments',
  {
    id: id(),
    ...branchOwned(),
    prospective_billing_id: integer()
      .notNull()
      .references(() => prospective_billings.id, { onDelete: 'cascade' }),
    psb_event_prospective_id: integer()
      .notNull()
      .references(() => psb_event_prospectives.id, { onDelete: 'cascade' }),
    ...paymentColumns(),
  },
  (t) => [
    uniqueIndex('prospective_billing_payments_number_uq').on(t.client_id, t.payment_number),
    uniqueIndex('prospective_billing_payments_idem_uq').on(t.branch_id, t.idempotency_key),
    index('prospective_billing_payments_bill_idx').on(t.prospective_billing_id),
    index('prospective_billing_payments_date_idx').on(t.branch_id, t.payment_date),
    check('prospective_billing_payments_amount_ck', sql`${t.amount} > 0`),
    check('prospective_billing_payments_paid_ck', sql`${t.total_amount_payment_paid} >= ${t.amount}`),
  ],
);

export const prospective_billing_item_payments = pgTable(
  'prospective_billing_item_payments',
  {
    id: id(),
    ...branchOwned(),
    prospective_billing_payment_id: integer()
      .notNull()
      .references(() => prospective_billing_payments.id, { onDelete: 'cascade' }),
    prospective_billing_item_id: integer()
      .notNull()
      .references(() => prospective_billing_items.id, { onDelete: 'cascade' }),
    amount: money(),
  },
  (t) => [
    uniqueIndex('prospective_billing_item_payments_uq').on(
      t.prospective_billing_payment_id,
      t.prospective_billing_item_id,
    ),
    check('prospective_billing_item_payments_amount_ck', sql`${t.amount} >= 0`),
  ],
);
