/**
 * Academic structure (branch data): departments, years and their periods, levels, classes, batches (Angkatan).
 * Students and their classes are in students.ts.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { branchOwned } from './column-groups';
import { id, timestamps } from './columns';
import { employees } from './staff';

export const departments = pgTable(
  'departments',
  {
    id: id(),
    ...branchOwned(),
    name: varchar({ length: 100 }).notNull(),
    sequence: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('departments_branch_idx').on(t.branch_id, t.sequence)],
);

export const years_of_study = pgTable(
  'years_of_study',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    name: varchar({ length: 20 }).notNull(), // '2025/2026'
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('years_of_study_dept_name_uq').on(t.department_id, t.name)],
);

/** Period names of a branch (Semester Ganjil, Semester Genap); yos_periodes date them within a year. */
export const periodes = pgTable('periodes', {
  id: id(),
  ...branchOwned(),
  name: varchar({ length: 100 }).notNull(),
  sequence: integer().notNull().default(0),
});

export const yos_periodes = pgTable(
  'yos_periodes',
  {
    id: id(),
    ...branchOwned(),
    year_of_study_id: integer()
      .notNull()
      .references(() => years_of_study.id),
    periode_id: integer()
      .notNull()
      .references(() => periodes.id),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('yos_periodes_year_periode_uq').on(t.year_of_study_id, t.periode_id),
    check('yos_periodes_dates_ck', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

export const levels = pgTable(
  'levels',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    name: varchar({ length: 50 }).notNull(),
    sequence: integer().notNull().default(0),
  },
  (t) => [index('levels_dept_idx').on(t.department_id, t.sequence)],
);

export const classes = pgTable(
  'classes',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    level_id: integer()
      .notNull()
      .references(() => levels.id),
    year_of_study_id: integer()
      .notNull()
      .references(() => years_of_study.id),
    name: varchar({ length: 50 }).notNull(),
    capacity: integer().notNull().default(0),
    employee_id: integer().references(() => employees.id), // homeroom teacher (wali kelas)
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('classes_year_name_uq').on(t.year_of_study_id, t.name),
    index('classes_filter_idx').on(t.branch_id, t.department_id, t.level_id, t.year_of_study_id),
  ],
);

/** Angkatan: students grouped by department and year of entry. */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    name: varchar({ length: 50 }).notNull(),
    yoe: integer().notNull(),
  },
  (t) => [uniqueIndex('batches_dept_yoe_uq').on(t.department_id, t.yoe)],
);
