/**
 * Aturan Potongan's reads and writes: rules (list, one, create, void), students' categories (list, add, end) and
 * Laporan Potongan (what the rules gave, per rule and class). Applying a rule to items is rules.ts.
 */
import type {
  DiscountReport,
  DiscountReportQuery,
  DiscountRule,
  DiscountRuleCreate,
  DiscountRulePage,
  DiscountRuleQuery,
  StudentCategory,
  StudentCategoryCreate,
  StudentCategoryPage,
  StudentCategoryQuery,
} from '@keuangan/shared/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import {
  class_students,
  classes,
  discount_rule_students,
  discount_rules,
  fee_types,
  student_billing_items,
  student_billings,
  student_categories,
  students,
  users,
} from '../db/schema';
import { containsPattern, pagedResponse } from '../lib/paging';
import { type BranchScope, classConditions, inBranch, monthRangeConditions } from '../lib/scope';

const creator = alias(users, 'creator');
const voider = alias(users, 'voider');

/** What each rule gave: standing items it discounted and the sum of their discounts. */
async function givenBy(db: Db | Tx, ruleIds: number[]) {
  const out = new Map<number, { items: number; total: number }>();
  if (ruleIds.length === 0) return out;
  const rows = await db
    .select({
      rule: student_billing_items.discount_rule_id,
      items: count(),
      total: sql<number>`coalesce(sum(${student_billing_items.total_discount}), 0)`.mapWith(Number),
    })
    .from(student_billing_items)
    .where(
      and(inArray(student_billing_items.discount_rule_id, ruleIds), isNull(student_billing_items.removed_at)),
    )
    .groupBy(student_billing_items.discount_rule_id);
  for (const r of rows) if (r.rule !== null) out.set(r.rule, { items: r.items, total: r.total });
  return out;
}

/** Rules with their fee types, students, who made and voided them, and what they gave. */
async function rulesWhere(db: Db | Tx, where: SQL, limit: number, offset: number): Promise<DiscountRule[]> {
  const rows = await db
    .select({ rule: discount_rules, created_by: creator.name, voided_by: voider.name })
    .from(discount_rules)
    .leftJoin(creator, eq(creator.id, discount_rules.created_by))
    .leftJoin(voider, eq(voider.id, discount_rules.voided_by))
    .where(where)
    .orderBy(desc(discount_rules.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.rule.id);
  const typeIds = [...new Set(rows.flatMap((r) => r.rule.fee_type_ids))];
  const [types, named, given] = await Promise.all([
    typeIds.length
      ? db
          .select({ id: fee_types.id, name: fee_types.name })
          .from(fee_types)
          .where(inArray(fee_types.id, typeIds))
      : Promise.resolve([]),
    ids.length
      ? db
          .select({
            rule: discount_rule_students.discount_rule_id,
            id: students.id,
            name: students.name,
            nis: students.nis,
          })
          .from(discount_rule_students)
          .innerJoin(students, eq(students.id, discount_rule_students.student_id))
          .where(inArray(discount_rule_students.discount_rule_id, ids))
          .orderBy(asc(students.name))
      : Promise.resolve([]),
    givenBy(db, ids),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  return rows.map(({ rule, created_by, voided_by }) => ({
    id: rule.id,
    name: rule.name,
    kind: rule.kind as DiscountRule['kind'],
    value: rule.value,
    fee_types: rule.fee_type_ids.map((id) => ({ id, name: typeName.get(id) ?? '' })),
    target: rule.target as DiscountRule['target'],
    category: rule.category as StudentCategory | null,
    students: named.filter((s) => s.rule === rule.id).map(({ id, name, nis }) => ({ id, name, nis })),
    from_mm: rule.from_mm,
    to_mm: rule.to_mm,
    reason: rule.reason,
    created_at: rule.created_at.toISOString(),
    created_by,
    voided_at: rule.voided_at?.toISOString() ?? null,
    voided_by,
    void_reason: rule.void_reason,
    items: given.get(rule.id)?.items ?? 0,
    total: given.get(rule.id)?.total ?? 0,
  }));
}

/** `GET /api/discount-rules`: newest first. */
export async function listRules(
  db: Db,
  scope: BranchScope,
  query: DiscountRuleQuery,
): Promise<DiscountRulePage> {
  const where = inBranch(
    scope,
    discount_rules,
    query.status === 'active'
      ? isNull(discount_rules.voided_at)
      : query.status === 'void'
        ? isNotNull(discount_rules.voided_at)
        : undefined,
    query.q ? ilike(discount_rules.name, containsPattern(query.q)) : undefined,
  );
  const [data, [counted]] = await Promise.all([
    rulesWhere(db, where, query.limit, (query.page - 1) * query.limit),
    db.select({ total: count() }).from(discount_rules).where(where),
  ]);
  return pagedResponse(data, counted?.total ?? 0, query.page, query.limit);
}

/** One rule of the branch, or undefined. */
export async function ruleById(
  db: Db | Tx,
  scope: BranchScope,
  id: number,
): Promise<DiscountRule | undefined> {
  const [rule] = await rulesWhere(db, inBranch(scope, discount_rules, eq(discount_rules.id, id)), 1, 0);
  return rule;
}

/** The row of a rule of the branch, locked (void and apply queue on it), or undefined. */
export async function lockRule(tx: Tx, scope: BranchScope, id: number) {
  const [rule] = await tx
    .select()
    .from(discount_rules)
    .where(inBranch(scope, discount_rules, eq(discount_rules.id, id)))
    .for('update');
  return rule;
}

/** How many of these ids are fee types, and students, of the branch. */
export async function countKnown(tx: Tx, scope: BranchScope, feeTypeIds: number[], studentIds: number[]) {
  const [types, known] = await Promise.all([
    tx
      .select({ n: count() })
      .from(fee_types)
      .where(inBranch(scope, fee_types, inArray(fee_types.id, feeTypeIds))),
    studentIds.length
      ? tx
          .select({ n: count() })
          .from(students)
          .where(inBranch(scope, students, inArray(students.id, studentIds)))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return { feeTypes: types[0]?.n ?? 0, students: known[0]?.n ?? 0 };
}

/** Inserts the rule and the students it names; answers its id. */
export async function insertRule(
  tx: Tx,
  scope: BranchScope,
  userId: number,
  body: DiscountRuleCreate & { fee_type_ids: number[]; student_ids: number[] },
): Promise<number> {
  const [row] = await tx
    .insert(discount_rules)
    .values({
      client_id: scope.clientId,
      branch_id: scope.branchId,
      name: body.name,
      kind: body.kind,
      value: body.value,
      fee_type_ids: body.fee_type_ids,
      target: body.target,
      category: body.target === 'category' ? body.category : null,
      from_mm: body.from_mm,
      to_mm: body.to_mm,
      reason: body.reason,
      created_by: userId,
    })
    .returning({ id: discount_rules.id });
  const id = row?.id as number;
  if (body.target === 'students' && body.student_ids.length > 0) {
    await tx
      .insert(discount_rule_students)
      .values(body.student_ids.map((student_id) => ({ discount_rule_id: id, student_id })));
  }
  return id;
}

/** Marks the rule void, with who and why (the items it already discounted keep their discount). */
export async function setRuleVoided(tx: Tx, id: number, userId: number, reason: string): Promise<void> {
  await tx
    .update(discount_rules)
    .set({ voided_at: new Date(), voided_by: userId, void_reason: reason })
    .where(eq(discount_rules.id, id));
}

// ---------------------------------------------------------------------------------------------------------
// Students' categories

const ender = alias(users, 'ender');

/** The class a student is in now: the one of the newest year of study they are placed in. */
const currentClassName = sql<string | null>`(
  select ${classes.name} from ${class_students} join ${classes} on ${classes.id} = ${class_students.class_id}
  where ${class_students.student_id} = ${students.id}
  order by ${classes.year_of_study_id} desc, ${classes.id} desc limit 1)`;

/** `GET /api/student-categories`: by student name. */
export async function listCategories(
  db: Db,
  scope: BranchScope,
  query: StudentCategoryQuery,
): Promise<StudentCategoryPage> {
  const where = inBranch(
    scope,
    student_categories,
    query.ended === '1' ? undefined : isNull(student_categories.ended_at),
    query.category ? eq(student_categories.category, query.category) : undefined,
    query.q
      ? or(ilike(students.name, containsPattern(query.q)), ilike(students.nis, containsPattern(query.q)))
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: student_categories.id,
        student_id: student_categories.student_id,
        student_name: students.name,
        nis: students.nis,
        class_name: currentClassName,
        category: student_categories.category,
        since: student_categories.since,
        created_by: creator.name,
        ended_at: student_categories.ended_at,
        ended_by: ender.name,
        ended_reason: student_categories.ended_reason,
      })
      .from(student_categories)
      .innerJoin(students, eq(students.id, student_categories.student_id))
      .leftJoin(creator, eq(creator.id, student_categories.created_by))
      .leftJoin(ender, eq(ender.id, student_categories.ended_by))
      .where(where)
      .orderBy(asc(students.name), asc(student_categories.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(student_categories)
      .innerJoin(students, eq(students.id, student_categories.student_id))
      .where(where),
  ]);
  const data = rows.map((r) => ({
    ...r,
    category: r.category as StudentCategory,
    ended_at: r.ended_at?.toISOString() ?? null,
  }));
  return pagedResponse(data, counted?.total ?? 0, query.page, query.limit);
}

/** Whether the student has this category standing. */
export async function hasStandingCategory(tx: Tx, studentId: number, category: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: student_categories.id })
    .from(student_categories)
    .where(
      and(
        eq(student_categories.student_id, studentId),
        eq(student_categories.category, category),
        isNull(student_categories.ended_at),
      ),
    );
  return row !== undefined;
}

export async function insertCategory(
  tx: Tx,
  scope: BranchScope,
  userId: number,
  body: StudentCategoryCreate,
): Promise<number> {
  const [row] = await tx
    .insert(student_categories)
    .values({ client_id: scope.clientId, branch_id: scope.branchId, ...body, created_by: userId })
    .returning({ id: student_categories.id });
  return row?.id as number;
}

/** The category row of the branch, locked. */
export async function lockCategory(tx: Tx, scope: BranchScope, id: number) {
  const [row] = await tx
    .select()
    .from(student_categories)
    .where(inBranch(scope, student_categories, eq(student_categories.id, id)))
    .for('update');
  return row;
}

export async function endCategory(tx: Tx, id: number, userId: number, reason: string): Promise<void> {
  await tx
    .update(student_categories)
    .set({ ended_at: new Date(), ended_by: userId, ended_reason: reason })
    .where(eq(student_categories.id, id));
}

// ---------------------------------------------------------------------------------------------------------
// Laporan Potongan

/**
 * What the rules gave, per rule and class of the bill: standing items a rule discounted on bills of the filter's
 * placement and months (confirmed or not, voided rules included: what they gave stays given), by rule and class.
 */
export async function discountReport(
  db: Db,
  scope: BranchScope,
  query: DiscountReportQuery,
): Promise<DiscountReport> {
  const rows = await db
    .select({
      rule_id: discount_rules.id,
      rule_name: discount_rules.name,
      class_id: classes.id,
      class_name: classes.name,
      students: sql<number>`count(distinct ${student_billing_items.student_id})`.mapWith(Number),
      items: count(),
      total: sql<number>`coalesce(sum(${student_billing_items.total_discount}), 0)`.mapWith(Number),
    })
    .from(student_billing_items)
    .innerJoin(discount_rules, eq(discount_rules.id, student_billing_items.discount_rule_id))
    .innerJoin(student_billings, eq(student_billings.id, student_billing_items.student_billing_id))
    .innerJoin(classes, eq(classes.id, student_billings.class_id))
    .where(
      inBranch(
        scope,
        discount_rules,
        isNull(student_billing_items.removed_at),
        // Where the bill sits (its class-month placement) and its month: the report's filter.
        ...classConditions(student_billings, query),
        ...monthRangeConditions(student_billings.mm, query),
      ),
    )
    .groupBy(discount_rules.id, discount_rules.name, classes.id, classes.name)
    .orderBy(asc(discount_rules.name), asc(classes.name));
  return { rows, total: rows.reduce((n, r) => n + r.total, 0) };
}
