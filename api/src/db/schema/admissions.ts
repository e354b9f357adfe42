/**
 * Admissions (PSB) and transfers (mutasi): the events, the fees they charge, the prospects and the fees each
 * is charged.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { branchOwned, profileColumns } from './column-groups';
import { id, money, timestamps } from './columns';
import { fee_types } from './fees';
import { psb_event_stypes } from './reference';
import { departments, students } from './school';

export const psb_events = pgTable(
  'psb_events',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    psb_event_stype_id: smallint()
      .notNull()
      .references(() => psb_event_stypes.id), // the stype: 1 admission, 2 transfer
    yoe: integer().notNull(), // entry year the event admits for
    code: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 150 }).notNull(),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    status: smallint().notNull().default(1), // 1 open
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('psb_events_branch_code_uq').on(t.branch_id, t.code),
    index('psb_events_filter_idx').on(t.branch_id, t.department_id, t.yoe, t.psb_event_stype_id),
  ],
);

/** A fee an event charges to its prospects (Uang Pendaftaran, Uang Pangkal, ...). */
export const psb_event_fees = pgTable(
  'psb_event_fees',
  {
    id: id(),
    ...branchOwned(),
    psb_event_id: integer()
      .notNull()
      .references(() => psb_events.id),
    fee_type_id: integer().references(() => fee_types.id),
    code: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 150 }).notNull(),
    ftype: smallint().notNull().default(1),
    price: money(),
  },
  (t) => [
    uniqueIndex('psb_event_fees_event_code_uq').on(t.psb_event_id, t.code),
    check('psb_event_fees_price_ck', sql`${t.price} >= 0`),
  ],
);

export const psb_event_prospectives = pgTable(
  'psb_event_prospectives',
  {
    id: id(),
    ...branchOwned(),
    psb_event_id: integer()
      .notNull()
      .references(() => psb_events.id),
    psb_event_stype_id: smallint()
      .notNull()
      .references(() => psb_event_stypes.id),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    yoe: integer().notNull(),
    reg_number: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 150 }).notNull(),
    ...profileColumns(),
    // 0 Pending, 1 Data Terkirim, 2 Data Terverifikasi, 3 Lulus Seleksi, 4 Diterima, 5 Tidak Diterima
    registration_status: smallint().notNull().default(0),
    student_id: integer().references(() => students.id), // set once admitted as a student
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('psb_event_prospectives_reg_uq').on(t.branch_id, t.reg_number),
    index('psb_event_prospectives_filter_idx').on(t.branch_id, t.department_id, t.yoe, t.psb_event_stype_id),
    index('psb_event_prospectives_event_idx').on(t.psb_event_id),
  ],
);

/** The event fees a prospect is charged (possibly with a price of their own). */
export const psb_event_prospective_fees = pgTable(
  'psb_event_prospective_fees',
  {
    id: id(),
    ...branchOwned(),
    psb_event_prospective_id: integer()
      .notNull()
      .references(() => psb_event_prospectives.id, { onDelete: 'cascade' }),
    psb_event_fee_id: integer()
      .notNull()
      .references(() => psb_event_fees.id),
    ftype: smallint().notNull().default(1),
    price: money(),
    qty: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('psb_event_prospective_fees_uq').on(t.psb_event_prospective_id, t.psb_event_fee_id)],
);
