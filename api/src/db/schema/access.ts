/**
 * Tenancy, users and access: the client and its branches, users, their roles and branches, and what signing
 * in keeps (failed attempts, the google-set hand-off codes).
 */
import type { BranchTimeZone } from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import {
  char,
  check,
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
import { id, timestamps } from './columns';

export const clients = pgTable('clients', {
  id: id(),
  name: varchar({ length: 150 }).notNull(),
  ...timestamps(),
});

export const branches = pgTable(
  'branches',
  {
    id: id(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    code: varchar({ length: 10 }).notNull(), // short code used in bill and payment numbers
    name: varchar({ length: 150 }).notNull(),
    address: text(),
    phone: varchar({ length: 50 }),
    website: varchar({ length: 150 }),
    city: varchar({ length: 100 }), // a receipt's default 'Kota' (the payer's city, editable per receipt)
    /** The zone of the branch's calendar ("today", the cash day): one of Indonesia's three (contract TIME_ZONES). */
    time_zone: varchar({ length: 40 }).$type<BranchTimeZone>().notNull().default('Asia/Jakarta'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('branches_client_code_uq').on(t.client_id, t.code),
    check('branches_time_zone_ck', sql`${t.time_zone} in ('Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    uname: varchar({ length: 60 }).notNull(),
    email: varchar({ length: 150 }),
    /** scrypt hash (lib/password.ts); a value that is not a hash (e.g. '!') means password sign-in is disabled. */
    password_hash: text().notNull(),
    name: varchar({ length: 150 }).notNull(),
    utype_name: varchar({ length: 60 }).notNull(),
    avatar: varchar({ length: 200 }),
    google_id_registran: varchar({ length: 100 }),
    status: smallint().notNull().default(1), // 1 active; anything else cannot sign in
    /** The branch chosen last, so a new sign-in resumes where the user left off. */
    last_branch_id: integer().references(() => branches.id),
    /**
     * Carried by every token (claim `ver`) and checked on every request: raising it (password change, sign-out)
     * ends every session issued before.
     */
    token_version: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // Usernames are matched case-insensitively at sign-in.
    uniqueIndex('users_uname_uq').on(sql`lower(${t.uname})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  ],
);

export const roles = pgTable('roles', {
  id: id(),
  slug: varchar({ length: 40 }).notNull().unique(),
  title: varchar({ length: 100 }).notNull(),
  bg_color: varchar({ length: 20 }),
});

export const user_roles = pgTable(
  'user_roles',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer()
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] })],
);

export const user_branches = pgTable(
  'user_branches',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branch_id: integer()
      .notNull()
      .references(() => branches.id),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.branch_id] }),
    index('user_branches_branch_idx').on(t.branch_id),
  ],
);

/**
 * Failed sign-in (and old-password) attempts per key in a fixed window (src/auth/throttle.ts). In the database,
 * not in memory, so the limits hold across several API instances.
 */
export const auth_throttle = pgTable(
  'auth_throttle',
  {
    /** `account:{username}`, `address:{ip}` or `password:{user id}`. */
    key: varchar({ length: 200 }).primaryKey(),
    attempts: integer().notNull(),
    window_start: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttle_window_idx').on(t.window_start)],
);

/** One-use, short-lived codes of the google-set hand-off (src/auth/handoff.ts); only their SHA-256 is kept. */
export const auth_handoffs = pgTable(
  'auth_handoffs',
  {
    code_hash: char({ length: 64 }).primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branch_id: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('auth_handoffs_expires_idx').on(t.expires_at)],
);
