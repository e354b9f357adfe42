/**
 * Applying discount rules to bill items (docs/money.md#discount-rules): when charging (the items the charge just
 * made take the best rule that matches) and mid-year (one rule onto the unpaid items that have no discount yet).
 * Which rule and how much is the contract's (`bestRule`, `ruleUnitDiscount`, `itemTakesRule`); this file finds
 * the items, writes the discounts and recomputes the bills' totals in the caller's transaction.
 */
import {
  bestRule,
  type DiscountKind,
  type DiscountPreviewItem,
  type DiscountRuleTerms,
  type DiscountTarget,
  ruleMatches,
  ruleUnitDiscount,
  type StudentCategory,
} from '@keuangan/shared/contract';
import type { Db, Tx } from '../db/client';
import type { discount_rules } from '../db/schema';
import { refreshTotals } from '../ledger/engine';
import { bookBills } from '../ledger/journal';
import { STUDENT_BILLS } from '../ledger/student-bills-queries';
import type { BranchScope } from '../lib/scope';
import {
  billsOfClassMonth,
  itemRowsForRule,
  lockBillsInOrder,
  newItemsTakingRules,
  ruleStudentRows,
  setItemDiscounts,
  standingCategoryRows,
  standingRuleRows,
} from './apply-queries';

type RuleRow = typeof discount_rules.$inferSelect;

/** A rule's row as the contract's terms, with the students it names. */
export function termsOf(rule: RuleRow, studentIds: readonly number[]): DiscountRuleTerms {
  return {
    id: rule.id,
    kind: rule.kind as DiscountKind,
    value: rule.value,
    fee_type_ids: rule.fee_type_ids,
    target: rule.target as DiscountTarget,
    category: rule.category as StudentCategory | null,
    student_ids: studentIds,
    from_mm: rule.from_mm,
    to_mm: rule.to_mm,
    voided: rule.voided_at !== null,
  };
}

/** The students each rule names. */
export async function studentsOfRules(db: Db | Tx, ruleIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ruleIds.map((id) => [id, []]));
  if (ruleIds.length === 0) return out;
  const rows = await ruleStudentRows(db, ruleIds);
  for (const r of rows) out.get(r.rule)?.push(r.student);
  return out;
}

/** The branch's standing (not voided) rules as terms. */
async function standingRules(tx: Tx, scope: BranchScope): Promise<DiscountRuleTerms[]> {
  const rules = await standingRuleRows(tx, scope);
  const named = await studentsOfRules(
    tx,
    rules.map((r) => r.id),
  );
  return rules.map((r) => termsOf(r, named.get(r.id) ?? []));
}

/** Each student's standing categories (a category counts while it is not ended). */
async function categoriesOf(tx: Tx, studentIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (studentIds.length === 0) return out;
  const rows = await standingCategoryRows(tx, studentIds);
  for (const r of rows) out.set(r.student, [...(out.get(r.student) ?? []), r.category]);
  return out;
}

/** One discount to write: the item, its bill, the unit discount and the rule that gives it. */
interface Discounted {
  id: number;
  billId: number;
  discount: number;
  ruleId: number;
}

/** Writes the discounts (one statement per rule and amount) and recomputes the bills' totals, in id order. */
async function writeDiscounts(tx: Tx, list: Discounted[]): Promise<void> {
  const groups = new Map<string, number[]>();
  for (const d of list) {
    const key = `${d.ruleId}:${d.discount}`;
    groups.set(key, [...(groups.get(key) ?? []), d.id]);
  }
  for (const [key, ids] of groups) {
    const [ruleId, discount] = key.split(':').map(Number) as [number, number];
    await setItemDiscounts(tx, ids, discount, ruleId);
  }
  const bills = [...new Set(list.map((d) => d.billId))].sort((a, b) => a - b);
  for (const billId of bills) await refreshTotals(tx, STUDENT_BILLS, billId);
  await bookBills(tx, bills); // a discount on a confirmed bill (docs/books.md)
}

/**
 * Charging: the items this transaction just put on these bills take the best standing rule that matches them.
 * "Just put" is `created_at = now()`: PostgreSQL's now() is the transaction's start, the default of every item
 * the charge inserts, and earlier items (say one whose discount staff set back to 0 by hand) are older.
 */
export async function applyRulesToNewItems(tx: Tx, scope: BranchScope, billIds: number[]): Promise<void> {
  if (billIds.length === 0) return;
  const rules = await standingRules(tx, scope);
  if (rules.length === 0) return;
  const items = await newItemsTakingRules(tx, billIds);
  const categories = await categoriesOf(tx, [...new Set(items.map((i) => i.student_id))]);
  const list: Discounted[] = [];
  for (const item of items) {
    const best = bestRule(rules, { ...item, categories: categories.get(item.student_id) ?? [] });
    if (best) list.push({ id: item.id, billId: item.billId, discount: best.discount, ruleId: best.rule.id });
  }
  await writeDiscounts(tx, list);
}

/** Charging a class-month (or a level's): the rules on the items just put on the bills of these classes in the month. */
export async function applyRulesToClassMonth(tx: Tx, scope: BranchScope, classIds: number[], mm: string) {
  // Most branches have no standing rule: one small read, and charging goes on as before.
  if (classIds.length === 0 || (await standingRules(tx, scope)).length === 0) return;
  await applyRulesToNewItems(tx, scope, await billsOfClassMonth(tx, scope, classIds, mm));
}

/**
 * Mid-year: the unpaid items with no discount yet that the rule matches (its fee types, its months, its students),
 * on the branch's bills, confirmed or not, each with the discount it would get; items it would give nothing are left out.
 */
export async function itemsForRule(
  db: Db | Tx,
  scope: BranchScope,
  rule: DiscountRuleTerms,
): Promise<(DiscountPreviewItem & { billId: number })[]> {
  if (rule.voided) return [];
  const rows = await itemRowsForRule(db, scope, rule);
  return rows.flatMap(({ fee_type_id, bail, ...row }) => {
    // The query already narrowed to the rule's items; `ruleMatches` is the contract's word on it all the same.
    if (!ruleMatches(rule, { ...row, fee_type_id, bail, categories: rule.category ? [rule.category] : [] }))
      return [];
    const discount = ruleUnitDiscount(rule, row.price, bail);
    return discount > 0 ? [{ ...row, discount, total_discount: discount * row.qty }] : [];
  });
}

/**
 * Applies the rule to what `itemsForRule` finds, under lock: the bills are locked in id order first and the items
 * read again, so a payment made meanwhile keeps its item out. Answers what was given.
 */
export async function applyRule(
  tx: Tx,
  scope: BranchScope,
  rule: DiscountRuleTerms,
): Promise<{ count: number; total: number; billIds: number[] }> {
  const first = await itemsForRule(tx, scope, rule);
  const billIds = [...new Set(first.map((i) => i.billId))].sort((a, b) => a - b);
  if (billIds.length === 0) return { count: 0, total: 0, billIds };
  await lockBillsInOrder(tx, billIds);
  const items = await itemsForRule(tx, scope, rule);
  await writeDiscounts(
    tx,
    items.map((i) => ({ id: i.item_id, billId: i.billId, discount: i.discount, ruleId: rule.id })),
  );
  return {
    count: items.length,
    total: items.reduce((n, i) => n + i.total_discount, 0),
    billIds: [...new Set(items.map((i) => i.billId))],
  };
}
