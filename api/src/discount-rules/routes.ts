/**
 * Aturan Potongan (api/ROUTES.md "Discount rules", docs/money.md#discount-rules): rules (list, one, create, void),
 * the mid-year application of a rule (preview, then apply), students' categories, and Laporan Potongan. Finance
 * editors, the active branch. Every write is one transaction with its audit record.
 */
import {
  DISCOUNT_MESSAGES,
  type DiscountApplyPreview,
  type DiscountApplyResult,
  type DiscountReport,
  type DiscountRule,
  type DiscountRulePage,
  type MessageResponse,
  ROUTES,
  type StudentCategoryPage,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { notFound } from '../lib/errors';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { placementFilterLines } from '../reports/filter-lines';
import { discountReport, listCategories, listRules, ruleById } from './queries';
import { addCategory, applyRuleNow, createRule, endStudentCategory, previewApply, voidRule } from './writes';

const documented = routeDocs('Discount rules');

export async function discountRuleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.fees.discountRules.local,
    documented(guard, {
      summary: 'Aturan Potongan: the rules of the branch (standing, void or all), newest first',
      response: 'DiscountRulePage',
    }),
    async (request): Promise<DiscountRulePage> =>
      listRules(db, requireAuth(request), validate(ROUTE_INPUTS.fees.discountRules.query, request.query)),
  );

  app.get(
    ROUTES.fees.discountRule.local,
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
    ROUTES.fees.createDiscountRule.local,
    documented(guard, {
      summary:
        'Create a rule (it applies to what is charged from now on; apply it to unpaid items separately)',
      response: 'DiscountRule',
      status: [201],
    }),
    async (request, reply): Promise<DiscountRule> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.fees.createDiscountRule.body, request.body);
      const id = await createRule(app.database, auth, body);
      reply.status(201);
      return (await ruleById(db, auth, id)) as DiscountRule;
    },
  );

  app.post(
    ROUTES.fees.voidDiscountRule.local,
    documented(guard, {
      summary: 'Void a rule: it gives nothing from now on; items it discounted keep their discount',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { reason } = validate(ROUTE_INPUTS.fees.voidDiscountRule.body, request.body);
      await voidRule(app.database, auth, id, reason);
      return { message: DISCOUNT_MESSAGES.voided };
    },
  );

  app.get(
    ROUTES.fees.previewDiscountRule.local,
    documented(guard, {
      summary: 'What applying the rule to unpaid items would change: the items and the total given away',
      input: 'none',
      response: 'DiscountApplyPreview',
    }),
    async (request): Promise<DiscountApplyPreview> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      return previewApply(app.database, auth, id);
    },
  );

  app.post(
    ROUTES.fees.applyDiscountRule.local,
    documented(guard, {
      summary:
        'Apply the rule to the unpaid items with no discount yet, if the total is still the preview’s (all or nothing)',
      response: 'DiscountApplyResult',
    }),
    async (request): Promise<DiscountApplyResult> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { total } = validate(ROUTE_INPUTS.fees.applyDiscountRule.body, request.body);
      const given = await applyRuleNow(app.database, auth, id, total);
      return { message: DISCOUNT_MESSAGES.applied, count: given.count, total: given.total };
    },
  );

  // --- students' categories ------------------------------------------------------------------------------

  app.get(
    ROUTES.fees.studentCategories.local,
    documented(guard, {
      summary: "Students' categories (Saudara Kandung, Anak Pegawai, Beasiswa, Yatim/Piatu) of the branch",
      response: 'StudentCategoryPage',
    }),
    async (request): Promise<StudentCategoryPage> =>
      listCategories(
        db,
        requireAuth(request),
        validate(ROUTE_INPUTS.fees.studentCategories.query, request.query),
      ),
  );

  app.post(
    ROUTES.fees.addStudentCategory.local,
    documented(guard, {
      summary: 'Give a student a category (one standing row per student and category)',
      response: 'MessageResponse',
      status: [201],
    }),
    async (request, reply): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.fees.addStudentCategory.body, request.body);
      await addCategory(app.database, auth, body);
      reply.status(201);
      return { message: DISCOUNT_MESSAGES.categoryAdded };
    },
  );

  app.post(
    ROUTES.fees.endStudentCategory.local,
    documented(guard, {
      summary:
        "End a student's category with a reason (kept, marked ended): its rules no longer reach the student",
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { reason } = validate(ROUTE_INPUTS.fees.endStudentCategory.body, request.body);
      await endStudentCategory(app.database, auth, id, reason);
      return { message: DISCOUNT_MESSAGES.categoryEnded };
    },
  );

  app.get(
    ROUTES.reports.discounts.local,
    documented(guard, {
      summary: "Laporan Potongan: what the rules gave, per rule and class (the bills' placement and months)",
      response: 'DiscountReport',
    }),
    async (request): Promise<DiscountReport> =>
      discountReport(db, requireAuth(request), validate(ROUTE_INPUTS.reports.discounts.query, request.query)),
  );

  app.get(
    ROUTES.reports.discountsXlsx.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'Laporan Potongan as a workbook',
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reports.discountsXlsx.query, request.query);
      const filter = await placementFilterLines(db, auth, query);
      const report = await discountReport(db, auth, query);
      const file = await app.documents.build('discountReportWorkbook', report, filter);
      return sendXlsx(reply, file, `laporan-potongan-${todayIn(auth)}.xlsx`);
    },
  );
}
