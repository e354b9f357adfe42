/**
 * Students, their classes, and the admissions (PSB) and transfers (mutasi) they come through: the events, the
 * fees those charge, the prospects and the fees each is charged. One file, because a student points at the
 * prospect record it was admitted from and that record points back at the student.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { branchOwned, profileColumns } from './column-groups';
import { id, money, timestamps } from './columns';
import { fee_types } from './fees';
import { psb_event_stypes } from './reference';
import { batches, classes, departments } from './school';

export const students = pgTable(
  'students',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    batch_id: integer().references(() => batches.id),
    /** The admission record the student came from, when admitted through the product. */
    psb_event_prospective_id: integer().references((): AnyPgColumn => psb_event_prospectives.id),
    nis: varchar({ length: 30 }).notNull(),
    nisn: varchar({ length: 20 }),
    name: varchar({ length: 150 }).notNull(),
    yoe: integer().notNull(), // year of entry
    study_status: smallint().notNull().default(1), // 1 active (aktif), 2 graduated (lulus), 3 left (keluar)
    ...profileColumns(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('students_branch_nis_uq').on(t.branch_id, t.nis),
    index('students_filter_idx').on(t.branch_id, t.department_id, t.study_status),
    index('students_name_idx').on(t.name),
  ],
);

export const class_students = pgTable(
  'class_students',
  {
    id: id(),
    ...branchOwned(),
    class_id: integer()
      .notNull()
      .references(() => classes.id),
    student_id: integer()
      .notNull()
      .references(() => students.id),
  },
  (t) => [
    uniqueIndex('class_students_class_student_uq').on(t.class_id, t.student_id),
    index('class_students_student_idx').on(t.student_id),
  ],
);

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

/**
 * How many students each branch has per study status, kept by the database (triggers of migration 0018, in
 * the statement that adds, changes or removes students): the dashboard's active students read one row
 * instead of counting the branch's students (docs/data.md#fees-and-student-bills, "Kept sums").
 */
export const student_counts = pgTable(
  'student_counts',
  {
    client_id: integer().notNull(),
    branch_id: integer().notNull(),
    study_status: smallint().notNull(),
    student_count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'student_counts_pk', columns: [t.branch_id, t.study_status, t.client_id] })],
);
