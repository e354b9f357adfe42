/**
 * The instalment writes, one function each: every one runs in its own transaction with its audit record
 * (api/ROUTES.md, "Instalments"); splitting and cancelling an item are rules.ts's, under the bill's lock.
 */
import type { InstalmentShare } from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import { auditWho, recordAudit } from '../lib/audit-record';
import { findPlan, insertPlan, updatePlan } from './queries';
import { applyPlanIdToItem, cancelInstalments } from './rules';

type Plan = { name: string; shares: InstalmentShare[] };

/** Adds a plan to the branch; answers its id. */
export function createPlan(database: Database, auth: AuthContext, body: Plan): Promise<number> {
  return database.transaction(async (tx) => {
    const created = await insertPlan(tx, auth, body);
    await recordAudit(tx, auditWho(auth), {
      action: 'instalment_plan.create',
      entity: 'instalment_plan',
      entityId: created,
      after: body,
    });
    return created;
  });
}

/** Changes a plan; instalments already made from it keep their amounts and dates. */
export function changePlan(database: Database, auth: AuthContext, id: number, body: Plan) {
  return database.transaction(async (tx) => {
    const before = await findPlan(tx, auth, id);
    await updatePlan(tx, id, body);
    await recordAudit(tx, auditWho(auth), {
      action: 'instalment_plan.update',
      entity: 'instalment_plan',
      entityId: id,
      before: { name: before.name, shares: before.shares },
      after: body,
    });
  });
}

/** Deactivates or reactivates a plan (plans are never deleted). */
export function setPlanActive(database: Database, auth: AuthContext, id: number, active: boolean) {
  return database.transaction(async (tx) => {
    const before = await findPlan(tx, auth, id);
    await updatePlan(tx, id, { active });
    await recordAudit(tx, auditWho(auth), {
      action: active ? 'instalment_plan.activate' : 'instalment_plan.deactivate',
      entity: 'instalment_plan',
      entityId: id,
      before: { active: before.active },
      after: { active },
    });
  });
}

/** Splits an item by a plan, or changes its plan; a dry run answers what would move and writes nothing. */
export function applyPlan(
  database: Database,
  auth: AuthContext,
  itemId: number,
  planId: number,
  options: { dryRun: boolean; reason: string | null },
) {
  return database.transaction((tx) => applyPlanIdToItem(tx, auth, itemId, planId, options));
}

export function cancelItemInstalments(
  database: Database,
  auth: AuthContext,
  itemId: number,
  reason: string | null,
) {
  return database.transaction((tx) => cancelInstalments(tx, auth, itemId, reason));
}
