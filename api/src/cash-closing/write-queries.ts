/** The statements behind closing, reopening and depositing a cashier's day (rules.ts and deposit.ts decide). */
import { type CashDepositCreate, ONLINE_PTYPES } from '@keuangan/shared/contract';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { cash_closings, cash_deposits, student_billing_payments, users } from '../db/schema';
import { type BranchScope, scopeValues } from '../lib/scope';
import type { BranchTimeZone } from '../lib/time';
import { dayOf } from './queries';

/** Whether the cashier's day has a closing not reopened. */
export async function hasStandingClosing(tx: Tx, branchId: number, date: string, cashierId: number) {
  const [standing] = await tx
    .select({ id: cash_closings.id })
    .from(cash_closings)
    .where(
      and(
        eq(cash_closings.branch_id, branchId),
        eq(cash_closings.closing_date, date),
        eq(cash_closings.cashier_id, cashierId),
        isNull(cash_closings.reopened_at),
      ),
    );
  return standing !== undefined;
}

type NewClosing = Omit<typeof cash_closings.$inferInsert, 'client_id' | 'branch_id'>;

/** Adds the closing; answers its id. */
export async function insertClosing(tx: Tx, scope: BranchScope, values: NewClosing) {
  const [row] = await tx
    .insert(cash_closings)
    .values({ ...scopeValues(scope), ...values })
    .returning({ id: cash_closings.id });
  return row?.id;
}

/** The branch's closing, locked for the rest of the transaction, or undefined. */
export async function lockClosing(tx: Tx, branchId: number, closingId: number) {
  const [closing] = await tx
    .select({
      id: cash_closings.id,
      reopened_at: cash_closings.reopened_at,
      date: cash_closings.closing_date,
      number: cash_closings.closing_number,
      cashier_id: cash_closings.cashier_id,
      counted: cash_closings.counted_cash,
      figures: cash_closings.figures,
    })
    .from(cash_closings)
    .where(and(eq(cash_closings.id, closingId), eq(cash_closings.branch_id, branchId)))
    .for('update');
  return closing;
}

export async function markReopened(tx: Tx, closingId: number, userId: number, reason: string) {
  await tx
    .update(cash_closings)
    .set({ reopened_by: userId, reopened_at: new Date(), reopen_reason: reason })
    .where(eq(cash_closings.id, closingId));
}

/** A closed (not reopened) cashier's day one of these student payments was taken on, if any. */
export async function closedDayOfPayments(
  tx: Tx,
  branch: { branchId: number; timeZone: BranchTimeZone },
  paymentIds: number[],
) {
  const sp = student_billing_payments;
  const [closed] = await tx
    .select({ date: cash_closings.closing_date, cashier: users.name })
    .from(sp)
    .innerJoin(
      cash_closings,
      and(
        eq(cash_closings.branch_id, branch.branchId),
        eq(cash_closings.cashier_id, sp.created_by),
        eq(cash_closings.closing_date, dayOf(sp.created_at, branch.timeZone)),
        isNull(cash_closings.reopened_at),
      ),
    )
    .innerJoin(users, eq(users.id, cash_closings.cashier_id))
    // Online payments were never frozen as a cashier's (docs/money.md "Cash closing").
    .where(and(inArray(sp.id, paymentIds), notInArray(sp.ptype, [...ONLINE_PTYPES])))
    .limit(1);
  return closed;
}

export async function hasDeposit(tx: Tx, closingId: number): Promise<boolean> {
  const [already] = await tx
    .select({ id: cash_deposits.id })
    .from(cash_deposits)
    .where(eq(cash_deposits.closing_id, closingId));
  return already !== undefined;
}

/** Adds the closing's deposit; answers its id. */
export async function insertDeposit(
  tx: Tx,
  scope: BranchScope,
  closingId: number,
  input: CashDepositCreate,
  userId: number,
) {
  const [row] = await tx
    .insert(cash_deposits)
    .values({ ...scopeValues(scope), closing_id: closingId, ...input, deposited_by: userId })
    .returning({ id: cash_deposits.id });
  return row?.id;
}
