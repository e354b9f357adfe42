/**
 * The SQL of Cicilan (docs/money.md "Instalments"): plans of the branch, and the instalments of bill items.
 */
import type {
  Instalment,
  InstalmentPlanPage,
  InstalmentPlanRow,
  InstalmentShare,
} from '@keuangan/shared/contract';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  bill_item_instalments,
  instalment_plans,
  student_billing_items,
  student_fee_components,
} from '../db/schema';
import { pagedResponse } from '../lib/paging';
import { type BranchScope, findInBranch, inBranch } from '../lib/scope';

type Who = BranchScope & { userId: number };
const standing = isNull(bill_item_instalments.replaced_at);

/**
 * `"table"."id"` of the outer query, spelled out: in a one-table select drizzle writes a column unqualified,
 * and inside a subquery of instalments a bare "id" would be the instalment's.
 */
const qualified = (table: string) => sql`${sql.identifier(table)}.${sql.identifier('id')}`;

const planColumns = {
  id: instalment_plans.id,
  name: instalment_plans.name,
  shares: instalment_plans.shares,
  active: instalment_plans.active,
  created_at: instalment_plans.created_at,
  used_items: sql<number>`(select count(distinct ${bill_item_instalments.student_billing_item_id})
    from ${bill_item_instalments} where ${bill_item_instalments.plan_id} = ${qualified('instalment_plans')}
    and ${bill_item_instalments.replaced_at} is null)`.mapWith(Number),
};

function toRow(row: {
  id: number;
  name: string;
  shares: InstalmentShare[];
  active: boolean;
  created_at: Date;
  used_items: number;
}): InstalmentPlanRow {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** A page of the branch's plans (only the active ones when asked), active first, by name. */
export async function listPlans(
  db: Db,
  scope: BranchScope,
  query: { page: number; limit: number; active?: '1' | undefined },
): Promise<InstalmentPlanPage> {
  const where = inBranch(
    scope,
    instalment_plans,
    query.active ? eq(instalment_plans.active, true) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(planColumns)
      .from(instalment_plans)
      .where(where)
      .orderBy(desc(instalment_plans.active), asc(instalment_plans.name), asc(instalment_plans.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(instalment_plans).where(where),
  ]);
  return pagedResponse(rows.map(toRow), total?.n ?? 0, query.page, query.limit);
}

/** One plan of the branch as listed; 404 otherwise. */
export async function planRow(db: Db | Tx, scope: BranchScope, id: number): Promise<InstalmentPlanRow> {
  await findInBranch(db, scope, instalment_plans, id);
  const [row] = await db.select(planColumns).from(instalment_plans).where(eq(instalment_plans.id, id));
  return toRow(row as Parameters<typeof toRow>[0]);
}

/** The plan of the branch (404 otherwise), for applying it. */
export function findPlan(db: Db | Tx, scope: BranchScope, id: number) {
  return findInBranch(db, scope, instalment_plans, id);
}

export async function insertPlan(
  tx: Tx,
  who: Who,
  plan: { name: string; shares: InstalmentShare[] },
): Promise<number> {
  const [row] = await tx
    .insert(instalment_plans)
    .values({ client_id: who.clientId, branch_id: who.branchId, ...plan, created_by: who.userId })
    .returning({ id: instalment_plans.id });
  return (row as { id: number }).id;
}

export async function updatePlan(
  tx: Tx,
  id: number,
  changes: { name: string; shares: InstalmentShare[] } | { active: boolean },
): Promise<void> {
  await tx
    .update(instalment_plans)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(instalment_plans.id, id));
}

/** Marks the item's standing instalments of these seqs replaced (kept, with who, when and why). */
export async function replaceInstalments(
  tx: Tx,
  itemId: number,
  seqs: number[],
  who: Who,
  reason: string,
): Promise<void> {
  if (seqs.length === 0) return;
  await tx
    .update(bill_item_instalments)
    .set({ replaced_at: new Date(), replaced_by: who.userId, replaced_reason: reason })
    .where(
      and(
        eq(bill_item_instalments.student_billing_item_id, itemId),
        inArray(bill_item_instalments.seq, seqs),
        standing,
      ),
    );
}

export async function insertInstalments(
  tx: Tx,
  who: Who,
  itemId: number,
  planId: number,
  instalments: Instalment[],
): Promise<void> {
  if (instalments.length === 0) return;
  await tx.insert(bill_item_instalments).values(
    instalments.map((i) => ({
      client_id: who.clientId,
      branch_id: who.branchId,
      student_billing_item_id: itemId,
      plan_id: planId,
      seq: i.seq,
      amount: i.amount,
      due_date: i.due_date,
      created_by: who.userId,
    })),
  );
}

/** Whether the item has standing instalments. */
export async function hasInstalments(tx: Tx | Db, itemId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: bill_item_instalments.id })
    .from(bill_item_instalments)
    .where(and(eq(bill_item_instalments.student_billing_item_id, itemId), standing))
    .limit(1);
  return row !== undefined;
}

/** The standing instalments of the items of a bill, with their item's component and plan names. */
export async function instalmentsOfBill(db: Db, billId: number) {
  return db
    .select({
      id: bill_item_instalments.id,
      item_id: bill_item_instalments.student_billing_item_id,
      seq: bill_item_instalments.seq,
      amount: bill_item_instalments.amount,
      due_date: bill_item_instalments.due_date,
      label: student_fee_components.name,
      plan_name: instalment_plans.name,
      paid: student_billing_items.total_payment,
    })
    .from(bill_item_instalments)
    .innerJoin(
      student_billing_items,
      eq(student_billing_items.id, bill_item_instalments.student_billing_item_id),
    )
    .innerJoin(
      student_fee_components,
      eq(student_fee_components.id, student_billing_items.student_fee_component_id),
    )
    .leftJoin(instalment_plans, eq(instalment_plans.id, bill_item_instalments.plan_id))
    .where(
      and(
        eq(student_billing_items.student_billing_id, billId),
        isNull(student_billing_items.removed_at),
        standing,
      ),
    )
    .orderBy(asc(student_billing_items.id), asc(bill_item_instalments.seq));
}

/** The component of an item (its due date comes back from it when its instalments are cancelled). */
export async function componentOfItem(tx: Tx, itemId: number) {
  const [row] = await tx
    .select({
      mm: student_fee_components.mm,
      due_day: student_fee_components.due_day,
      due_date: student_fee_components.due_date,
    })
    .from(student_billing_items)
    .innerJoin(
      student_fee_components,
      eq(student_fee_components.id, student_billing_items.student_fee_component_id),
    )
    .where(eq(student_billing_items.id, itemId));
  return row as { mm: string; due_day: number | null; due_date: string | null };
}

export async function setItemDueDate(tx: Tx, itemId: number, dueDate: string): Promise<void> {
  await tx
    .update(student_billing_items)
    .set({ due_date: dueDate, updated_at: new Date() })
    .where(eq(student_billing_items.id, itemId));
}

/** Items of the component on bills of the branch, still on them, nothing paid, no instalments (charge time). */
export async function itemsToSplit(tx: Tx, scope: BranchScope, componentId: number) {
  return tx
    .select({ id: student_billing_items.id, bill: student_billing_items.student_billing_id })
    .from(student_billing_items)
    .where(
      inBranch(
        scope,
        student_billing_items,
        eq(student_billing_items.student_fee_component_id, componentId),
        isNull(student_billing_items.removed_at),
        eq(student_billing_items.total_payment, 0),
        sql`${student_billing_items.total_billing} > 0`,
        sql`not exists (select 1 from ${bill_item_instalments}
          where ${bill_item_instalments.student_billing_item_id} = ${qualified('student_billing_items')}
          and ${bill_item_instalments.replaced_at} is null)`,
      ),
    )
    .orderBy(asc(student_billing_items.student_billing_id));
}
