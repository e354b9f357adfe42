/**
 * Student bills and their items (Billing Siswa): what charging and the extra bill form create.
 */
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { branchOwned, keptPlacement } from './column-groups';
import { billTotals, id, money, timestamps } from './columns';
import { discount_rules } from './discounts';
import { fee_types, student_fee_components } from './fees';
import { classes, departments, levels, years_of_study, yos_periodes } from './school';
import { students } from './students';

export const student_billings = pgTable(
  'student_billings',
  {
    id: id(),
    ...branchOwned(),
    bill_number: varchar({ length: 40 }).notNull(),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    year_of_study_id: integer()
      .notNull()
      .references(() => years_of_study.id),
    yos_periode_id: integer()
      .notNull()
      .references(() => yos_periodes.id),
    level_id: integer()
      .notNull()
      .references(() => levels.id),
    class_id: integer()
      .notNull()
      .references(() => classes.id),
    mm: char({ length: 7 }).notNull(),
    bill_date: date({ mode: 'string' }).notNull(),
    type: smallint().notNull().default(1), // 1 main (utama), 2 extra
    form_status: smallint().notNull().default(0), // 0 belum konfirmasi, 1 terkonfirmasi
    // Jatuh Tempo: the earliest due date of its items still owing, rewritten with its totals (docs/money.md
    // "Due dates and arrears"); kept on the bill so the lists and reports filter, sort and age by it.
    due_date: date({ mode: 'string' }).notNull(),
    ...billTotals(),
    created_by: integer().references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('student_billings_number_uq').on(t.client_id, t.bill_number),
    // A student has at most one main bill per month (extra bills are unrestricted).
    uniqueIndex('student_billings_main_uq').on(t.student_id, t.mm).where(sql`${t.type} = 1`),
    index('student_billings_filter_idx').on(t.branch_id, t.department_id, t.mm),
    // A class-month (the billing list's usual filter, charging): 40 rows, not a department's month (bench).
    index('student_billings_class_mm_idx').on(t.class_id, t.mm),
    // A department's year (the list over a whole year), walked in id order for a page of 50.
    index('student_billings_year_idx').on(t.branch_id, t.department_id, t.year_of_study_id, t.id),
    index('student_billings_student_idx').on(t.student_id),
    // A student's unsettled bills (the list's and detail's unsettled_bill_count, per bill shown): only those,
    // from the index alone, not every bill of the student's years (bench, BENCH_GROWTH=years).
    index('student_billings_unsettled_idx')
      .on(t.student_id, t.department_id, t.bill_date)
      .where(sql`${t.form_status} = 1 and ${t.payment_status} = 0`),
    // The report's distinct students per class of a department-year (confirmed bills), read from the index alone.
    index('student_billings_class_students_idx')
      .on(t.client_id, t.branch_id, t.department_id, t.year_of_study_id, t.class_id, t.student_id)
      .where(sql`${t.form_status} = 1`),
    // The arrears per student (Laporan Billing Siswa): confirmed bills still owing, with every column the report
    // filters, groups and sums, so its ranking reads only the owing bills of the filter, from the index alone.
    index('student_billings_owing_idx')
      .on(
        t.client_id,
        t.branch_id,
        t.department_id,
        t.year_of_study_id,
        t.class_id,
        t.student_id,
        t.due_date,
        t.mm,
        t.total_billing,
        t.yos_periode_id,
        t.level_id,
      )
      .where(sql`${t.form_status} = 1 and ${t.total_billing} > 0`),
    // The overdue filter and the aging: confirmed bills still owing, by due date.
    index('student_billings_due_idx')
      .on(t.branch_id, t.department_id, t.due_date)
      .where(sql`${t.form_status} = 1 and ${t.total_billing} > 0`),
    check('student_billings_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

/**
 * One fee on a bill. price, discount and bail are per unit; total_* = unit value x qty;
 * amount = price - discount - bail (net unit price); total_billing is what is still owed.
 */
export const student_billing_items = pgTable(
  'student_billing_items',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    student_billing_id: integer()
      .notNull()
      .references(() => student_billings.id, { onDelete: 'cascade' }),
    student_fee_component_id: integer()
      .notNull()
      .references(() => student_fee_components.id),
    fee_type_id: integer()
      .notNull()
      .references(() => fee_types.id),
    ftype: smallint().notNull().default(1),
    price: money(),
    discount: money(),
    bail: money(),
    qty: integer().notNull().default(1),
    // When it falls due, taken from its component when charged (docs/decisions.md "Due dates kept on the item").
    due_date: date({ mode: 'string' }).notNull(),
    amount: money(),
    // The rule that gave its discount; null for none or a hand discount (docs/money.md#discount-rules).
    discount_rule_id: integer().references(() => discount_rules.id),
    ...billTotals(),
    ...timestamps(),
    // An item a (voided) payment names is never deleted: removing it from an unconfirmed bill marks it removed,
    // with who, when and why, so the void receipt still shows it (docs in api/ROUTES.md, "Removing an item").
    removed_at: timestamp({ withTimezone: true }),
    removed_by: integer().references(() => users.id),
    removed_reason: text(),
  },
  (t) => [
    uniqueIndex('student_billing_items_bill_component_uq')
      .on(t.student_billing_id, t.student_fee_component_id)
      .where(sql`${t.removed_at} is null`),
    index('student_billing_items_component_idx').on(t.student_fee_component_id),
    // A bill's items, removed ones too (its detail, what its payments paid on): the unique index above holds only
    // the standing items, so without this they were found by reading every item (api/bench/README.md, "Load").
    index('student_billing_items_bill_idx').on(t.student_billing_id),
    // Laporan Potongan and a rule's totals: the items a rule discounted.
    index('student_billing_items_rule_idx')
      .on(t.discount_rule_id)
      .where(sql`${t.discount_rule_id} is not null`),
    // A component is charged to a student once, on whichever bill (main or extra): charging again cannot double it.
    // A removed item does not count: the component can be charged again.
    uniqueIndex('student_billing_items_student_component_uq')
      .on(t.student_id, t.student_fee_component_id)
      .where(sql`${t.removed_at} is null`),
    check('student_billing_items_qty_ck', sql`${t.qty} >= 1`),
    check('student_billing_items_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

/**
 * The bills' totals per class-month, kept by migration 0018's triggers so reports sum a few rows per class, not
 * every bill (docs/data.md#fees-and-student-bills, "Kept sums"). Never written by the code.
 */
export const student_billing_sums = pgTable(
  'student_billing_sums',
  {
    ...keptPlacement(),
    mm: char({ length: 7 }).notNull(),
    form_status: smallint().notNull(),
    due_date: date({ mode: 'string' }).notNull(),
    bill_count: integer().notNull().default(0),
    total_amount: money(),
    total_discount: money(),
    total_bail: money(),
    total_payment: money(),
    total_billing: money(),
  },
  (t) => [
    primaryKey({
      name: 'student_billing_sums_pk',
      columns: [
        t.branch_id,
        t.department_id,
        t.year_of_study_id,
        t.class_id,
        t.mm,
        t.form_status,
        t.due_date,
        t.yos_periode_id,
        t.level_id,
        t.client_id,
      ],
    }),
    // The dashboard: a branch's month.
    index('student_billing_sums_month_idx').on(t.branch_id, t.mm),
  ],
);

/**
 * Confirmed bills per student, class and period, kept by migration 0022's triggers so Laporan Billing Siswa counts
 * students from one row each (docs/data.md#fees-and-student-bills). Never written by the code.
 */
export const student_billing_students = pgTable(
  'student_billing_students',
  {
    ...keptPlacement(),
    student_id: integer().notNull(),
    bill_count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'student_billing_students_pk',
      columns: [
        t.branch_id,
        t.department_id,
        t.year_of_study_id,
        t.class_id,
        t.student_id,
        t.yos_periode_id,
        t.level_id,
        t.client_id,
      ],
    }),
  ],
);
