/**
 * Applying a plan to a bill item, changing it, cancelling it (docs/money.md "Instalments"). The bill is locked
 * first, as every write on a bill; the item's and bill's due dates are rewritten by the engine's totals
 * (`refreshTotals`) in the same transaction. Refusals are 422 with the contract's messages, nothing written.
 */
import {
  type ChargeInstalment,
  INSTALMENT_MESSAGES,
  type Instalment,
  type InstalmentApplyResponse,
  type InstalmentShare,
  itemDueDate,
  itemTotals,
  replanInstalments,
} from '@keuangan/shared/contract';
import type { Tx } from '../db/client';
import { student_fee_components } from '../db/schema';
import { refreshTotals } from '../ledger/engine';
import { findItemBillId, lockStudentBill, STUDENT_BILLS } from '../ledger/student-bills-queries';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { type BranchScope, findInBranch } from '../lib/scope';
import {
  componentOfItem,
  findPlan,
  hasInstalments,
  insertInstalments,
  itemsToSplit,
  replaceInstalments,
  setItemDueDate,
} from './queries';

type Who = BranchScope & { userId: number };

export const DEFAULT_REPLAN_REASON = 'Rencana cicilan diubah';
export const DEFAULT_CANCEL_REASON = 'Cicilan dibatalkan';

/** The plan of the branch, active; 404 / 422 otherwise. */
async function activePlan(tx: Tx, who: Who, planId: number) {
  const plan = await findPlan(tx, who, planId);
  if (!plan.active) throw fieldError('plan_id', INSTALMENT_MESSAGES.planInactive);
  return plan;
}

/** The item of the branch still on its bill, its bill locked, as the engine sees it (with paid and instalments). */
async function lockItem(tx: Tx, who: Who, itemId: number) {
  const billId = await findItemBillId(tx, who, itemId);
  if (billId === undefined) throw notFound();
  const bill = await lockStudentBill(tx, who, billId);
  const item = (await STUDENT_BILLS.lockItems(tx, billId)).find((i) => i.id === itemId);
  if (!item) throw notFound();
  return { bill, item };
}

/**
 * Splits the item `itemId` by the plan's shares (or, when it has instalments, changes them: the paid ones stay,
 * the plan splits what is still owed). `dryRun`: only answers what would move.
 */
export async function applyPlanToItem(
  tx: Tx,
  who: Who,
  itemId: number,
  plan: { id: number; shares: InstalmentShare[] },
  options: { dryRun: boolean; reason: string | null },
): Promise<Omit<InstalmentApplyResponse, 'message'>> {
  const { bill, item } = await lockItem(tx, who, itemId);
  const net = itemTotals({ ...item, total_payment: 0 }).total_billing;
  if (net - item.paid <= 0) throw new ApiError(422, INSTALMENT_MESSAGES.itemPaidOff);
  const current: Instalment[] = item.instalments ?? [];
  const change = replanInstalments(
    { net, paid: item.paid, due_date: item.due_date as string },
    current,
    plan.shares,
  );
  if (change.planTotal !== change.owed) {
    throw fieldError('plan_id', INSTALMENT_MESSAGES.amountsMismatch(change.planTotal, change.owed));
  }
  if (plan.shares.some((s) => s.due_date < bill.bill_date)) {
    throw fieldError('plan_id', INSTALMENT_MESSAGES.dueBeforeBill);
  }
  const answer = {
    dry_run: options.dryRun,
    kept: change.kept,
    replaced: change.replaced,
    added: change.added,
  };
  if (options.dryRun) return answer;
  const reason = options.reason ?? DEFAULT_REPLAN_REASON;
  await replaceInstalments(
    tx,
    itemId,
    change.replaced.map((i) => i.seq),
    who,
    reason,
  );
  await insertInstalments(tx, who, itemId, plan.id, change.added);
  await recordAudit(tx, auditWho(who), {
    action: current.length > 0 ? 'instalments.change' : 'instalments.apply',
    entity: 'student_billing_item',
    entityId: itemId,
    before: current.length > 0 ? { instalments: current } : null,
    after: { plan_id: plan.id, instalments: [...change.kept, ...change.added] },
    reason: current.length > 0 ? reason : null,
  });
  await refreshTotals(tx, STUDENT_BILLS, bill.id);
  return answer;
}

/** `applyPlanToItem` with the plan looked up by id (of the branch, active). */
export async function applyPlanIdToItem(
  tx: Tx,
  who: Who,
  itemId: number,
  planId: number,
  options: { dryRun: boolean; reason: string | null },
) {
  return applyPlanToItem(tx, who, itemId, await activePlan(tx, who, planId), options);
}

/** Back to one payment: the standing instalments replaced, the item due on its component's date again. */
export async function cancelInstalments(tx: Tx, who: Who, itemId: number, reason: string | null) {
  const { bill, item } = await lockItem(tx, who, itemId);
  const current = item.instalments ?? [];
  if (current.length === 0) throw new ApiError(422, INSTALMENT_MESSAGES.noInstalments);
  const why = reason ?? DEFAULT_CANCEL_REASON;
  await replaceInstalments(
    tx,
    itemId,
    current.map((i) => i.seq),
    who,
    why,
  );
  await setItemDueDate(tx, itemId, itemDueDate(await componentOfItem(tx, itemId), bill.bill_date));
  await recordAudit(tx, auditWho(who), {
    action: 'instalments.cancel',
    entity: 'student_billing_item',
    entityId: itemId,
    before: { instalments: current },
    reason: why,
  });
  await refreshTotals(tx, STUDENT_BILLS, bill.id);
}

/** 409 when the item is split into instalments: its price and quantity stay while it is (item edits, removal). */
export async function assertNoInstalments(tx: Tx, itemId: number): Promise<void> {
  if (await hasInstalments(tx, itemId)) throw new ApiError(409, INSTALMENT_MESSAGES.itemHasInstalments);
}

/**
 * Charge time (`chargeBatch`'s optional plan): the chosen component, which must be one of the charged
 * class-months (`classIds`, month `mm`), split by the plan on every item of it not split yet and not paid on.
 */
export async function splitChargedComponent(
  tx: Tx,
  who: Who,
  choice: ChargeInstalment,
  charged: { classIds: number[]; mm: string },
): Promise<number> {
  const plan = await activePlan(tx, who, choice.plan_id);
  const component = await findInBranch(tx, who, student_fee_components, choice.student_fee_component_id);
  if (component.mm !== charged.mm || !charged.classIds.includes(component.class_id)) {
    throw fieldError('instalment', INSTALMENT_MESSAGES.componentOutside);
  }
  const items = await itemsToSplit(tx, who, component.id);
  for (const item of items) {
    await applyPlanToItem(tx, who, item.id, plan, { dryRun: false, reason: null });
  }
  return items.length;
}
