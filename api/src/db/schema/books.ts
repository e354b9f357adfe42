/**
 * The books (docs/books.md): a chart of accounts per foundation (client), the mappings of fee types, payment types
 * and deductions to accounts, and the journal: entries (numbered vouchers, per branch = cost centre) and their
 * lines. Entries and lines are never changed or deleted (migration 0030's triggers); a correction is a reversal.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients, users } from './access';
import { branchOwned } from './column-groups';
import { id } from './columns';

/** An account of a foundation's chart; `role` names the defaults the postings fall back on (docs/books.md). */
export const books_accounts = pgTable(
  'books_accounts',
  {
    id: id(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    code: varchar({ length: 20 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    kind: varchar({ length: 20 }).notNull(),
    role: varchar({ length: 30 }),
    // Deactivated, never deleted: its entries stay (docs/books.md "The accounts").
    active: boolean().notNull().default(true),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('books_accounts_code_uq').on(t.client_id, t.code),
    uniqueIndex('books_accounts_role_uq').on(t.client_id, t.role).where(sql`${t.role} is not null`),
    check(
      'books_accounts_kind_ck',
      sql`${t.kind} in ('asset', 'liability', 'equity', 'revenue', 'contra_revenue', 'expense')`,
    ),
  ],
);

/**
 * What posts where: a fee type (`source` 'fee_type', key its id) to its revenue account and receivable; a payment
 * type ('payment_type', key the ptype) to its cash or bank account; a deduction ('deduction', key 1 discount,
 * 2 Ditanggung) to its contra-revenue account.
 */
export const books_mappings = pgTable(
  'books_mappings',
  {
    id: id(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    source: varchar({ length: 20 }).notNull(),
    source_key: integer().notNull(),
    account_id: integer()
      .notNull()
      .references(() => books_accounts.id),
    receivable_account_id: integer().references(() => books_accounts.id),
  },
  (t) => [
    uniqueIndex('books_mappings_source_uq').on(t.client_id, t.source, t.source_key),
    check('books_mappings_source_ck', sql`${t.source} in ('fee_type', 'payment_type', 'deduction')`),
  ],
);

/** A journal entry: its voucher (numbered at commit), day, branch, and what wrote it. */
export const books_entries = pgTable(
  'books_entries',
  {
    id: id(),
    ...branchOwned(),
    voucher_number: varchar({ length: 40 }).notNull(),
    entry_date: date({ mode: 'string' }).notNull(),
    // student_bill, student_bill_deduction, student_payment, student_payment_void
    source_kind: varchar({ length: 30 }).notNull(),
    source_id: integer().notNull(),
    reversal_of: integer(),
    description: text().notNull(),
    created_by: integer().references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('books_entries_voucher_uq').on(t.client_id, t.voucher_number),
    index('books_entries_date_idx').on(t.branch_id, t.entry_date),
    index('books_entries_source_idx').on(t.source_kind, t.source_id),
    uniqueIndex('books_entries_reversal_uq').on(t.reversal_of).where(sql`${t.reversal_of} is not null`),
    // The target of the lines' one key: a line's client and branch are its entry's (docs/books.md "Cost on the
    // payment path").
    uniqueIndex('books_entries_owner_uq').on(t.id, t.client_id, t.branch_id),
  ],
);

/**
 * A line of an entry: one account, a debit or a credit in whole rupiah; `bill_id` the student bill it moves,
 * `prospective_billing_id` the prospect bill (docs/books.md).
 */
export const books_lines = pgTable(
  'books_lines',
  {
    id: id(),
    // Checked through the entry (the key below), which references the client and branch itself.
    client_id: integer().notNull(),
    branch_id: integer().notNull(),
    entry_id: integer().notNull(),
    account_id: integer()
      .notNull()
      .references(() => books_accounts.id),
    debit: bigint({ mode: 'number' }).notNull().default(0),
    credit: bigint({ mode: 'number' }).notNull().default(0),
    bill_id: integer(),
    prospective_billing_id: integer(),
  },
  (t) => [
    foreignKey({
      name: 'books_lines_entry_owner_fk',
      columns: [t.entry_id, t.client_id, t.branch_id],
      foreignColumns: [books_entries.id, books_entries.client_id, books_entries.branch_id],
    }),
    index('books_lines_entry_idx').on(t.entry_id),
    index('books_lines_account_idx').on(t.account_id, t.branch_id),
    index('books_lines_bill_idx').on(t.bill_id).where(sql`${t.bill_id} is not null`),
    index('books_lines_prospective_bill_idx')
      .on(t.prospective_billing_id)
      .where(sql`${t.prospective_billing_id} is not null`),
    check(
      'books_lines_side_ck',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`,
    ),
  ],
);
