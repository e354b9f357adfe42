/**
 * The journal's kept sums (docs/books.md "Kept sums"): per branch, account and month, the debits and credits of
 * its lines, written only by migration 0035's trigger when the entries are numbered at commit. Plain integers, no
 * references, like the billing's kept sums: only the trigger writes them.
 */
import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

export const books_month_sums = pgTable(
  'books_month_sums',
  {
    client_id: integer().notNull(),
    branch_id: integer().notNull(),
    account_id: integer().notNull(),
    /** The first day of the month. */
    mm: date({ mode: 'string' }).notNull(),
    debit: bigint({ mode: 'number' }).notNull().default(0),
    credit: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branch_id, t.account_id, t.mm] })],
);
