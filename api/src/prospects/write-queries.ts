/** The statements behind a prospect's status, bill and delete (rules.ts decides when they run). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  prospective_billing_items,
  prospective_billing_payments,
  prospective_billings,
  psb_event_fees,
  psb_event_prospective_fees,
  psb_event_prospectives,
  students,
} from '../db/schema';
import { type BranchScope, inBranch } from '../lib/scope';

export type Prospect = typeof psb_event_prospectives.$inferSelect;
type NewBill = Omit<typeof prospective_billings.$inferInsert, 'client_id' | 'branch_id'>;
type NewBillItem = Omit<typeof prospective_billing_items.$inferInsert, 'client_id' | 'branch_id'>;

/** The prospect's row, locked for the rest of the transaction, or undefined. */
export async function lockProspectRow(tx: Tx, scope: BranchScope, id: number): Promise<Prospect | undefined> {
  const [row] = await tx
    .select()
    .from(psb_event_prospectives)
    .where(inBranch(scope, psb_event_prospectives, eq(psb_event_prospectives.id, id)))
    .for('update');
  return row;
}

export async function setRegistrationStatus(tx: Tx, id: number, value: number) {
  await tx
    .update(psb_event_prospectives)
    .set({ registration_status: value, updated_at: new Date() })
    .where(eq(psb_event_prospectives.id, id));
}

export async function prospectHasBill(tx: Tx, prospectId: number): Promise<boolean> {
  const [existing] = await tx
    .select({ id: prospective_billings.id })
    .from(prospective_billings)
    .where(eq(prospective_billings.psb_event_prospective_id, prospectId));
  return existing !== undefined;
}

/** The prospect's own fee list, oldest first. */
export function prospectFees(tx: Tx, prospectId: number) {
  return tx
    .select()
    .from(psb_event_prospective_fees)
    .where(eq(psb_event_prospective_fees.psb_event_prospective_id, prospectId))
    .orderBy(asc(psb_event_prospective_fees.id));
}

/** The event's compulsory fees (ftype 1), oldest first. */
export function compulsoryEventFees(tx: Tx, eventId: number) {
  return tx
    .select()
    .from(psb_event_fees)
    .where(and(eq(psb_event_fees.psb_event_id, eventId), eq(psb_event_fees.ftype, 1)))
    .orderBy(asc(psb_event_fees.id));
}

/** Gives the prospect these event fees as its fee list, one of each; answers the rows written. */
export function insertProspectFees(
  tx: Tx,
  scope: BranchScope,
  prospectId: number,
  fees: { id: number; ftype: number; price: number }[],
) {
  return tx
    .insert(psb_event_prospective_fees)
    .values(
      fees.map((fee) => ({
        client_id: scope.clientId,
        branch_id: scope.branchId,
        psb_event_prospective_id: prospectId,
        psb_event_fee_id: fee.id,
        ftype: fee.ftype,
        price: fee.price,
        qty: 1,
      })),
    )
    .returning();
}

/** Adds a prospect's bill and its items; answers the bill's id. */
export async function insertProspectBill(
  tx: Tx,
  scope: BranchScope,
  bill: NewBill,
  items: Omit<NewBillItem, 'prospective_billing_id'>[],
): Promise<number> {
  const [row] = await tx
    .insert(prospective_billings)
    .values({ client_id: scope.clientId, branch_id: scope.branchId, ...bill })
    .returning({ id: prospective_billings.id });
  if (!row) throw new Error('prospective bill not created');
  await tx.insert(prospective_billing_items).values(
    items.map((item) => ({
      client_id: scope.clientId,
      branch_id: scope.branchId,
      prospective_billing_id: row.id,
      ...item,
    })),
  );
  return row.id;
}

export async function studentOfProspect(tx: Tx, prospectId: number): Promise<boolean> {
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.psb_event_prospective_id, prospectId))
    .limit(1);
  return student !== undefined;
}

/** The prospect's bills, locked: a payment cannot be recorded on them until the transaction ends. */
export function lockProspectBills(tx: Tx, prospectId: number) {
  return tx
    .select({ id: prospective_billings.id, total_payment: prospective_billings.total_payment })
    .from(prospective_billings)
    .where(eq(prospective_billings.psb_event_prospective_id, prospectId))
    .for('update');
}

export async function billsHavePayment(tx: Tx, billIds: number[]): Promise<boolean> {
  const [payment] = await tx
    .select({ id: prospective_billing_payments.id })
    .from(prospective_billing_payments)
    .where(inArray(prospective_billing_payments.prospective_billing_id, billIds))
    .limit(1);
  return payment !== undefined;
}

/** Deletes bills without payments and their items. */
export async function deleteProspectBills(tx: Tx, billIds: number[]) {
  await tx
    .delete(prospective_billing_items)
    .where(inArray(prospective_billing_items.prospective_billing_id, billIds));
  await tx.delete(prospective_billings).where(inArray(prospective_billings.id, billIds));
}

/** Deletes a prospect and its fee list. */
export async function deleteProspectRow(tx: Tx, id: number) {
  await tx
    .delete(psb_event_prospective_fees)
    .where(eq(psb_event_prospective_fees.psb_event_prospective_id, id));
  await tx.delete(psb_event_prospectives).where(eq(psb_event_prospectives.id, id));
}
