/**
 * Column groups that reference tables: the owner columns of branch data, the admission profile, and the
 * payment columns. Not part of the schema's exports (index.ts re-exports tables only).
 */
import {
  bigint,
  char,
  date,
  integer,
  numeric,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { branches, clients, users } from './access';
import { money, timestamps } from './columns';
import { ethnics, relationship_types, religions } from './reference';

/** Owner columns of every row of branch data. */
export const branchOwned = () => ({
  client_id: integer()
    .notNull()
    .references(() => clients.id),
  branch_id: integer()
    .notNull()
    .references(() => branches.id),
});

/**
 * The placement of a kept row (the sums and students the database keeps per class, migrations 0018 and 0022): plain
 * integers, no references, because only the triggers write them, copying a bill's own placement.
 */
export const keptPlacement = () => ({
  client_id: integer().notNull(),
  branch_id: integer().notNull(),
  department_id: integer().notNull(),
  year_of_study_id: integer().notNull(),
  yos_periode_id: integer().notNull(),
  level_id: integer().notNull(),
  class_id: integer().notNull(),
});

/** The personal profile collected at admission (docs/data.md), kept by prospects and, once admitted, students. */
export const profileColumns = () => ({
  gender_id: smallint(), // 1 Laki-Laki, 2 Perempuan
  birth_place: varchar({ length: 100 }),
  birth_date: date({ mode: 'string' }),
  citizenship: char({ length: 1 }), // 'I' WNI, 'A' WNA
  nik: varchar({ length: 20 }),
  religion_id: integer().references(() => religions.id),
  ethnic_id: integer().references(() => ethnics.id),
  living_status: smallint(), // 1 with parents/family, 2 dormitory, 3 boarding/rented, 4 alone
  father: varchar({ length: 150 }),
  mother: varchar({ length: 150 }),
  guardian: varchar({ length: 150 }),
  address_full: text(),
  address_distance: varchar({ length: 50 }),
  mail_address_full: text(),
  prev_school_department_type: smallint(), // 0 KB, 1 TK, 2 SD, 3 SMP
  prev_school_name: varchar({ length: 150 }),
  prev_certivicate_number: varchar({ length: 100 }), // sic: the field name other modules already send
  prev_certivicate_date: date({ mode: 'string' }),
  prev_nisn: varchar({ length: 20 }),
  prev_un_number: varchar({ length: 50 }),
  prev_un_score: numeric({ precision: 6, scale: 2, mode: 'number' }), // an exam score, not money
  emergency_contact_type: smallint(), // 1 guardian, 2 father, 3 mother, 4 other
  emergency_contact_rtype_id: integer().references(() => relationship_types.id),
  emergency_contact_name: varchar({ length: 150 }),
  emergency_contact_phone: varchar({ length: 30 }),
  emergency_contact_email: varchar({ length: 150 }),
  med_blood_type: varchar({ length: 3 }),
  med_blood_rhesus: varchar({ length: 1 }),
  med_dietaries: text(),
  med_medicines: text(),
  med_allergies: text(),
  med_diseases: text(),
  med_notes: text(),
  ext_hobby: text(),
  ext_achievement: text(),
});

/** Payment columns shared by student and prospect payments. */
export const paymentColumns = () => ({
  payment_number: varchar({ length: 40 }).notNull(),
  payment_date: date({ mode: 'string' }).notNull(),
  amount: bigint({ mode: 'number' }).notNull(), // sum of the item payments
  total_amount_payment_paid: money(), // money handed over; change (kembali) = this - amount
  ptype: smallint().notNull(), // 1 Cash, 2 ATM/Debit, 3 Pengurangan Hutang, 4 Transfer, 5 Cek/Giro, 6 Credit Card
  payer_name: varchar({ length: 150 }),
  payer_city: varchar({ length: 100 }), // editable on the receipt
  note: text(),
  /** Client's Idempotency-Key header, or a server fingerprint of the request: a retried pay stores nothing new. */
  idempotency_key: varchar({ length: 100 }).notNull(),
  /** SHA-256 of the bill and the canonical request body: the same key with another body is refused. */
  request_fingerprint: varchar({ length: 64 }),
  /** What was left to pay on the bill right after this payment (Sisa Tagihan on its receipt, stable on reprint). */
  total_billing_after: money(),
  /** Receipts and notes printed of this payment (the server counts; every print after the first is a SALINAN). */
  print_count: integer().notNull().default(0),
  first_printed_at: timestamp({ withTimezone: true }),
  created_by: integer().references(() => users.id),
  /** Taken with a kasir Token Integrasi: the cashier it names (created_by is the admin who minted it). */
  cashier_name: varchar({ length: 100 }),
  /** Voided (never deleted) when the bill's confirmation is withdrawn: excluded from every total from then on. */
  voided_at: timestamp({ withTimezone: true }),
  voided_by: integer().references(() => users.id),
  void_reason: text(),
  ...timestamps(),
});
