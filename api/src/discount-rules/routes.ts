/**
 * Aturan Potongan (api/ROUTES.md "Discount rules", docs/money.md#discount-rules): rules (list, one, create, void),
 * the mid-year application of a rule (preview, then apply), students' categories, and Laporan Potongan. Finance
 * editors, the active branch. Every write is one transaction with its audit record.
 */
import {
  DISCOUNT_MESSAGES,
  DISCOUNT_PREVIEW_ROWS,
  type DiscountApplyPreview,
  type DiscountApplyResult,
  DiscountApplySchema,
  type DiscountReport,
  DiscountReportQuerySchema,
  type DiscountRule,
  DiscountRuleCreateSchema,
  type DiscountRulePage,
  DiscountRuleQuerySchema,
  DiscountRuleVoidSchema,
  type MessageResponse,
  StudentCategoryCreateSchema,
  StudentCategoryEndSchema,
  type StudentCategoryPage,
  StudentCategoryQuerySchema,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import type { Tx } from '../db/client';
import { auditWho, recordAudit } from '../lib/audit-record';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { ApiError, fieldError, notFound } from '../lib/errors';
import type { BranchScope } from '../lib/scope';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { placementFilterLines } from '../reports/filter-lines';
import {
  countKnown,
  discountReport,
  endCategory,
  hasStandingCategory,
  insertCategory,
  insertRule,
  listCategories,
  listRules,
  lockCategory,
  lockRule,
  ruleById,
  voidRule,
} from './queries';
import { applyRule, itemsForRule, studentsOfRules, termsOf } from './rules';

const documented = routeDocs('Discount rules');

/** The rule of the branch as terms (locked when `tx` is a transaction that will write), or 404. */
async function termsOfRule(tx: Tx, scope: BranchScope, id: number) {
  const rule = await lockRule(tx, scope, id);
  if (!rule) throw notFound();
  const named = await studentsOfRules(tx, [id]);
  return { row: rule, terms: termsOf(rule, named.get(id) ?? []) };
}

export async function discountRuleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    '/discount-rules',
    documented(guard, {
      summary: 'Aturan Potongan: the rules of the branch (standing, void or all), newest first',
      input: { query: DiscountRuleQuerySchema },
      response: 'DiscountRulePage',
    }),
    async (request): Promise<DiscountRulePage> =>
      listRules(db, requireAuth(request), validate(DiscountRuleQuerySchema, request.query)),
  );

  app.get(
    '/discount-rules/:id',
    documented(guard, {
      summary: 'One rule, with its students and what it gave',
      input: 'none',
      response: 'DiscountRule',
    }),
    async (request): Promise<DiscountRule> => {
      const rule = await ruleById(db, requireAuth(request), pathId(request));
      if (!rule) throw notFound();
      return rule;
    },
  );

  app.post(
    '/discount-rules',
    documented(guard, {
      summary:
        'Create a rule (it applies to what is charged from now on; apply it to unpaid items separately)',
      input: { body: DiscountRuleCreateSchema },
      response: 'DiscountRule',
      status: [201],
    }),
    async (request, reply): Promise<DiscountRule> => {
      const auth = requireAuth(request);
      const body = validate(DiscountRuleCreateSchema, request.body);
      const fee_type_ids = [...new Set(body.fee_type_ids)];
      const student_ids = body.target === 'students' ? [...new Set(body.student_ids)] : [];
      const id = await app.database.transaction(async (tx) => {
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
      reply.status(201);
      return (await ruleById(db, auth, id)) as DiscountRule;
    },
  );

  app.post(
    '/discount-rules/:id/void',
    documented(guard, {
      summary: 'Void a rule: it gives nothing from now on; items it discounted keep their discount',
      input: { body: DiscountRuleVoidSchema },
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { reason } = validate(DiscountRuleVoidSchema, request.body);
      await app.database.transaction(async (tx) => {
        const rule = await lockRule(tx, auth, id);
        if (!rule) throw notFound();
        if (rule.voided_at) throw new ApiError(409, DISCOUNT_MESSAGES.ruleVoided);
        await voidRule(tx, id, auth.userId, reason);
        await recordAudit(tx, auditWho(auth), {
          action: 'discount_rule.void',
          entity: 'discount_rule',
          entityId: id,
          before: { name: rule.name },
          reason,
        });
      });
      return { message: DISCOUNT_MESSAGES.voided };
    },
  );

  app.get(
    '/discount-rules/:id/apply-preview',
    documented(guard, {
      summary: 'What applying the rule to unpaid items would change: the items and the total given away',
      input: 'none',
      response: 'DiscountApplyPreview',
    }),
    async (request): Promise<DiscountApplyPreview> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      return app.database.transaction(async (tx) => {
        const { terms } = await termsOfRule(tx, auth, id);
        const items = await itemsForRule(tx, auth, terms);
        return {
          count: items.length,
          total: items.reduce((n, i) => n + i.total_discount, 0),
          items: items.slice(0, DISCOUNT_PREVIEW_ROWS).map(({ billId: _b, ...item }) => item),
        };
      });
    },
  );

  app.post(
    '/discount-rules/:id/apply',
    documented(guard, {
      summary:
        'Apply the rule to the unpaid items with no discount yet, if the total is still the preview’s (all or nothing)',
      input: { body: DiscountApplySchema },
      response: 'DiscountApplyResult',
    }),
    async (request): Promise<DiscountApplyResult> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { total } = validate(DiscountApplySchema, request.body);
      const given = await app.database.transaction(async (tx) => {
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
      return { message: DISCOUNT_MESSAGES.applied, count: given.count, total: given.total };
    },
  );

  // --- students' categories ------------------------------------------------------------------------------

  app.get(
    '/student-categories',
    documented(guard, {
      summary: "Students' categories (Saudara Kandung, Anak Pegawai, Beasiswa, Yatim/Piatu) of the branch",
      input: { query: StudentCategoryQuerySchema },
      response: 'StudentCategoryPage',
    }),
    async (request): Promise<StudentCategoryPage> =>
      listCategories(db, requireAuth(request), validate(StudentCategoryQuerySchema, request.query)),
  );

  app.post(
    '/student-categories',
    documented(guard, {
      summary: 'Give a student a category (one standing row per student and category)',
      input: { body: StudentCategoryCreateSchema },
      response: 'MessageResponse',
      status: [201],
    }),
    async (request, reply): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const body = validate(StudentCategoryCreateSchema, request.body);
      await app.database.transaction(async (tx) => {
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
      reply.status(201);
      return { message: DISCOUNT_MESSAGES.categoryAdded };
    },
  );

  app.post(
    '/student-categories/:id/end',
    documented(guard, {
      summary:
        "End a student's category with a reason (kept, marked ended): its rules no longer reach the student",
      input: { body: StudentCategoryEndSchema },
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { reason } = validate(StudentCategoryEndSchema, request.body);
      await app.database.transaction(async (tx) => {
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
      return { message: DISCOUNT_MESSAGES.categoryEnded };
    },
  );

  app.get(
    '/report-discounts',
    documented(guard, {
      summary: "Laporan Potongan: what the rules gave, per rule and class (the bills' placement and months)",
      input: { query: DiscountReportQuerySchema },
      response: 'DiscountReport',
    }),
    async (request): Promise<DiscountReport> =>
      discountReport(db, requireAuth(request), validate(DiscountReportQuerySchema, request.query)),
  );

  app.get(
    '/report-discounts-xlsx',
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'Laporan Potongan as a workbook',
        input: { query: DiscountReportQuerySchema },
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = validate(DiscountReportQuerySchema, request.query);
      const filter = await placementFilterLines(db, auth, query);
      const report = await discountReport(db, auth, query);
      const file = await app.documents.build('discountReportWorkbook', report, filter);
      return sendXlsx(reply, file, `laporan-potongan-${todayIn(auth)}.xlsx`);
    },
  );
}
