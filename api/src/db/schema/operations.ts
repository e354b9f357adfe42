/**
 * Operations: document numbering, server settings, the daily cash closing (Tutup Kas), the audit log, embed
 * tokens, one-use receipt links, bill reminders and their gateway outbox.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { branches, clients, users } from './access';
import { branchOwned } from './column-groups';
import { id } from './columns';
import { student_billing_payments } from './payments';
import { students } from './students';

/**
 * Counters behind bill and payment numbers (lib/numbering.ts): one row per branch, kind and month, bumped
 * with an atomic upsert so concurrent requests (also on PostgreSQL) never get the same number.
 */
export const document_sequences = pgTable(
  'document_sequences',
  {
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    branch_id: integer()
      .notNull()
      .references(() => branches.id),
    kind: varchar({ length: 30 }).notNull(),
    period: char({ length: 7 }).notNull(), // 'YYYY-MM'
    last_value: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.branch_id, t.kind, t.period] })],
);

/**
 * Documents waiting for their numbers until their transaction commits (lib/numbering.ts `numberAtCommit`): one
 * row per numbering (a payment, a batch of bills), written by the transaction and deleted by the deferred trigger
 * of migration 0023 that numbers its documents as the transaction commits. Empty outside running transactions.
 */
export const document_numberings = pgTable('document_numberings', {
  id: id(),
  client_id: integer().notNull(),
  branch_id: integer().notNull(),
  kind: varchar({ length: 30 }).notNull(),
  period: char({ length: 7 }).notNull(), // 'YYYY-MM'
  /** The numbers' first part, `DOCUMENT_PREFIX` of the kind. */
  prefix: varchar({ length: 10 }).notNull(),
  /** The numbered table; the trigger knows its number column. */
  target: varchar({ length: 63 }).notNull(),
  /** The documents' ids, numbered in this order. */
  ids: integer().array().notNull(),
});

/** Server-side settings that must survive restarts (e.g. the generated JWT secret). */
export const app_settings = pgTable('app_settings', {
  key: varchar({ length: 100 }).primaryKey(),
  value: text().notNull(),
});

// ---------------------------------------------------------------------------------------------------------
// Rekap Kas Harian: a cashier's day closed (Tutup Kas), its figures frozen (api/ROUTES.md "Daily closing")

export const cash_closings = pgTable(
  'cash_closings',
  {
    id: id(),
    ...branchOwned(),
    /** Numbered per branch and month like the other documents: TKS-BDG-2611-00001. */
    closing_number: varchar({ length: 40 }).notNull(),
    /** The school's day closed (in the branch's time zone). */
    closing_date: date({ mode: 'string' }).notNull(),
    cashier_id: integer()
      .notNull()
      .references(() => users.id),
    /** The recap as it stood when closed (CashClosingFigures): never recomputed. */
    figures: jsonb().notNull(),
    closed_by: integer()
      .notNull()
      .references(() => users.id),
    closed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Reopened by a manager (kept, never deleted): the day may then be closed again, under a new number. */
    reopened_by: integer().references(() => users.id),
    reopened_at: timestamp({ withTimezone: true }),
    reopen_reason: text(),
    /** The drawer counted by denomination (CashCounts) and what it came to; null before migration 0026. */
    cash_counts: jsonb(),
    expected_cash: bigint({ mode: 'number' }),
    counted_cash: bigint({ mode: 'number' }),
    /** counted − expected; a difference other than 0 carries its explanation. */
    cash_difference: bigint({ mode: 'number' }),
    difference_note: text(),
  },
  (t) => [
    check(
      'cash_closings_count_ck',
      sql`(${t.cash_counts} is null and ${t.counted_cash} is null and ${t.expected_cash} is null and ${t.cash_difference} is null)
        or (${t.cash_counts} is not null and ${t.cash_difference} = ${t.counted_cash} - ${t.expected_cash}
          and (${t.cash_difference} = 0 or ${t.difference_note} is not null))`,
    ),
    uniqueIndex('cash_closings_number_uq').on(t.client_id, t.closing_number),
    // One standing closing per cashier and day.
    uniqueIndex('cash_closings_open_uq')
      .on(t.branch_id, t.closing_date, t.cashier_id)
      .where(sql`${t.reopened_at} is null`),
  ],
);

/** Setoran Bank: a closing's cash taken to the bank, one per closing, never changed (migration 0026's trigger). */
export const cash_deposits = pgTable(
  'cash_deposits',
  {
    id: id(),
    ...branchOwned(),
    closing_id: integer()
      .notNull()
      .references(() => cash_closings.id),
    amount: bigint({ mode: 'number' }).notNull(),
    bank_account: varchar({ length: 100 }).notNull(),
    reference: varchar({ length: 60 }).notNull(),
    deposit_date: date({ mode: 'string' }).notNull(),
    deposited_by: integer()
      .notNull()
      .references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_deposits_closing_uq').on(t.closing_id),
    check('cash_deposits_amount_ck', sql`${t.amount} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Log Audit: every change to money and access, once, in the transaction of the change (api/ROUTES.md
// "Audit log"). Rows are never changed or deleted: triggers refuse UPDATE, DELETE and TRUNCATE, and on
// PostgreSQL the API's role may only add and read them (api/README.md "Database roles").

export const audit_logs = pgTable(
  'audit_logs',
  {
    id: id(),
    client_id: integer().references(() => clients.id),
    branch_id: integer().references(() => branches.id),
    /**
     * Who did it (null: a failed sign-in), with their name as it was: no foreign key, so a deleted staff
     * member's records stay as they are.
     */
    user_id: integer(),
    user_name: varchar({ length: 150 }),
    occurred_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** AUDIT_ACTIONS in the contract, e.g. 'payment.create'. */
    action: varchar({ length: 60 }).notNull(),
    entity: varchar({ length: 60 }).notNull(),
    entity_id: integer(),
    before: jsonb(),
    after: jsonb(),
    reason: text(),
  },
  (t) => [
    index('audit_logs_branch_time_idx').on(t.branch_id, t.occurred_at),
    index('audit_logs_entity_idx').on(t.entity, t.entity_id),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Token Integrasi: what an embedded billing view may do (api/ROUTES.md "Embed tokens"). The token itself is a
// signed JWT naming this row; the row says whether it still holds (revoked, expired), so revoking works at once
// on every instance. Rows are kept (revoked, never deleted): the list shows who minted and revoked what.

export const embed_tokens = pgTable(
  'embed_tokens',
  {
    id: id(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    branch_id: integer()
      .notNull()
      .references(() => branches.id),
    /** Null: every student of the branch. A student removed takes their tokens along (never widened to all). */
    student_id: integer().references(() => students.id, { onDelete: 'cascade' }),
    /** EMBED_SCOPES in the contract: 'billing:read' or 'billing:pay'. */
    scope: varchar({ length: 20 }).notNull(),
    label: varchar({ length: 100 }).notNull(),
    /** A kasir token: the cashier whose payments it records (docs/roles.md#embed-tokens); null: it never records one. */
    cashier_name: varchar({ length: 100 }),
    /** On whose behalf the token acts: it holds only while this user is active in the branch. */
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
    revoked_by: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('embed_tokens_branch_idx').on(t.branch_id, t.created_at),
    check('embed_tokens_scope_ck', sql`${t.scope} in ('billing:read', 'billing:pay')`),
    check('embed_tokens_cashier_ck', sql`${t.cashier_name} is null or ${t.scope} = 'billing:pay'`),
  ],
);

// A one-use link to a printed receipt, for the embedded billing view (api/ROUTES.md "Embed tokens"): the view
// asks for it with its token and opens it in a new tab without one. Only the code's SHA-256 is kept; redeeming
// deletes the row in the same statement.

export const document_links = pgTable(
  'document_links',
  {
    code_hash: char({ length: 64 }).primaryKey(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    branch_id: integer()
      .notNull()
      .references(() => branches.id),
    /** 'kuitansi' or 'nota'. */
    kind: varchar({ length: 20 }).notNull(),
    payment_id: integer()
      .notNull()
      .references(() => student_billing_payments.id),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('document_links_expires_idx').on(t.expires_at)],
);

// ---------------------------------------------------------------------------------------------------------
// Pengingat Tagihan: each reminder sent or printed (api/ROUTES.md "Reminders"); never deleted

export const bill_reminders = pgTable(
  'bill_reminders',
  {
    id: id(),
    ...branchOwned(),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    /** 'whatsapp' | 'letter' | 'csv' | 'gateway' (the contract's REMINDER_CHANNELS). */
    channel: varchar({ length: 20 }).notNull(),
    /** What it named: the overdue total (whole rupiah) and the bills' months ('YYYY-MM'). */
    amount: bigint({ mode: 'number' }).notNull(),
    months: jsonb().$type<string[]>().notNull(),
    sent_by: integer()
      .notNull()
      .references(() => users.id),
    sent_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's "last reminder" and "reminded in the last N days".
    index('bill_reminders_student_idx').on(t.branch_id, t.student_id, t.sent_at),
    check('bill_reminders_channel_ck', sql`${t.channel} in ('whatsapp', 'letter', 'csv', 'gateway')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// The outbox of reminders sent through a gateway (reminders/outbox.ts): one row per 'gateway' reminder, written
// in the reminder's transaction, sent by the API's drain loop. Never deleted.

export const reminder_outbox = pgTable(
  'reminder_outbox',
  {
    id: id(),
    ...branchOwned(),
    /** The reminder it sends (channel 'gateway'). */
    reminder_id: integer()
      .notNull()
      .references(() => bill_reminders.id),
    /** +62… as the contract's normalizePhone gives it. */
    phone: varchar({ length: 20 }).notNull(),
    message: text().notNull(),
    /** 'queued' | 'sending' | 'sent' | 'failed' (the contract's OUTBOX_STATUSES). */
    status: varchar({ length: 10 }).notNull().default('queued'),
    /** Sends tried so far. */
    attempts: integer().notNull().default(0),
    /** Queued: not before then. Sending: when it was claimed. */
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    last_error: text(),
    /** The gateway's id of the sent message. */
    provider_id: varchar({ length: 200 }),
    sent_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_outbox_reminder_uq').on(t.reminder_id),
    // The drain loop's next row.
    index('reminder_outbox_due_idx').on(t.status, t.next_attempt_at),
    check('reminder_outbox_status_ck', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    check('reminder_outbox_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Documents asked per user (or per address, for the one-use links) in the current minute (lib/document-limit.ts):
// in the database, so the limit holds across API instances. A key's window starts over once it has ended.

export const document_limits = pgTable(
  'document_limits',
  {
    /** `user:{client}:{user}` or `address:{ip}`. */
    key: varchar({ length: 200 }).primaryKey(),
    count: integer().notNull(),
    window_end: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('document_limits_window_end_idx').on(t.window_end)],
);
