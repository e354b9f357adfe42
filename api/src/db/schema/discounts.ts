/**
 * Aturan Potongan (docs/money.md#discount-rules): discount rules and the students they name, and the students'
 * categories (Saudara Kandung, Anak Pegawai, Beasiswa, Yatim/Piatu) a rule can target. Nothing here is deleted:
 * a rule is voided and a category ended, with who, when and why.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { branchOwned } from './column-groups';
import { id } from './columns';
import { students } from './students';

export const discount_rules = pgTable(
  'discount_rules',
  {
    id: id(),
    ...branchOwned(),
    name: varchar({ length: 100 }).notNull(),
    kind: varchar({ length: 10 }).notNull(), // 'percent' | 'amount'
    value: bigint({ mode: 'number' }).notNull(), // whole percent 1-100, or whole rupiah per unit
    // The fee types it applies to (a short list, read with the rule).
    fee_type_ids: integer().array().notNull(),
    target: varchar({ length: 10 }).notNull(), // 'students' | 'category'
    category: varchar({ length: 20 }),
    from_mm: char({ length: 7 }).notNull(),
    to_mm: char({ length: 7 }),
    reason: text().notNull(),
    created_by: integer().references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    voided_at: timestamp({ withTimezone: true }),
    voided_by: integer().references(() => users.id),
    void_reason: text(),
  },
  (t) => [
    index('discount_rules_branch_idx').on(t.branch_id, t.id),
    check('discount_rules_value_ck', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('discount_rules_kind_ck', sql`${t.kind} in ('percent', 'amount')`),
    check(
      'discount_rules_target_ck',
      sql`(${t.target} = 'students' and ${t.category} is null) or (${t.target} = 'category' and ${t.category} is not null)`,
    ),
    check('discount_rules_period_ck', sql`${t.to_mm} is null or ${t.to_mm} >= ${t.from_mm}`),
  ],
);

/** The students a rule of target 'students' names. */
export const discount_rule_students = pgTable(
  'discount_rule_students',
  {
    id: id(),
    discount_rule_id: integer()
      .notNull()
      .references(() => discount_rules.id),
    student_id: integer()
      .notNull()
      .references(() => students.id),
  },
  (t) => [
    uniqueIndex('discount_rule_students_uq').on(t.discount_rule_id, t.student_id),
    index('discount_rule_students_student_idx').on(t.student_id),
  ],
);

/** A student's category: standing until ended (never deleted). */
export const student_categories = pgTable(
  'student_categories',
  {
    id: id(),
    ...branchOwned(),
    student_id: integer()
      .notNull()
      .references(() => students.id),
    category: varchar({ length: 20 }).notNull(),
    since: date({ mode: 'string' }).notNull(),
    created_by: integer().references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp({ withTimezone: true }),
    ended_by: integer().references(() => users.id),
    ended_reason: text(),
  },
  (t) => [
    // One standing row per student and category.
    uniqueIndex('student_categories_standing_uq')
      .on(t.student_id, t.category)
      .where(sql`${t.ended_at} is null`),
    index('student_categories_branch_idx').on(t.branch_id, t.category),
  ],
);
