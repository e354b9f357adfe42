/**
 * Cicilan (api/ROUTES.md "Instalments", docs/money.md "Instalments"): the branch's plans (Rencana Cicilan), a
 * plan applied to one bill item (or changed, or cancelled) and a bill's instalments. Finance editors, the
 * active branch; another branch's plan or item is 404.
 */
import {
  allocateInstalments,
  type BillInstalmentsResponse,
  daysBetween,
  INSTALMENT_MESSAGES,
  type InstalmentApplyResponse,
  type InstalmentPlanPage,
  type InstalmentPlanRow,
  type InstalmentPlanWriteResponse,
  type ItemInstalments,
  type MessageResponse,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { assertStudentReachable } from '../auth/embed-tokens';
import { requireAuth } from '../auth/guard';
import { student_billings } from '../db/schema';
import { findInBranch } from '../lib/scope';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { instalmentsOfBill, listPlans, planRow } from './queries';
import { applyPlan, cancelItemInstalments, changePlan, createPlan, setPlanActive } from './writes';

const documented = routeDocs('Instalments');

export async function instalmentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };
  const embedRead = { ...guard, config: { embed: 'read' as const } };

  app.get(
    ROUTES.fees.instalmentPlans.local,
    documented(guard, {
      summary: "The branch's instalment plans (Rencana Cicilan), active first",
      response: 'InstalmentPlanPage',
    }),
    async (request): Promise<InstalmentPlanPage> => {
      const auth = requireAuth(request);
      return listPlans(db, auth, validate(ROUTE_INPUTS.fees.instalmentPlans.query, request.query));
    },
  );

  app.post(
    ROUTES.fees.createInstalmentPlan.local,
    documented(guard, {
      summary: 'A new instalment plan: its name and shares (percent or amounts) with their due dates',
      response: 'InstalmentPlanWriteResponse',
      status: [201],
    }),
    async (request, reply): Promise<InstalmentPlanWriteResponse> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.fees.createInstalmentPlan.body, request.body);
      const id = await createPlan(app.database, auth, body);
      reply.status(201);
      return { message: INSTALMENT_MESSAGES.saved, plan: await planRow(db, auth, id) };
    },
  );

  app.get(
    ROUTES.fees.instalmentPlan.local,
    documented(guard, { summary: 'One instalment plan', input: 'none', response: 'InstalmentPlanRow' }),
    async (request): Promise<InstalmentPlanRow> => planRow(db, requireAuth(request), pathId(request)),
  );

  app.post(
    ROUTES.fees.updateInstalmentPlan.local,
    documented(guard, {
      summary: 'Change a plan (instalments already made from it keep their amounts and dates)',
      response: 'InstalmentPlanWriteResponse',
    }),
    async (request): Promise<InstalmentPlanWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.fees.updateInstalmentPlan.body, request.body);
      await changePlan(app.database, auth, id, body);
      return { message: INSTALMENT_MESSAGES.saved, plan: await planRow(db, auth, id) };
    },
  );

  app.post(
    ROUTES.fees.setInstalmentPlanActive.local,
    documented(guard, {
      summary: 'Deactivate or reactivate a plan (plans are never deleted)',
      response: 'InstalmentPlanWriteResponse',
    }),
    async (request): Promise<InstalmentPlanWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { active } = validate(ROUTE_INPUTS.fees.setInstalmentPlanActive.body, request.body);
      await setPlanActive(app.database, auth, id, active);
      return {
        message: active ? INSTALMENT_MESSAGES.activated : INSTALMENT_MESSAGES.deactivated,
        plan: await planRow(db, auth, id),
      };
    },
  );

  app.get(
    ROUTES.billing.billInstalments.local,
    // The embedded view reads them too (read-only), for its own student.
    documented(embedRead, {
      summary: "A bill's split items with their instalments: paid, owing and late, derived from the payments",
      input: 'none',
      response: 'BillInstalmentsResponse',
    }),
    async (request): Promise<BillInstalmentsResponse> => {
      const auth = requireAuth(request);
      const billId = pathId(request);
      const bill = await findInBranch(db, auth, student_billings, billId);
      assertStudentReachable(auth, bill.student_id);
      const rows = await instalmentsOfBill(db, billId);
      const today = todayIn(auth);
      const items = new Map<number, ItemInstalments & { paid: number; ids: number[] }>();
      for (const row of rows) {
        const item = items.get(row.item_id) ?? {
          item_id: row.item_id,
          label: row.label,
          plan_name: row.plan_name,
          paid: row.paid,
          ids: [],
          instalments: [],
        };
        item.ids.push(row.id);
        item.instalments.push({ ...row, paid: 0, owing: 0, overdue_days: 0 });
        items.set(row.item_id, item);
      }
      const data = [...items.values()].map(({ paid, ids, ...item }) => ({
        ...item,
        instalments: allocateInstalments(item.instalments, paid).map((i, n) => ({
          id: ids[n] as number,
          seq: i.seq,
          amount: i.amount,
          due_date: i.due_date,
          paid: i.paid,
          owing: i.owing,
          overdue_days: i.owing > 0 ? Math.max(0, daysBetween(i.due_date, today)) : 0,
        })),
      }));
      return { data };
    },
  );

  app.post(
    ROUTES.billing.applyInstalments.local,
    documented(guard, {
      summary: 'Split an item by a plan, or change its plan (paid instalments stay); dry_run says what moves',
      response: 'InstalmentApplyResponse',
    }),
    async (request): Promise<InstalmentApplyResponse> => {
      const auth = requireAuth(request);
      const itemId = pathId(request);
      const body = validate(ROUTE_INPUTS.billing.applyInstalments.body, request.body);
      const outcome = await applyPlan(app.database, auth, itemId, body.plan_id, {
        dryRun: body.dry_run,
        reason: body.reason,
      });
      return { message: body.dry_run ? '' : INSTALMENT_MESSAGES.applied, ...outcome };
    },
  );

  app.delete(
    ROUTES.billing.cancelInstalments.local,
    documented(guard, {
      summary: "Cancel an item's instalments (kept as replaced): it is paid at once again",
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const itemId = pathId(request);
      const { reason } = validate(ROUTE_INPUTS.billing.cancelInstalments.query, request.query ?? {});
      await cancelItemInstalments(app.database, auth, itemId, reason);
      return { message: INSTALMENT_MESSAGES.cancelled };
    },
  );
}
