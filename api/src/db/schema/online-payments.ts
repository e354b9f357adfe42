/**
 * Online payments (docs/online-payments.md): the charges made at a payment gateway for a student's bill items,
 * every notification the gateways sent (kept, never deleted), and the students' credit (Saldo Titipan).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { student_billings } from './billing';
import { branchOwned } from './column-groups';
import { id, timestamps } from './columns';
import { student_billing_payments } from './payments';
import { students } from './students';

/** One charge at a gateway: a VA number or a QRIS string for chosen items of one bill, at the server's amount. */
export const online_charges = pgTable(
  'online_charges',
  {
    id: id(),
    ...branchOwned(),
    student_billing_id: integer()
      .notNull()
      .references(() => student_billings.id),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    /**
     * The items charged and what each owed then: `[{ id, amount }]` (the posted payment's lines); a charge of
     * several bills names each item's bill (`bill_id`), its own bill being `student_billing_id`.
     */
    items: jsonb().$type<{ id: number; amount: number; bill_id?: number }[]>().notNull(),
    provider: varchar({ length: 20 }).notNull(), // midtrans | xendit
    channel: varchar({ length: 20 }).notNull(), // bca_va, bni_va, bri_va, permata_va, mandiri_bill, qris
    /** Our order id at the provider (Midtrans order_id, Xendit reference_id). */
    order_id: varchar({ length: 64 }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** The provider's id of the charge (Midtrans transaction_id, Xendit payment request id). */
    provider_charge_id: varchar({ length: 100 }),
    va_number: varchar({ length: 40 }),
    bill_key: varchar({ length: 40 }), // Mandiri bill payment: biller code in va_number, bill key here
    qr_string: text(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    /** pending -> settlement -> posted | credited; expired, cancelled, denied (docs/online-payments.md). */
    status: varchar({ length: 20 }).notNull().default('pending'),
    /** The provider's id of the money received (Midtrans transaction_id, Xendit payment id): posted once. */
    provider_transaction_id: varchar({ length: 100 }),
    paid_amount: bigint({ mode: 'number' }),
    settled_at: timestamp({ withTimezone: true }),
    student_billing_payment_id: integer().references(() => student_billing_payments.id),
    /** The gateway's fee booked with the charge's money (docs/online-payments.md, "Gateway fees"); 0: none. */
    fee_amount: bigint({ mode: 'number' }),
    /** Money that arrived in a way a person should look at (after expiry, a mismatch): why. */
    flagged: boolean().notNull().default(false),
    flag_reason: text(),
    /** The create request's Idempotency-Key (or a fingerprint): a retried create answers the same charge. */
    idempotency_key: varchar({ length: 100 }).notNull(),
    created_by: integer()
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('online_charges_order_uq').on(t.order_id),
    uniqueIndex('online_charges_transaction_uq').on(t.provider, t.provider_transaction_id),
    uniqueIndex('online_charges_idem_uq').on(t.branch_id, t.idempotency_key),
    index('online_charges_bill_idx').on(t.student_billing_id),
    // A new charge finds the student's open charges by this (docs/online-payments.md, "Charges").
    index('online_charges_student_idx').on(t.student_id),
    index('online_charges_branch_idx').on(t.branch_id, t.created_at),
    check('online_charges_amount_ck', sql`${t.amount} > 0`),
    check('online_charges_fee_ck', sql`${t.fee_amount} >= 0`),
  ],
);

/**
 * A student's fixed VA at a gateway (Xendit's open virtual account): one per student, provider and bank, made
 * once; money arriving on it pays the oldest due items (docs/online-payments.md, "Fixed VA").
 */
export const online_fixed_vas = pgTable(
  'online_fixed_vas',
  {
    id: id(),
    ...branchOwned(),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    provider: varchar({ length: 20 }).notNull(),
    bank: varchar({ length: 20 }).notNull(), // bca, bni, bri, permata, mandiri
    /** Ours at the provider (Xendit external_id). */
    external_id: varchar({ length: 64 }).notNull(),
    /** The provider's id of the VA (Xendit's id, named `callback_virtual_account_id` in its payment callback). */
    provider_va_id: varchar({ length: 100 }).notNull(),
    account_number: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    created_by: integer()
      .notNull()
      .references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Closed by staff (expired at the provider): kept, never deleted; a new one may be opened after. */
    closed_at: timestamp({ withTimezone: true }),
    closed_by: integer().references(() => users.id),
    close_reason: varchar({ length: 500 }),
  },
  (t) => [
    // One open VA per student, provider and bank; closed ones stay beside it.
    uniqueIndex('online_fixed_vas_student_uq')
      .on(t.student_id, t.provider, t.bank)
      .where(sql`${t.closed_at} is null`),
    uniqueIndex('online_fixed_vas_external_uq').on(t.external_id),
    uniqueIndex('online_fixed_vas_provider_uq').on(t.provider, t.provider_va_id),
  ],
);

/** Every request a gateway sent to our notification URLs, stored once per provider event, never deleted. */
export const gateway_notifications = pgTable(
  'gateway_notifications',
  {
    id: id(),
    provider: varchar({ length: 20 }).notNull(),
    /** Xendit's webhook-id, Midtrans' SHA-256 of the raw body: a repeat is recognised and not processed again. */
    event_key: varchar({ length: 200 }).notNull(),
    order_id: varchar({ length: 64 }),
    online_charge_id: integer().references(() => online_charges.id),
    /** A fixed VA's payment callback: the VA it names. */
    online_fixed_va_id: integer().references(() => online_fixed_vas.id),
    raw_body: text().notNull(),
    /** The headers of interest (content type, user agent, webhook id; the callback token is never kept). */
    headers: jsonb().$type<Record<string, string>>().notNull(),
    signature_ok: boolean().notNull(),
    /** What processing did: received, bad_signature, unknown_order, pending, posted, credited, ignored, ... */
    outcome: varchar({ length: 30 }).notNull().default('received'),
    outcome_detail: text(),
    received_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processed_at: timestamp({ withTimezone: true }),
    /** A fixed VA's money, once processed: what arrived, the payments it made and its Saldo Titipan part. */
    amount: bigint({ mode: 'number' }),
    payment_ids: jsonb().$type<number[]>(),
    credit_amount: bigint({ mode: 'number' }),
    /** Money that needs a look (it arrived on a closed VA): posted all the same, listed first. */
    flagged: boolean().notNull().default(false),
    flag_reason: varchar({ length: 200 }),
  },
  (t) => [
    uniqueIndex('gateway_notifications_event_uq').on(t.provider, t.event_key),
    index('gateway_notifications_fixed_va_idx').on(t.online_fixed_va_id),
    index('gateway_notifications_charge_idx').on(t.online_charge_id),
  ],
);

/**
 * A branch's choice of gateway and channels (docs/online-payments.md, "A branch's gateway and channels"): one row
 * per branch once an admin saves; no row means the first configured provider with all its channels.
 */
export const online_payment_settings = pgTable(
  'online_payment_settings',
  {
    id: id(),
    ...branchOwned(),
    provider: varchar({ length: 20 }).notNull(), // midtrans | xendit
    /** The channels new charges may use, at least one: `["bca_va", "qris"]`. */
    channels: jsonb().$type<string[]>().notNull(),
    /** Each channel's fee, `{ "qris": { "flat": 0, "percent": 0.7 } }` (docs/online-payments.md, "Gateway fees"). */
    fees: jsonb()
      .$type<Record<string, { flat: number; percent: number }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updated_by: integer()
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('online_payment_settings_branch_uq').on(t.branch_id),
    check('online_payment_settings_provider_ck', sql`${t.provider} in ('midtrans', 'xendit')`),
    check(
      'online_payment_settings_channels_ck',
      sql`jsonb_typeof(${t.channels}) = 'array' and jsonb_array_length(${t.channels}) > 0`,
    ),
    check('online_payment_settings_fees_ck', sql`jsonb_typeof(${t.fees}) = 'object'`),
  ],
);

/** Saldo Titipan: money of a student kept as credit (in: +, applied: -), one row per movement, never changed. */
export const student_credit_movements = pgTable(
  'student_credit_movements',
  {
    id: id(),
    ...branchOwned(),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    amount: bigint({ mode: 'number' }).notNull(),
    /** online_mismatch, online_already_paid, ... (docs/online-payments.md). */
    source: varchar({ length: 30 }).notNull(),
    /** What it came from, unique per branch: `online:{provider}:{transaction id}` for gateway money. */
    reference: varchar({ length: 150 }).notNull(),
    online_charge_id: integer().references(() => online_charges.id),
    note: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('student_credit_movements_ref_uq').on(t.branch_id, t.reference),
    index('student_credit_movements_student_idx').on(t.student_id),
    check('student_credit_movements_amount_ck', sql`${t.amount} <> 0`),
  ],
);
