/**
 * Cicilan (docs/money.md "Instalments"): a branch's instalment plans (templates) and the instalments of a bill
 * item, copied from a plan when applied. Instalments are never deleted: a plan change marks the ones it moves
 * replaced (who, when, why) and adds new ones; what was paid on each is derived from the item's payments.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { student_billing_items } from './billing';
import { branchOwned } from './column-groups';
import { id, money, timestamps } from './columns';

/** A plan: ordered shares (percent of what is owed, or fixed amounts) with their due dates. */
export const instalment_plans = pgTable(
  'instalment_plans',
  {
    id: id(),
    ...branchOwned(),
    name: varchar({ length: 100 }).notNull(),
    shares: jsonb().$type<{ percent: number | null; amount: number | null; due_date: string }[]>().notNull(),
    // Deactivated, never deleted: the instalments made from it keep naming it.
    active: boolean().notNull().default(true),
    created_by: integer().references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('instalment_plans_branch_idx').on(t.branch_id)],
);

/** One instalment of a bill item; the standing ones (not replaced) sum to the item's net. */
export const bill_item_instalments = pgTable(
  'bill_item_instalments',
  {
    id: id(),
    ...branchOwned(),
    student_billing_item_id: integer()
      .notNull()
      .references(() => student_billing_items.id),
    plan_id: integer().references(() => instalment_plans.id),
    seq: smallint().notNull(),
    amount: money(),
    due_date: date({ mode: 'string' }).notNull(),
    created_by: integer().references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    replaced_at: timestamp({ withTimezone: true }),
    replaced_by: integer().references(() => users.id),
    replaced_reason: text(),
  },
  (t) => [
    uniqueIndex('bill_item_instalments_item_seq_uq')
      .on(t.student_billing_item_id, t.seq)
      .where(sql`${t.replaced_at} is null`),
    index('bill_item_instalments_plan_idx').on(t.plan_id),
    check('bill_item_instalments_amount_ck', sql`${t.amount} > 0`),
  ],
);
