/**
 * Student fees: fee types, the default fees of a level (Biaya Otomatis Siswa), and the chargeable fee
 * components of a class and month.
 */
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { branchOwned } from './column-groups';
import { id, money, timestamps } from './columns';
import { classes, departments, levels, years_of_study, yos_periodes } from './school';

export const fee_types = pgTable(
  'fee_types',
  {
    id: id(),
    ...branchOwned(),
    name: varchar({ length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('fee_types_branch_name_uq').on(t.branch_id, t.name)],
);

/**
 * Biaya Otomatis Siswa: the default fees of a level, one per fee type. "Generate Komponen" creates a class's
 * components for a month from these (api/ROUTES.md, "Fee components").
 */
export const student_auto_fees = pgTable(
  'student_auto_fees',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    level_id: integer()
      .notNull()
      .references(() => levels.id),
    fee_type_id: integer()
      .notNull()
      .references(() => fee_types.id),
    ftype: smallint().notNull().default(1), // 1 wajib, 0 sumbangan sukarela
    name: varchar({ length: 150 }).notNull(),
    price: money(),
    description: text(),
    // The day of the month its components fall due (docs/money.md "Due dates and arrears").
    due_day: smallint().notNull().default(10),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('student_auto_fees_level_type_uq').on(t.level_id, t.fee_type_id),
    check('student_auto_fees_price_ck', sql`${t.price} >= 0`),
    check('student_auto_fees_due_day_ck', sql`${t.due_day} between 1 and 31`),
  ],
);

/** A chargeable fee of one class in one month. */
export const student_fee_components = pgTable(
  'student_fee_components',
  {
    id: id(),
    ...branchOwned(),
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
    mm: char({ length: 7 }).notNull(), // 'YYYY-MM'
    fee_type_id: integer()
      .notNull()
      .references(() => fee_types.id),
    ftype: smallint().notNull().default(1), // 1 wajib, 0 sumbangan sukarela
    name: varchar({ length: 150 }).notNull(),
    price: money(),
    description: text(),
    // When it falls due: a day of its month (past the month's end: the last day) or a fixed date, one of the
    // two (docs/money.md "Due dates and arrears"). Its bill items keep the date they were charged with.
    due_day: smallint().default(10),
    due_date: date({ mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    // One component per class, month and fee type: generating twice cannot duplicate a charge.
    uniqueIndex('student_fee_components_class_mm_type_uq').on(t.class_id, t.mm, t.fee_type_id),
    index('student_fee_components_filter_idx').on(t.branch_id, t.department_id, t.mm),
    check('student_fee_components_price_ck', sql`${t.price} >= 0`),
    check('student_fee_components_due_day_ck', sql`${t.due_day} between 1 and 31`),
    check('student_fee_components_due_ck', sql`(${t.due_day} is null) <> (${t.due_date} is null)`),
  ],
);
