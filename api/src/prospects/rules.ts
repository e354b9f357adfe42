/**
 * What may happen to a prospect (api/ROUTES.md, "Prospects"): the registration status moves among the
 * statuses the finance screens edit (0-3); leaving Pending bills the prospect for its event's fees; a
 * prospect with money attached, or already a student, is never deleted.
 */
import { EDITABLE_REGISTRATION_STATUSES } from '@keuangan/shared/contract';
import type { Tx } from '../db/client';
import { prospective_billings } from '../db/schema';
import { bookProspectBills } from '../ledger/journal';
import type { Poster } from '../ledger/journal-post-queries';
import { ApiError, notFound } from '../lib/errors';
import { numberAtCommit, provisionalNumber } from '../lib/numbering';
import type { BranchScope, ZonedScope } from '../lib/scope';
import { todayIn } from '../lib/time';
import {
  billsHavePayment,
  compulsoryEventFees,
  deleteProspectBills,
  deleteProspectRow,
  insertProspectBill,
  insertProspectFees,
  lockProspectBills,
  lockProspectRow,
  type Prospect,
  prospectFees,
  prospectHasBill,
  setRegistrationStatus,
  studentOfProspect,
} from './write-queries';

export const STATUS_FINAL =
  'Status pendaftaran calon siswa yang sudah Diterima atau Tidak Diterima tidak dapat diubah';
export const HAS_PAYMENTS = 'Calon siswa sudah melakukan pembayaran sehingga tidak dapat dihapus';
export const IS_STUDENT = 'Calon siswa sudah menjadi siswa sehingga tidak dapat dihapus';

const PENDING = 0;

/** The prospect's row, locked for the rest of the transaction, or 404. */
export async function lockProspect(tx: Tx, scope: BranchScope, id: number): Promise<Prospect> {
  const row = await lockProspectRow(tx, scope, id);
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
  await setRegistrationStatus(tx, id, value);
  if (value !== PENDING) await createBill(tx, scope, prospect);
}

/**
 * Bills a registered prospect once: one item per fee the prospect is charged (its own fee list, or, when
 * it has none, every compulsory fee of its event, which becomes its list). Numbered PSB-/MUT- by event type,
 * as the transaction commits (`numberAtCommit`). Does nothing when the prospect
 * already has a bill or nothing to charge.
 */
export async function createBill(tx: Tx, scope: ZonedScope & Poster, prospect: Prospect): Promise<void> {
  if (await prospectHasBill(tx, prospect.id)) return;

  let fees = await prospectFees(tx, prospect.id);
  if (fees.length === 0) {
    const eventFees = await compulsoryEventFees(tx, prospect.psb_event_id);
    if (eventFees.length === 0) return;
    fees = await insertProspectFees(tx, scope, prospect.id, eventFees);
  }

  const today = todayIn(scope);
  const kind = prospect.psb_event_stype_id === 2 ? 'mutation_billing' : 'psb_billing';
  const totals = fees.map((fee) => fee.price * fee.qty);
  const total = totals.reduce((sum, amount) => sum + amount, 0);
  const billId = await insertProspectBill(
    tx,
    scope,
    {
      bill_number: provisionalNumber(), // numbered at commit, below
      psb_event_id: prospect.psb_event_id,
      psb_event_stype_id: prospect.psb_event_stype_id,
      department_id: prospect.department_id,
      psb_event_prospective_id: prospect.id,
      bill_date: today,
      total_amount: total,
      total_billing: total,
      payment_status: total === 0 ? 1 : 0,
    },
    fees.map((fee, i) => ({
      psb_event_prospective_fee_id: fee.id,
      ftype: fee.ftype,
      price: fee.price,
      qty: fee.qty,
      total_amount: totals[i] ?? 0,
      total_billing: totals[i] ?? 0,
      payment_status: totals[i] === 0 ? 1 : 0,
    })),
  );
  await bookProspectBills(tx, [billId], scope); // Dr Piutang Calon Siswa / Cr Pendapatan (docs/books.md)
  // Numbered as the transaction commits: the counter is locked only during COMMIT.
  await numberAtCommit(tx, scope, kind, today, prospective_billings, [billId]);
}

/**
 * Deletes a prospect with its fee list and its bill, when no money is attached: refused (409, nothing
 * deleted) when the bill has any payment, or when the prospect became a student. The bill row is locked,
 * so a payment cannot be recorded in between.
 */
export async function deleteProspect(tx: Tx, scope: BranchScope & Poster, id: number): Promise<void> {
  const prospect = await lockProspect(tx, scope, id);
  const student = await studentOfProspect(tx, id);
  if (prospect.student_id !== null || student) throw new ApiError(409, IS_STUDENT);

  const bills = await lockProspectBills(tx, id);
  const billIds = bills.map((b) => b.id);
  if (billIds.length > 0) {
    const payment = await billsHavePayment(tx, billIds);
    if (payment || bills.some((b) => b.total_payment > 0)) throw new ApiError(409, HAS_PAYMENTS);
    // The books keep the bill and its reversal; only billing forgets it (docs/books.md).
    await bookProspectBills(tx, billIds, scope, true);
    await deleteProspectBills(tx, billIds);
  }
  await deleteProspectRow(tx, id);
}
