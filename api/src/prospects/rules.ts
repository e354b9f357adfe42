/**
 * What may happen to a prospect (api/ROUTES.md, "Prospects"): the registration status moves among the
 * statuses the finance screens edit (0-3); leaving Pending bills the prospect for its event's fees; a
 * prospect with money attached, or already a student, is never deleted.
 */
import { EDITABLE_REGISTRATION_STATUSES } from '@keuangan/shared/contract';
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
import { bookProspectBills } from '../ledger/journal';
import type { Poster } from '../ledger/journal-post';
import { ApiError, notFound } from '../lib/errors';
import { numberAtCommit, provisionalNumber } from '../lib/numbering';
import { type BranchScope, inBranch, type ZonedScope } from '../lib/scope';
import { todayIn } from '../lib/time';

export const STATUS_FINAL =
  'Status pendaftaran calon siswa yang sudah Diterima atau Tidak Diterima tidak dapat diubah';
export const HAS_PAYMENTS = 'Calon siswa sudah melakukan pembayaran sehingga tidak dapat dihapus';
export const IS_STUDENT = 'Calon siswa sudah menjadi siswa sehingga tidak dapat dihapus';

const PENDING = 0;

type Prospect = typeof psb_event_prospectives.$inferSelect;

/** The prospect's row, locked for the rest of the transaction, or 404. */
export async function lockProspect(tx: Tx, scope: BranchScope, id: number): Promise<Prospect> {
  const [row] = await tx
    .select()
    .from(psb_event_prospectives)
    .where(inBranch(scope, psb_event_prospectives, eq(psb_event_prospectives.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Sets the registration status. Only a prospect still in 0-3 moves, and only to 0-3 (the schema checks the
 * value); Diterima and Tidak Diterima are decided by the admission committee, outside finance. The first
 * move out of Pending bills the prospect (`createBill`); moving back keeps the bill.
 */
export async function changeRegistrationStatus(
  tx: Tx,
  scope: ZonedScope & Poster,
  id: number,
  value: number,
) {
  const prospect = await lockProspect(tx, scope, id);
  if (!EDITABLE_REGISTRATION_STATUSES.includes(prospect.registration_status)) {
    throw new ApiError(409, STATUS_FINAL);
  }
  if (prospect.registration_status === value) return;
  await tx
    .update(psb_event_prospectives)
    .set({ registration_status: value, updated_at: new Date() })
    .where(eq(psb_event_prospectives.id, id));
  if (value !== PENDING) await createBill(tx, scope, prospect);
}

/**
 * Bills a registered prospect once: one item per fee the prospect is charged (its own fee list, or, when
 * it has none, every compulsory fee of its event, which becomes its list). Numbered PSB-/MUT- by event type,
 * as the transaction commits (`numberAtCommit`). Does nothing when the prospect
 * already has a bill or nothing to charge.
 */
export async function createBill(tx: Tx, scope: ZonedScope & Poster, prospect: Prospect): Promise<void> {
  const [existing] = await tx
    .select({ id: prospective_billings.id })
    .from(prospective_billings)
    .where(eq(prospective_billings.psb_event_prospective_id, prospect.id));
  if (existing) return;

  let fees = await tx
    .select()
    .from(psb_event_prospective_fees)
    .where(eq(psb_event_prospective_fees.psb_event_prospective_id, prospect.id))
    .orderBy(asc(psb_event_prospective_fees.id));
  if (fees.length === 0) {
    const eventFees = await tx
      .select()
      .from(psb_event_fees)
      .where(and(eq(psb_event_fees.psb_event_id, prospect.psb_event_id), eq(psb_event_fees.ftype, 1)))
      .orderBy(asc(psb_event_fees.id));
    if (eventFees.length === 0) return;
    fees = await tx
      .insert(psb_event_prospective_fees)
      .values(
        eventFees.map((fee) => ({
          client_id: scope.clientId,
          branch_id: scope.branchId,
          psb_event_prospective_id: prospect.id,
          psb_event_fee_id: fee.id,
          ftype: fee.ftype,
          price: fee.price,
          qty: 1,
        })),
      )
      .returning();
  }

  const today = todayIn(scope);
  const kind = prospect.psb_event_stype_id === 2 ? 'mutation_billing' : 'psb_billing';
  const totals = fees.map((fee) => fee.price * fee.qty);
  const total = totals.reduce((sum, amount) => sum + amount, 0);
  const [bill] = await tx
    .insert(prospective_billings)
    .values({
      client_id: scope.clientId,
      branch_id: scope.branchId,
      bill_number: provisionalNumber(), // numbered at commit, below
      psb_event_id: prospect.psb_event_id,
      psb_event_stype_id: prospect.psb_event_stype_id,
      department_id: prospect.department_id,
      psb_event_prospective_id: prospect.id,
      bill_date: today,
      total_amount: total,
      total_billing: total,
      payment_status: total === 0 ? 1 : 0,
    })
    .returning({ id: prospective_billings.id });
  if (!bill) throw new Error('prospective bill not created');
  await tx.insert(prospective_billing_items).values(
    fees.map((fee, i) => ({
      client_id: scope.clientId,
      branch_id: scope.branchId,
      prospective_billing_id: bill.id,
      psb_event_prospective_fee_id: fee.id,
      ftype: fee.ftype,
      price: fee.price,
      qty: fee.qty,
      total_amount: totals[i] ?? 0,
      total_billing: totals[i] ?? 0,
      payment_status: totals[i] === 0 ? 1 : 0,
    })),
  );
  await bookProspectBills(tx, [bill.id], scope); // Dr Piutang Calon Siswa / Cr Pendapatan (docs/books.md)
  // Numbered as the transaction commits: the counter is locked only during COMMIT.
  await numberAtCommit(tx, scope, kind, today, prospective_billings, [bill.id]);
}

/**
 * Deletes a prospect with its fee list and its bill, when no money is attached: refused (409, nothing
 * deleted) when the bill has any payment, or when the prospect became a student. The bill row is locked,
 * so a payment cannot be recorded in between.
 */
export async function deleteProspect(tx: Tx, scope: BranchScope & Poster, id: number): Promise<void> {
  const prospect = await lockProspect(tx, scope, id);
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.psb_event_prospective_id, id))
    .limit(1);
  if (prospect.student_id !== null || student) throw new ApiError(409, IS_STUDENT);

  const bills = await tx
    .select({ id: prospective_billings.id, total_payment: prospective_billings.total_payment })
    .from(prospective_billings)
    .where(eq(prospective_billings.psb_event_prospective_id, id))
    .for('update');
  const billIds = bills.map((b) => b.id);
  if (billIds.length > 0) {
    const [payment] = await tx
      .select({ id: prospective_billing_payments.id })
      .from(prospective_billing_payments)
      .where(inArray(prospective_billing_payments.prospective_billing_id, billIds))
      .limit(1);
    if (payment || bills.some((b) => b.total_payment > 0)) throw new ApiError(409, HAS_PAYMENTS);
    // The books keep the bill and its reversal; only billing forgets it (docs/books.md).
    await bookProspectBills(tx, billIds, scope, true);
    await tx
      .delete(prospective_billing_items)
      .where(inArray(prospective_billing_items.prospective_billing_id, billIds));
    await tx.delete(prospective_billings).where(inArray(prospective_billings.id, billIds));
  }
  await tx
    .delete(psb_event_prospective_fees)
    .where(eq(psb_event_prospective_fees.psb_event_prospective_id, id));
  await tx.delete(psb_event_prospectives).where(eq(psb_event_prospectives.id, id));
}
