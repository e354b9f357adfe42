/**
 * The payments of a cashier's day, read from both kinds of payment (students' and prospects'). A payment
 * belongs to the day it was recorded on (its `created_at` in the branch's time zone: the money in the drawer),
 * whatever its Tanggal Bayar; a void belongs to the day it was voided on.
 */
import type {
  CashClosing,
  CashClosingFigures,
  CashCounts,
  CashDayPayment,
  CashDayVoid,
} from '@keuangan/shared/contract';
import { type AnyColumn, aliasedTable, and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  cash_closings,
  cash_deposits,
  prospective_billing_payments,
  prospective_billings,
  psb_event_prospectives,
  student_billing_payments,
  student_billings,
  students,
  users,
} from '../db/schema';
import type { BranchScope, ZonedScope } from '../lib/scope';
import type { BranchTimeZone } from '../lib/time';

/** The school's day of a timestamp column: its date in the branch's time zone. */
export const dayOf = (column: SQL | AnyColumn, timeZone: BranchTimeZone) =>
  sql`(${column} at time zone ${timeZone})::date`;

const cashiers = aliasedTable(users, 'cashier');
const voiders = aliasedTable(users, 'voider');

type PaymentRow = CashDayPayment & {
  voided_at: Date | null;
  voided_by: string | null;
  void_reason: string | null;
};

/** A row as both selects answer it. */
interface RawRow {
  id: number;
  payment_number: string;
  created_at: Date;
  payment_date: string;
  ptype: number;
  amount: number;
  cashier_id: number;
  cashier_name: string;
  voided_at: Date | null;
  voided_by: string | null;
  void_reason: string | null;
  name: string;
  bill_number: string;
}
type Payments = typeof student_billing_payments | typeof prospective_billing_payments;

/** Both kinds' payments of the branch matching `on(payments)` (recorded or voided that day), with who and what. */
async function paymentsWhere(
  db: Db | Tx,
  scope: BranchScope,
  on: (payments: Payments) => SQL | undefined,
): Promise<PaymentRow[]> {
  const common = (p: Payments) => ({
    id: p.id,
    payment_number: p.payment_number,
    created_at: p.created_at,
    payment_date: p.payment_date,
    ptype: p.ptype,
    amount: p.amount,
    cashier_id: cashiers.id,
    cashier_name: cashiers.name,
    voided_at: p.voided_at,
    voided_by: voiders.name,
    void_reason: p.void_reason,
  });
  const sp = student_billing_payments;
  const pp = prospective_billing_payments;
  const [studentRows, prospectRows] = await Promise.all([
    db
      .select({ ...common(sp), name: students.name, bill_number: student_billings.bill_number })
      .from(sp)
      .innerJoin(students, eq(students.id, sp.student_id))
      .innerJoin(student_billings, eq(student_billings.id, sp.student_billing_id))
      .innerJoin(cashiers, eq(cashiers.id, sp.created_by))
      .leftJoin(voiders, eq(voiders.id, sp.voided_by))
      .where(and(eq(sp.client_id, scope.clientId), eq(sp.branch_id, scope.branchId), on(sp))),
    db
      .select({
        ...common(pp),
        name: psb_event_prospectives.name,
        bill_number: prospective_billings.bill_number,
      })
      .from(pp)
      .innerJoin(psb_event_prospectives, eq(psb_event_prospectives.id, pp.psb_event_prospective_id))
      .innerJoin(prospective_billings, eq(prospective_billings.id, pp.prospective_billing_id))
      .innerJoin(cashiers, eq(cashiers.id, pp.created_by))
      .leftJoin(voiders, eq(voiders.id, pp.voided_by))
      .where(and(eq(pp.client_id, scope.clientId), eq(pp.branch_id, scope.branchId), on(pp))),
  ]);
  const shape =
    (kind: CashDayPayment['kind']) =>
    ({ cashier_id, cashier_name, created_at, ...row }: RawRow): PaymentRow => ({
      ...row,
      kind,
      created_at: created_at.toISOString(),
      cashier: { id: cashier_id, name: cashier_name },
    });
  return [
    ...(studentRows as RawRow[]).map(shape('student')),
    ...(prospectRows as RawRow[]).map(shape('prospect')),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

const onCashier = (column: AnyColumn, cashierId: number | undefined) =>
  cashierId === undefined ? undefined : eq(column, cashierId);

/** Standing payments recorded on `date` (by `cashierId`, or everyone). */
export function paymentsOfDay(db: Db | Tx, scope: ZonedScope, date: string, cashierId?: number) {
  return paymentsWhere(db, scope, (p) =>
    and(
      sql`${dayOf(p.created_at, scope.timeZone)} = ${date}`,
      isNull(p.voided_at),
      onCashier(p.created_by, cashierId),
    ),
  ).then((rows) => rows.map(({ voided_at: _v, voided_by: _b, void_reason: _r, ...payment }) => payment));
}

/** Payments voided on `date` (taken by `cashierId`, or anyone's), whenever they were taken. */
export async function voidsOfDay(
  db: Db | Tx,
  scope: ZonedScope,
  date: string,
  cashierId?: number,
): Promise<CashDayVoid[]> {
  const rows = await paymentsWhere(db, scope, (p) =>
    and(sql`${dayOf(sql`${p.voided_at}`, scope.timeZone)} = ${date}`, onCashier(p.created_by, cashierId)),
  );
  return rows.map((row) => ({ ...row, voided_at: (row.voided_at as Date).toISOString() }));
}

interface ClosingRow {
  id: number;
  closing_number: string;
  closing_date: string;
  cashier_id: number;
  cashier_name: string;
  figures: unknown;
  closed_by: string;
  closed_at: Date;
  reopened_by: string | null;
  reopened_at: Date | null;
  reopen_reason: string | null;
  cash_counts: unknown;
  expected_cash: number | null;
  counted_cash: number | null;
  cash_difference: number | null;
  difference_note: string | null;
  deposit_id: number | null;
  deposit_amount: number | null;
  bank_account: string | null;
  reference: string | null;
  deposit_date: string | null;
  deposited_by: string | null;
  deposited_at: Date | null;
}

/** The closing's count and deposit as the contract has them (null where there is none). */
function countAndDeposit(row: ClosingRow): Pick<CashClosing, 'cash_count' | 'deposit'> {
  return {
    cash_count:
      row.cash_counts === null
        ? null
        : {
            counts: row.cash_counts as CashCounts,
            expected: row.expected_cash ?? 0,
            counted: row.counted_cash ?? 0,
            difference: row.cash_difference ?? 0,
            note: row.difference_note,
          },
    deposit:
      row.deposit_id === null
        ? null
        : {
            id: row.deposit_id,
            amount: row.deposit_amount ?? 0,
            bank_account: row.bank_account ?? '',
            reference: row.reference ?? '',
            deposit_date: row.deposit_date ?? '',
            deposited_by: row.deposited_by ?? '',
            created_at: row.deposited_at?.toISOString() ?? '',
          },
  };
}

/** The day's closings (standing and reopened), oldest first. */
export async function closingsOfDay(db: Db | Tx, scope: BranchScope, date: string): Promise<CashClosing[]> {
  const closers = aliasedTable(users, 'closer');
  const reopeners = aliasedTable(users, 'reopener');
  const depositors = aliasedTable(users, 'depositor');
  const rows = await db
    .select({
      id: cash_closings.id,
      closing_number: cash_closings.closing_number,
      closing_date: cash_closings.closing_date,
      cashier_id: cashiers.id,
      cashier_name: cashiers.name,
      figures: cash_closings.figures,
      closed_by: closers.name,
      closed_at: cash_closings.closed_at,
      reopened_by: reopeners.name,
      reopened_at: cash_closings.reopened_at,
      reopen_reason: cash_closings.reopen_reason,
      cash_counts: cash_closings.cash_counts,
      expected_cash: cash_closings.expected_cash,
      counted_cash: cash_closings.counted_cash,
      cash_difference: cash_closings.cash_difference,
      difference_note: cash_closings.difference_note,
      deposit_id: cash_deposits.id,
      deposit_amount: cash_deposits.amount,
      bank_account: cash_deposits.bank_account,
      reference: cash_deposits.reference,
      deposit_date: cash_deposits.deposit_date,
      deposited_by: depositors.name,
      deposited_at: cash_deposits.created_at,
    })
    .from(cash_closings)
    .innerJoin(cashiers, eq(cashiers.id, cash_closings.cashier_id))
    .innerJoin(closers, eq(closers.id, cash_closings.closed_by))
    .leftJoin(reopeners, eq(reopeners.id, cash_closings.reopened_by))
    .leftJoin(cash_deposits, eq(cash_deposits.closing_id, cash_closings.id))
    .leftJoin(depositors, eq(depositors.id, cash_deposits.deposited_by))
    .where(
      and(
        eq(cash_closings.client_id, scope.clientId),
        eq(cash_closings.branch_id, scope.branchId),
        eq(cash_closings.closing_date, date),
      ),
    )
    .orderBy(asc(cash_closings.id));
  return (rows as ClosingRow[]).map((row) => ({
    id: row.id,
    closing_number: row.closing_number,
    closing_date: row.closing_date,
    cashier: { id: row.cashier_id, name: row.cashier_name },
    figures: row.figures as CashClosingFigures,
    closed_by: row.closed_by,
    closed_at: row.closed_at.toISOString(),
    reopened_by: row.reopened_by,
    reopened_at: row.reopened_at?.toISOString() ?? null,
    reopen_reason: row.reopen_reason,
    ...countAndDeposit(row),
  }));
}

/** The day a closing of the branch closed, or undefined for another branch's or an unknown one. */
export async function closingDay(db: Db, scope: BranchScope, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ date: cash_closings.closing_date })
    .from(cash_closings)
    .where(and(eq(cash_closings.id, id), eq(cash_closings.branch_id, scope.branchId)));
  return row?.date;
}
