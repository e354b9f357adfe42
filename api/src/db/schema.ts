/**
 * The whole Keuangan schema (docs/), designed up front so later work adds endpoints, not tables.
 *
 * Conventions:
 * - Property names are the column names and the API field names (snake_case), so rows map to responses as-is.
 * - Every row of branch data carries `client_id` and `branch_id`; queries filter on both (see lib/scope.ts).
 * - Money is whole rupiah in `bigint` (mode 'number': safe up to 9 quadrillion), never floats.
 * - Dates are `date` columns read as 'YYYY-MM-DD' strings; months are 'YYYY-MM' (`mm`).
 * - Ids are identity columns "by default", so the seed can assign deterministic ids (and then bumps the sequences).
 */
import type { BranchTimeZone } from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------------------
// Column groups (functions: drizzle needs fresh column builders for every table)

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const money = () => bigint({ mode: 'number' }).notNull().default(0);
const timestamps = () => ({
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
/** Owner columns of every row of branch data. */
const branchOwned = () => ({
  client_id: integer()
    .notNull()
    .references(() => clients.id),
  branch_id: integer()
    .notNull()
    .references(() => branches.id),
});

/** The personal profile collected at admission (docs/data.md), kept by prospects and, once admitted, students. */
const profileColumns = () => ({
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
  prev_certivicate_number: varchar({ length: 100 }), // sic: the API field name of the spec
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

/** Totals shared by bills and bill items: total_billing = total_amount - total_discount - total_bail - total_payment. */
const billTotals = () => ({
  total_amount: money(),
  total_discount: money(),
  total_bail: money(),
  total_payment: money(),
  total_billing: money(),
  payment_status: smallint().notNull().default(0), // 1 lunas, 0 belum lunas
});

// ---------------------------------------------------------------------------------------------------------
// Tenancy, users and access

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

/** Server-side settings that must survive restarts (e.g. the generated JWT secret). */
export const app_settings = pgTable('app_settings', {
  key: varchar({ length: 100 }).primaryKey(),
  value: text().notNull(),
});

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

// ---------------------------------------------------------------------------------------------------------
// Global reference lists

export const religions = pgTable('religions', {
  id: id(),
  name: varchar({ length: 50 }).notNull().unique(),
});

export const ethnics = pgTable('ethnics', {
  id: id(),
  name: varchar({ length: 50 }).notNull().unique(),
});

/** Relationship of an emergency contact (emergency_contact_rtype{title}). */
export const relationship_types = pgTable('relationship_types', {
  id: id(),
  title: varchar({ length: 50 }).notNull().unique(),
});

/** Prospect event types: id 1 admission (PSB), id 2 transfer (mutasi). The id is the `stype` code. */
export const psb_event_stypes = pgTable('psb_event_stypes', {
  id: smallint().primaryKey(),
  name: varchar({ length: 100 }).notNull(),
});

// ---------------------------------------------------------------------------------------------------------
// Staff: employees belong to the client; their branches are their user's branches.

export const employees = pgTable(
  'employees',
  {
    id: id(),
    client_id: integer()
      .notNull()
      .references(() => clients.id),
    user_id: integer()
      .notNull()
      .unique()
      .references(() => users.id),
    nip: varchar({ length: 30 }),
    nip_pns: varchar({ length: 30 }),
    name: varchar({ length: 150 }).notNull(),
    initial_degree: varchar({ length: 30 }),
    final_degree: varchar({ length: 30 }),
    gender_id: smallint().notNull(), // 1 Laki-Laki, 2 Perempuan
    religion_id: integer().references(() => religions.id),
    ethnic_id: integer().references(() => ethnics.id),
    marital_status_id: smallint(), // 1 Sudah, 2 Belum, 99 Tidak Ditentukan
    birth_place: varchar({ length: 100 }),
    birth_date: date({ mode: 'string' }),
    nik: varchar({ length: 20 }),
    phone: varchar({ length: 30 }),
    address: text(),
    pics: varchar({ length: 200 }), // photo file name under /uploads/employees
    status: smallint().notNull().default(1), // 1 active
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('employees_client_nip_uq').on(t.client_id, t.nip),
    index('employees_name_idx').on(t.name),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Employee photos, re-encoded (src/employee/photo.ts), served at /uploads/employees/{name}. In the database
 * rather than on one server's disk, so every API instance serves them.
 */
export const employee_photos = pgTable('employee_photos', {
  name: varchar({ length: 200 }).primaryKey(),
  employee_id: integer()
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' }),
  content_type: varchar({ length: 50 }).notNull(),
  bytes: bytea().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Academic structure (branch data)

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

// ---------------------------------------------------------------------------------------------------------
// Student fees and billing

export const fee_types = pgTable(
  'fee_types',
  {
    id: id(),
    ...branchOwned(),
    name: varchar({ length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('fee_types_branch_name_uq').on(t.branch_id, t.name)],
);

/**
 * Biaya Otomatis Siswa: the default fees of a level, one per fee type. "Generate Komponen" creates a class's
 * components for a month from these (api/ROUTES.md, "Fee components").
 */
export const student_auto_fees = pgTable(
  'student_auto_fees',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    level_id: integer()
      .notNull()
      .references(() => levels.id),
    fee_type_id: integer()
      .notNull()
      .references(() => fee_types.id),
    ftype: smallint().notNull().default(1), // 1 wajib, 0 sumbangan sukarela
    name: varchar({ length: 150 }).notNull(),
    price: money(),
    description: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('student_auto_fees_level_type_uq').on(t.level_id, t.fee_type_id),
    check('student_auto_fees_price_ck', sql`${t.price} >= 0`),
  ],
);

/** A chargeable fee of one class in one month. */
export const student_fee_components = pgTable(
  'student_fee_components',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    year_of_study_id: integer()
      .notNull()
      .references(() => years_of_study.id),
    yos_periode_id: integer()
      .notNull()
      .references(() => yos_periodes.id),
    level_id: integer()
      .notNull()
      .references(() => levels.id),
    class_id: integer()
      .notNull()
      .references(() => classes.id),
    mm: char({ length: 7 }).notNull(), // 'YYYY-MM'
    fee_type_id: integer()
      .notNull()
      .references(() => fee_types.id),
    ftype: smallint().notNull().default(1), // 1 wajib, 0 sumbangan sukarela
    name: varchar({ length: 150 }).notNull(),
    price: money(),
    description: text(),
    ...timestamps(),
  },
  (t) => [
    // One component per class, month and fee type: generating twice cannot duplicate a charge.
    uniqueIndex('student_fee_components_class_mm_type_uq').on(t.class_id, t.mm, t.fee_type_id),
    index('student_fee_components_filter_idx').on(t.branch_id, t.department_id, t.mm),
    check('student_fee_components_price_ck', sql`${t.price} >= 0`),
  ],
);

export const student_billings = pgTable(
  'student_billings',
  {
    id: id(),
    ...branchOwned(),
    bill_number: varchar({ length: 40 }).notNull(),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    year_of_study_id: integer()
      .notNull()
      .references(() => years_of_study.id),
    yos_periode_id: integer()
      .notNull()
      .references(() => yos_periodes.id),
    level_id: integer()
      .notNull()
      .references(() => levels.id),
    class_id: integer()
      .notNull()
      .references(() => classes.id),
    mm: char({ length: 7 }).notNull(),
    bill_date: date({ mode: 'string' }).notNull(),
    type: smallint().notNull().default(1), // 1 main (utama), 2 extra
    form_status: smallint().notNull().default(0), // 0 belum konfirmasi, 1 terkonfirmasi
    ...billTotals(),
    created_by: integer().references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('student_billings_number_uq').on(t.client_id, t.bill_number),
    // A student has at most one main bill per month (extra bills are unrestricted).
    uniqueIndex('student_billings_main_uq').on(t.student_id, t.mm).where(sql`${t.type} = 1`),
    index('student_billings_filter_idx').on(t.branch_id, t.department_id, t.mm),
    // A class-month (the billing list's usual filter, charging): 40 rows, not a department's month (bench).
    index('student_billings_class_mm_idx').on(t.class_id, t.mm),
    // A department's year (the list over a whole year), walked in id order for a page of 50.
    index('student_billings_year_idx').on(t.branch_id, t.department_id, t.year_of_study_id, t.id),
    index('student_billings_student_idx').on(t.student_id),
    check('student_billings_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

/**
 * One fee on a bill. price, discount and bail are per unit; total_* = unit value x qty;
 * amount = price - discount - bail (net unit price); total_billing is what is still owed.
 */
export const student_billing_items = pgTable(
  'student_billing_items',
  {
    id: id(),
    ...branchOwned(),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    student_billing_id: integer()
      .notNull()
      .references(() => student_billings.id, { onDelete: 'cascade' }),
    student_fee_component_id: integer()
      .notNull()
      .references(() => student_fee_components.id),
    fee_type_id: integer()
      .notNull()
      .references(() => fee_types.id),
    ftype: smallint().notNull().default(1),
    price: money(),
    discount: money(),
    bail: money(),
    qty: integer().notNull().default(1),
    amount: money(),
    ...billTotals(),
    ...timestamps(),
    // An item a (voided) payment names is never deleted: removing it from an unconfirmed bill marks it removed,
    // with who, when and why, so the void receipt still shows it (docs in api/ROUTES.md, "Removing an item").
    removed_at: timestamp({ withTimezone: true }),
    removed_by: integer().references(() => users.id),
    removed_reason: text(),
  },
  (t) => [
    uniqueIndex('student_billing_items_bill_component_uq')
      .on(t.student_billing_id, t.student_fee_component_id)
      .where(sql`${t.removed_at} is null`),
    index('student_billing_items_component_idx').on(t.student_fee_component_id),
    // A component is charged to a student once, on whichever bill (main or extra): charging again cannot double it.
    // A removed item does not count: the component can be charged again.
    uniqueIndex('student_billing_items_student_component_uq')
      .on(t.student_id, t.student_fee_component_id)
      .where(sql`${t.removed_at} is null`),
    check('student_billing_items_qty_ck', sql`${t.qty} >= 1`),
    check('student_billing_items_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

/** Payment columns shared by student and prospect payments. */
const paymentColumns = () => ({
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
  /** Voided (never deleted) when the bill's confirmation is withdrawn: excluded from every total from then on. */
  voided_at: timestamp({ withTimezone: true }),
  voided_by: integer().references(() => users.id),
  void_reason: text(),
  ...timestamps(),
});

export const student_billing_payments = pgTable(
  'student_billing_payments',
  {
    id: id(),
    ...branchOwned(),
    student_billing_id: integer()
      .notNull()
      .references(() => student_billings.id, { onDelete: 'cascade' }),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    ...paymentColumns(),
  },
  (t) => [
    uniqueIndex('student_billing_payments_number_uq').on(t.client_id, t.payment_number),
    // Keys are unique per branch: the same key sent for another bill is found and refused, not paid twice.
    uniqueIndex('student_billing_payments_idem_uq').on(t.branch_id, t.idempotency_key),
    index('student_billing_payments_bill_idx').on(t.student_billing_id),
    index('student_billing_payments_date_idx').on(t.branch_id, t.payment_date),
    index('student_billing_payments_student_idx').on(t.student_id),
    check('student_billing_payments_amount_ck', sql`${t.amount} > 0`),
    check('student_billing_payments_paid_ck', sql`${t.total_amount_payment_paid} >= ${t.amount}`),
  ],
);

export const student_billing_item_payments = pgTable(
  'student_billing_item_payments',
  {
    id: id(),
    ...branchOwned(),
    student_billing_payment_id: integer()
      .notNull()
      .references(() => student_billing_payments.id, { onDelete: 'cascade' }),
    student_billing_item_id: integer()
      .notNull()
      .references(() => student_billing_items.id, { onDelete: 'cascade' }),
    student_fee_component_id: integer()
      .notNull()
      .references(() => student_fee_components.id),
    amount: money(),
  },
  (t) => [
    uniqueIndex('student_billing_item_payments_uq').on(
      t.student_billing_payment_id,
      t.student_billing_item_id,
    ),
    index('student_billing_item_payments_item_idx').on(t.student_billing_item_id),
    check('student_billing_item_payments_amount_ck', sql`${t.amount} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Admissions (PSB) and transfers (mutasi)

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

export const prospective_billings = pgTable(
  'prospective_billings',
  {
    id: id(),
    ...branchOwned(),
    bill_number: varchar({ length: 40 }).notNull(),
    psb_event_id: integer()
      .notNull()
      .references(() => psb_events.id),
    psb_event_stype_id: smallint()
      .notNull()
      .references(() => psb_event_stypes.id),
    department_id: integer()
      .notNull()
      .references(() => departments.id),
    psb_event_prospective_id: integer()
      .notNull()
      .unique() // one bill per prospect
      .references(() => psb_event_prospectives.id, { onDelete: 'cascade' }),
    bill_date: date({ mode: 'string' }).notNull(),
    ...billTotals(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('prospective_billings_number_uq').on(t.client_id, t.bill_number),
    index('prospective_billings_filter_idx').on(t.branch_id, t.department_id, t.psb_event_id),
    check('prospective_billings_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

export const prospective_billing_items = pgTable(
  'prospective_billing_items',
  {
    id: id(),
    ...branchOwned(),
    prospective_billing_id: integer()
      .notNull()
      .references(() => prospective_billings.id, { onDelete: 'cascade' }),
    psb_event_prospective_fee_id: integer()
      .notNull()
      .references(() => psb_event_prospective_fees.id, { onDelete: 'cascade' }),
    ftype: smallint().notNull().default(1),
    price: money(),
    qty: integer().notNull().default(1),
    ...billTotals(),
  },
  (t) => [
    uniqueIndex('prospective_billing_items_uq').on(t.prospective_billing_id, t.psb_event_prospective_fee_id),
    check('prospective_billing_items_qty_ck', sql`${t.qty} >= 1`),
    check('prospective_billing_items_total_billing_ck', sql`${t.total_billing} >= 0`),
  ],
);

export const prospective_billing_payments = pgTable(
  'prospective_billing_payments',
  {
    id: id(),
    ...branchOwned(),
    prospective_billing_id: integer()
      .notNull()
      .references(() => prospective_billings.id, { onDelete: 'cascade' }),
    psb_event_prospective_id: integer()
      .notNull()
      .references(() => psb_event_prospectives.id, { onDelete: 'cascade' }),
    ...paymentColumns(),
  },
  (t) => [
    uniqueIndex('prospective_billing_payments_number_uq').on(t.client_id, t.payment_number),
    uniqueIndex('prospective_billing_payments_idem_uq').on(t.branch_id, t.idempotency_key),
    index('prospective_billing_payments_bill_idx').on(t.prospective_billing_id),
    index('prospective_billing_payments_date_idx').on(t.branch_id, t.payment_date),
    check('prospective_billing_payments_amount_ck', sql`${t.amount} > 0`),
    check('prospective_billing_payments_paid_ck', sql`${t.total_amount_payment_paid} >= ${t.amount}`),
  ],
);

export const prospective_billing_item_payments = pgTable(
  'prospective_billing_item_payments',
  {
    id: id(),
    ...branchOwned(),
    prospective_billing_payment_id: integer()
      .notNull()
      .references(() => prospective_billing_payments.id, { onDelete: 'cascade' }),
    prospective_billing_item_id: integer()
      .notNull()
      .references(() => prospective_billing_items.id, { onDelete: 'cascade' }),
    amount: money(),
  },
  (t) => [
    uniqueIndex('prospective_billing_item_payments_uq').on(
      t.prospective_billing_payment_id,
      t.prospective_billing_item_id,
    ),
    check('prospective_billing_item_payments_amount_ck', sql`${t.amount} >= 0`),
  ],
);

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
  },
  (t) => [
    uniqueIndex('cash_closings_number_uq').on(t.client_id, t.closing_number),
    // One standing closing per cashier and day.
    uniqueIndex('cash_closings_open_uq')
      .on(t.branch_id, t.closing_date, t.cashier_id)
      .where(sql`${t.reopened_at} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Log Audit: every change to money and access, once, in the transaction of the change (api/ROUTES.md
// "Audit log"). Rows are never changed or deleted: a trigger of the migration refuses UPDATE and DELETE.

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
