/** The statements behind applying discount rules to bill items (rules.ts decides which rule and how much). */
import type { DiscountRuleTerms } from '@keuangan/shared/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  classes,
  discount_rule_students,
  discount_rules,
  fee_types,
  student_billing_items,
  student_billings,
  student_categories,
  students,
} from '../db/schema';
import { itemOnBill } from '../ledger/student-ledger-queries';
import { type BranchScope, inBranch } from '../lib/scope';

/** The (rule, student) pairs these rules name, by student. */
export function ruleStudentRows(db: Db | Tx, ruleIds: number[]) {
  return db
    .select({ rule: discount_rule_students.discount_rule_id, student: discount_rule_students.student_id })
    .from(discount_rule_students)
    .where(inArray(discount_rule_students.discount_rule_id, ruleIds))
    .orderBy(asc(discount_rule_students.student_id));
}

/** The branch's rules not voided, oldest first. */
export function standingRuleRows(tx: Tx, scope: BranchScope) {
  return tx
    .select()
    .from(discount_rules)
    .where(inBranch(scope, discount_rules, isNull(discount_rules.voided_at)))
    .orderBy(asc(discount_rules.id));
}

/** The standing (not ended) categories of these students. */
export function standingCategoryRows(tx: Tx, studentIds: number[]) {
  return tx
    .select({ student: student_categories.student_id, category: student_categories.category })
    .from(student_categories)
    .where(and(inArray(student_categories.student_id, studentIds), isNull(student_categories.ended_at)));
}

export async function setItemDiscounts(tx: Tx, ids: number[], discount: number, ruleId: number) {
  await tx
    .update(student_billing_items)
    .set({ discount, discount_rule_id: ruleId, updated_at: new Date() })
    .where(inArray(student_billing_items.id, ids));
}

/** What every item that may take a rule satisfies: on its bill, no discount of any kind yet, nothing paid. */
const takesRule = and(
  itemOnBill,
  eq(student_billing_items.discount, 0),
  isNull(student_billing_items.discount_rule_id),
  eq(student_billing_items.total_payment, 0),
) as SQL;

/**
 * The items this transaction just put on these bills that may take a rule. "Just put" is `created_at = now()`:
 * PostgreSQL's now() is the transaction's start, the default of every item the charge inserts.
 */
export function newItemsTakingRules(tx: Tx, billIds: number[]) {
  return tx
    .select({
      id: student_billing_items.id,
      billId: student_billing_items.student_billing_id,
      student_id: student_billing_items.student_id,
      fee_type_id: student_billing_items.fee_type_id,
      price: student_billing_items.price,
      bail: student_billing_items.bail,
      mm: student_billings.mm,
    })
    .from(student_billing_items)
    .innerJoin(student_billings, eq(student_billings.id, student_billing_items.student_billing_id))
    .where(
      and(
        inArray(student_billing_items.student_billing_id, billIds),
        sql`${student_billing_items.created_at} = now()`,
        takesRule,
      ),
    );
}

/** The bills of these classes in the month (what a class-month charge touched). */
export async function billsOfClassMonth(tx: Tx, scope: BranchScope, classIds: number[], mm: string) {
  const rows = await tx
    .select({ id: student_billings.id })
    .from(student_billings)
    .where(
      inBranch(
        scope,
        student_billings,
        inArray(student_billings.class_id, classIds),
        eq(student_billings.mm, mm),
      ),
    );
  return rows.map((r) => r.id);
}

/** `student_id` is one the rule targets: one it names, or one with its category standing. */
function targeted(rule: DiscountRuleTerms): SQL {
  return rule.target === 'students'
    ? sql`${student_billing_items.student_id} in (select ${discount_rule_students.student_id} from ${discount_rule_students} where ${discount_rule_students.discount_rule_id} = ${rule.id})`
    : sql`${student_billing_items.student_id} in (select ${student_categories.student_id} from ${student_categories} where ${student_categories.category} = ${rule.category} and ${student_categories.ended_at} is null)`;
}

/** The branch's items that may take the rule (its fee types, its months, its students), bills confirmed or not. */
export function itemRowsForRule(db: Db | Tx, scope: BranchScope, rule: DiscountRuleTerms) {
  return db
    .select({
      item_id: student_billing_items.id,
      billId: student_billings.id,
      bill_number: student_billings.bill_number,
      mm: student_billings.mm,
      student_id: student_billing_items.student_id,
      student_name: students.name,
      class_name: classes.name,
      fee_type_id: student_billing_items.fee_type_id,
      fee_type_name: fee_types.name,
      price: student_billing_items.price,
      bail: student_billing_items.bail,
      qty: student_billing_items.qty,
    })
    .from(student_billing_items)
    .innerJoin(student_billings, eq(student_billings.id, student_billing_items.student_billing_id))
    .innerJoin(students, eq(students.id, student_billing_items.student_id))
    .innerJoin(classes, eq(classes.id, student_billings.class_id))
    .innerJoin(fee_types, eq(fee_types.id, student_billing_items.fee_type_id))
    .where(
      inBranch(
        scope,
        student_billing_items,
        takesRule,
        inArray(student_billing_items.fee_type_id, [...rule.fee_type_ids]),
        sql`${student_billings.mm} >= ${rule.from_mm}`,
        rule.to_mm === null ? undefined : sql`${student_billings.mm} <= ${rule.to_mm}`,
        targeted(rule),
      ),
    )
    .orderBy(asc(student_billings.mm), asc(students.name), asc(student_billing_items.id));
}

/** Locks the bills in id order. */
export async function lockBillsInOrder(tx: Tx, billIds: number[]) {
  await tx
    .select({ id: student_billings.id })
    .from(student_billings)
    .where(inArray(student_billings.id, billIds))
    .orderBy(asc(student_billings.id))
    .for('update');
}
