/**
 * Tutup Buku (docs/books.md "Closing a month"): each branch's months closed and reopened, append-only. A month's
 * state is its latest row; a reopening is a new row with its reason (migration 0032's triggers refuse changes).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './access';
import { branchOwned } from './column-groups';
import { id } from './columns';

export const books_period_closings = pgTable(
  'books_period_closings',
  {
    id: id(),
    ...branchOwned(),
    mm: varchar({ length: 7 }).notNull(),
    // 'close' or 'reopen'
    action: varchar({ length: 10 }).notNull(),
    reason: text(),
    created_by: integer()
      .notNull()
      .references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('books_period_closings_month_idx').on(t.branch_id, t.mm, t.id),
    check('books_period_closings_action_ck', sql`${t.action} in ('close', 'reopen')`),
    check('books_period_closings_mm_ck', sql`${t.mm} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'books_period_closings_reason_ck',
      sql`${t.action} = 'close' or coalesce(btrim(${t.reason}), '') <> ''`,
    ),
  ],
);
