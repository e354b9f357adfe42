/**
 * Rekonsiliasi Bank (docs/bank-reconciliation.md): a branch's bank accounts, the statements imported for them, their
 * credit lines, the students a line is assigned to, and the payments a line was posted as. Imports and posted links
 * are never changed (migration 0029's triggers); an assignment is withdrawn, never deleted.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { branchOwned } from './column-groups';
import { id } from './columns';
import { student_billing_payments } from './payments';
import { students } from './students';

export const bank_accounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    ...branchOwned(),
    /** The statement layout it exports (bca, mandiri, bni, bri, bsi, generic). */
    bank: varchar({ length: 20 }).notNull(),
    account_number: varchar({ length: 40 }).notNull(),
    account_name: varchar({ length: 100 }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_accounts_number_uq').on(t.branch_id, t.account_number)],
);

export const bank_statement_imports = pgTable(
  'bank_statement_imports',
  {
    id: id(),
    ...branchOwned(),
    bank_account_id: integer()
      .notNull()
      .references(() => bank_accounts.id),
    file_name: varchar({ length: 200 }).notNull(),
    layout: varchar({ length: 20 }).notNull(),
    /** Credit lines read, and of them the ones not imported before. */
    credit_lines: integer().notNull(),
    new_lines: integer().notNull(),
    debit_lines: integer().notNull(),
    /** The last line's balance (the statement's closing balance), when the layout has one. */
    closing_balance: bigint({ mode: 'number' }),
    first_date: date({ mode: 'string' }),
    last_date: date({ mode: 'string' }),
    imported_by: integer()
      .notNull()
      .references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_statement_imports_account_idx').on(t.bank_account_id)],
);

export const bank_statement_lines = pgTable(
  'bank_statement_lines',
  {
    id: id(),
    ...branchOwned(),
    bank_account_id: integer()
      .notNull()
      .references(() => bank_accounts.id),
    import_id: integer()
      .notNull()
      .references(() => bank_statement_imports.id),
    line_date: date({ mode: 'string' }).notNull(),
    description: varchar({ length: 500 }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** The running balance after the line, when the layout has one (part of the line's identity). */
    balance: bigint({ mode: 'number' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A line's identity: importing the same or an overlapping file adds it once.
    unique('bank_statement_lines_identity_uq')
      .on(t.bank_account_id, t.line_date, t.amount, t.description, t.balance)
      .nullsNotDistinct(),
    index('bank_statement_lines_date_idx').on(t.branch_id, t.line_date),
    check('bank_statement_lines_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** A line's share for one student, chosen by staff (or proposed and accepted); withdrawn, never deleted. */
export const bank_line_allocations = pgTable(
  'bank_line_allocations',
  {
    id: id(),
    ...branchOwned(),
    line_id: integer()
      .notNull()
      .references(() => bank_statement_lines.id),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    amount: bigint({ mode: 'number' }).notNull(),
    /** 1 proposed by matching and accepted, 2 assigned by hand. */
    source: smallint().notNull(),
    reason: text(),
    chosen_by: integer()
      .notNull()
      .references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    withdrawn_at: timestamp({ withTimezone: true }),
    withdrawn_by: integer().references(() => users.id),
  },
  (t) => [
    uniqueIndex('bank_line_allocations_standing_uq')
      .on(t.line_id, t.student_id)
      .where(sql`${t.withdrawn_at} is null`),
    check('bank_line_allocations_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** The payments a line was posted as (one per student and department); the line is posted while one stands. */
export const bank_line_payments = pgTable(
  'bank_line_payments',
  {
    id: id(),
    ...branchOwned(),
    line_id: integer()
      .notNull()
      .references(() => bank_statement_lines.id),
    student_billing_payment_id: integer()
      .notNull()
      .references(() => student_billing_payments.id),
    posted_by: integer()
      .notNull()
      .references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_line_payments_payment_uq').on(t.student_billing_payment_id),
    index('bank_line_payments_line_idx').on(t.line_id),
  ],
);

/**
 * What an import read of each month it covers, for the month's balance (docs/bank-reconciliation.md "Overview"):
 * the balance before its first line of the month and after its last one. Never changed (migration 0034).
 */
export const bank_statement_months = pgTable(
  'bank_statement_months',
  {
    id: id(),
    ...branchOwned(),
    bank_account_id: integer()
      .notNull()
      .references(() => bank_accounts.id),
    import_id: integer()
      .notNull()
      .references(() => bank_statement_imports.id),
    /** 'YYYY-MM'. */
    mm: varchar({ length: 7 }).notNull(),
    first_date: date({ mode: 'string' }).notNull(),
    last_date: date({ mode: 'string' }).notNull(),
    /** The first line's balance less its credit plus its debit (or the file's Saldo Awal row); null without one. */
    opening_balance: bigint({ mode: 'number' }),
    closing_balance: bigint({ mode: 'number' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_months_import_uq').on(t.import_id, t.mm),
    index('bank_statement_months_account_idx').on(t.bank_account_id, t.mm),
  ],
);

/**
 * The statement's debit lines (money out): never candidates, kept only for the month's balance, with the credit
 * lines' identity so an overlapping import counts each once. Never changed (migration 0034).
 */
export const bank_statement_debits = pgTable(
  'bank_statement_debits',
  {
    id: id(),
    ...branchOwned(),
    bank_account_id: integer()
      .notNull()
      .references(() => bank_accounts.id),
    import_id: integer()
      .notNull()
      .references(() => bank_statement_imports.id),
    line_date: date({ mode: 'string' }).notNull(),
    description: varchar({ length: 500 }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    balance: bigint({ mode: 'number' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bank_statement_debits_identity_uq')
      .on(t.bank_account_id, t.line_date, t.amount, t.description, t.balance)
      .nullsNotDistinct(),
    check('bank_statement_debits_amount_ck', sql`${t.amount} > 0`),
  ],
);
