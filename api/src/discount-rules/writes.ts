/**
 * The discount rule writes, one function each: every one runs in its own transaction with its audit record
 * (api/ROUTES.md, "Discount rules"); the preview reads under the same lock the apply takes.
 */
import {
  DISCOUNT_MESSAGES,
  DISCOUNT_PREVIEW_ROWS,
  type DiscountApplyPreview,
  type DiscountRuleCreate,
  type StudentCategoryCreate,
} from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database, Tx } from '../db/client';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, notFound } from '../lib/errors';
import type { BranchScope } from '../lib/scope';
import {
  countKnown,
  endCategory,
  hasStandingCategory,
  insertCategory,
  insertRule,
  lockCategory,
  lockRule,
  setRuleVoided,
} from './queries';
import { applyRule, itemsForRule, studentsOfRules, termsOf } from './rules';

/** The rule of the branch as terms (locked when `tx` is a transaction that will write), or 404. */
async function termsOfRule(tx: Tx, scope: BranchScope, id: number) {
  const rule = await lockRule(tx, scope, id);
  if (!rule) throw notFound();
  const named = await studentsOfRules(tx, [id]);
  return { row: rule, terms: termsOf(rule, named.get(id) ?? []) };
}

/** Creates a rule of the branch's fee types and students; answers its id. */
export function createRule(database: Database, auth: AuthContext, body: DiscountRuleCreate): Promise<number> {
  const fee_type_ids = [...new Set(body.fee_type_ids)];
  const student_ids = body.target === 'students' ? [...new Set(body.student_ids)] : [];
  return database.transaction(async (tx) => {
    const known = await countKnown(tx, auth, fee_type_ids, student_ids);
    if (known.feeTypes !== fee_type_ids.length)
      throw fieldError('fee_type_ids', DISCOUNT_MESSAGES.feeTypeOutside);
    if (known.students !== student_ids.length)
      throw fieldError('student_ids', DISCOUNT_MESSAGES.studentOutside);
    const ruleId = await insertRule(tx, auth, auth.userId, { ...body, fee_type_ids, student_ids });
    await recordAudit(tx, auditWho(auth), {
      action: 'discount_rule.create',
      entity: 'discount_rule',
      entityId: ruleId,
      after: {
        name: body.name,
        kind: body.kind,
        value: body.value,
        fee_type_ids,
        target: body.target,
        category: body.category,
        students: student_ids.length,
        from_mm: body.from_mm,
        to_mm: body.to_mm,
      },
      reason: body.reason,
    });
    return ruleId;
  });
}

export function voidRule(database: Database, auth: AuthContext, id: number, reason: string) {
  return database.transaction(async (tx) => {
    const rule = await lockRule(tx, auth, id);
    if (!rule) throw notFound();
    if (rule.voided_at) throw new ApiError(409, DISCOUNT_MESSAGES.ruleVoided);
    await setRuleVoided(tx, id, auth.userId, reason);
    await recordAudit(tx, auditWho(auth), {
      action: 'discount_rule.void',
      entity: 'discount_rule',
      entityId: id,
      before: { name: rule.name },
      reason,
    });
  });
}

/** What applying the rule would change, read under the rule's lock. */
export function previewApply(
  database: Database,
  auth: AuthContext,
  id: number,
): Promise<DiscountApplyPreview> {
  return database.transaction(async (tx) => {
    const { terms } = await termsOfRule(tx, auth, id);
    const items = await itemsForRule(tx, auth, terms);
    return {
      count: items.length,
      total: items.reduce((n, i) => n + i.total_discount, 0),
      items: items.slice(0, DISCOUNT_PREVIEW_ROWS).map(({ billId: _b, ...item }) => item),
    };
  });
}

/** Applies the rule to the unpaid items, all or nothing, if the total is still the preview's. */
export function applyRuleNow(database: Database, auth: AuthContext, id: number, total: number) {
  return database.transaction(async (tx) => {
    const { row, terms } = await termsOfRule(tx, auth, id);
    if (row.voided_at) throw new ApiError(409, DISCOUNT_MESSAGES.ruleVoided);
    const result = await applyRule(tx, auth, terms);
    if (result.count === 0) throw new ApiError(422, DISCOUNT_MESSAGES.nothingToApply);
    // Thrown inside the transaction: the discounts just written roll back.
    if (result.total !== total) throw new ApiError(409, DISCOUNT_MESSAGES.totalChanged);
    await recordAudit(tx, auditWho(auth), {
      action: 'discount_rule.apply',
      entity: 'discount_rule',
      entityId: id,
      after: { items: result.count, total: result.total, bills: result.billIds.length },
    });
    return result;
  });
}

export function addCategory(database: Database, auth: AuthContext, body: StudentCategoryCreate) {
  return database.transaction(async (tx) => {
    const known = await countKnown(tx, auth, [], [body.student_id]);
    if (known.students !== 1) throw fieldError('student_id', DISCOUNT_MESSAGES.studentOutside);
    if (await hasStandingCategory(tx, body.student_id, body.category))
      throw new ApiError(409, DISCOUNT_MESSAGES.categoryTaken);
    const id = await insertCategory(tx, auth, auth.userId, body);
    await recordAudit(tx, auditWho(auth), {
      action: 'student_category.create',
      entity: 'student_category',
      entityId: id,
      after: { student_id: body.student_id, category: body.category, since: body.since },
    });
  });
}

/** Ends a standing category with a reason (the row is kept, marked ended). */
export function endStudentCategory(database: Database, auth: AuthContext, id: number, reason: string) {
  return database.transaction(async (tx) => {
    const row = await lockCategory(tx, auth, id);
    if (!row) throw notFound();
    if (row.ended_at) throw new ApiError(409, DISCOUNT_MESSAGES.categoryEndedAlready);
    await endCategory(tx, id, auth.userId, reason);
    await recordAudit(tx, auditWho(auth), {
      action: 'student_category.end',
      entity: 'student_category',
      entityId: id,
      before: { student_id: row.student_id, category: row.category },
      reason,
    });
  });
}
