/**
 * The statements of a `BillKind` that are the same on each kind's own tables (totals, voids, the columns its locks
 * read); a kind passes its tables and differently named columns, and keeps locking and inserting its own.
 */
import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { executeShaped } from '../db/prepared';
import type { student_billing_payments, student_billings } from '../db/schema';
import { type BranchScope, inBranch, PREPARED_SCOPE } from '../lib/scope';
import type { BillKind, LockedBill, NewPayment } from './engine';

export interface LedgerTables {
  /**
   * The bills and payments tables. Every kind's share these columns (db/schema: `billTotals`, `paymentColumns`):
   * they are typed as the student tables, whichever kind's they are.
   */
  bills: typeof student_billings;
  payments: typeof student_billing_payments;
  /** The payment's bill column. */
  paymentBill: AnyPgColumn;
  /** Whose payment it is (student, prospect): the payment's column and the bill's it is copied from. */
  paymentOwner: AnyPgColumn;
  billOwner: AnyPgColumn;
  /** The item payments table and its item, payment and amount columns. */
  lines: PgTable;
  lineItem: AnyPgColumn;
  linePayment: AnyPgColumn;
  lineAmount: AnyPgColumn;
  /** The items table and its id and bill columns: a payment's bills are the bills of its lines' items. */
  items: PgTable;
  itemId: AnyPgColumn;
  itemBill: AnyPgColumn;
}

type LedgerCalls = Pick<BillKind, 'billTotalsUpdate' | 'writeBillTotals' | 'voidPayments' | 'billsPaidWith'>;

/**
 * Algorithm: a payment is on bill `billId` if its row is on it or a line names one of its items (api/ROUTES.md
 * "Billing", Several bills, one payment). Written as two id lists, each found by an index: an OR of the two read
 * every payment of the branch (370 ms at 245,520 bills; api/bench/README.md "Load", run G).
 */
export function paymentOnBill(t: LedgerTables, billId: number): SQL {
  return sql`${t.payments.id} in (select ${t.payments.id} from ${t.payments} where ${t.paymentBill} = ${billId}
    union select ${t.linePayment} from ${t.lines} inner join ${t.items} on ${t.itemId} = ${t.lineItem}
      where ${t.itemBill} = ${billId})`;
}

/**
 * What the standing (not voided) payments have paid on the item `itemId` names, as a column of the statement
 * that locks the items: the totals are recomputed from it without a round trip of their own.
 */
export function paidOnItem(t: LedgerTables, itemId: AnyPgColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(${t.lineAmount}), 0) from ${t.lines}
    inner join ${t.payments} on ${t.payments.id} = ${t.linePayment}
    where ${t.lineItem} = ${itemId} and ${t.payments.voided_at} is null)`.mapWith(Number);
}

/** A further column of a kind's item payments and its value on each line (in the lines' order). */
export type LineColumn = [column: AnyPgColumn, values: number[]];

/** The property of `table` that holds `column`: drizzle's insert takes properties, not column names. */
function keyOf(table: PgTable, column: AnyPgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`${column.name} is not a column of the payments table`);
  return found[0];
}

/**
 * Inserts a payment on its bill (its owner read by the insert itself, no round trip of its own) and its lines
 * in the same statement: they take the new id from the CTE, their item, amount and `more` columns from one
 * array per column. Answers the payment's id. Every kind of bill pays through this one insert.
 */
export async function insertPayment(
  tx: Tx,
  t: LedgerTables,
  scope: BranchScope,
  payment: NewPayment,
  lines: { itemId: number; amount: number }[],
  more: LineColumn[] = [],
): Promise<number> {
  const { bill_id, ...paid } = payment;
  const paymentRow = {
    ...paid,
    client_id: scope.clientId,
    branch_id: scope.branchId,
    [keyOf(t.payments, t.paymentBill)]: bill_id,
    [keyOf(t.payments, t.paymentOwner)]:
      sql`(select ${t.billOwner} from ${t.bills} where ${t.bills.id} = ${bill_id})`,
  } as typeof t.payments.$inferInsert;
  const paymentInsert = tx.insert(t.payments).values(paymentRow).returning({ id: t.payments.id });
  const columns: LineColumn[] = [
    [t.lineItem, lines.map((l) => l.itemId)],
    [t.lineAmount, lines.map((l) => l.amount)],
    ...more,
  ];
  const name = (column: AnyPgColumn) => sql.identifier(column.name);
  const names = sql.join(
    columns.map(([column]) => name(column)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([column, values]) => sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`),
    sql`, `,
  );
  const aliases = sql.join(
    columns.map((_, i) => sql.raw(`c${i}`)),
    sql`, `,
  );
  // getSQL(): a builder embedded as such is put in parentheses, which a CTE's INSERT may not be.
  const [row] = await executeShaped<{ id: number }>(
    tx,
    sql`with p as (${paymentInsert.getSQL()}),
    l as (insert into ${t.lines} (client_id, branch_id, ${name(t.linePayment)}, ${names})
      select ${scope.clientId}, ${scope.branchId}, p.id, ${aliases} from p, unnest(${arrays}) as v(${aliases}))
    select id from p`,
  );
  if (!row) throw new Error('the payment was not inserted');
  return Number(row.id);
}

/**
 * The payment of the branch recorded under an idempotency key (its id and fingerprint, or null), as a column of
 * the statement that locks the bill: taken after the key's lock, that statement sees every payment made under
 * the key. Reads the placeholders `client_id`, `branch_id` (`scopeValues`) and `key`.
 */
export function paymentUnderKey(t: LedgerTables) {
  const { payments } = t;
  return sql<LockedBill['earlier'] | null>`(select json_build_object('id', ${payments.id},
    'request_fingerprint', ${payments.request_fingerprint}) from ${payments}
    where ${inBranch(PREPARED_SCOPE, payments, eq(payments.idempotency_key, sql.placeholder('key')))})`;
}

export function ledgerOf(t: LedgerTables): LedgerCalls {
  const { bills, payments } = t;
  const billTotalsUpdate: BillKind['billTotalsUpdate'] = (tx, billId, totals) =>
    tx
      .update(bills)
      .set({ ...totals, updated_at: new Date() })
      .where(eq(bills.id, billId))
      .getSQL();
  return {
    billTotalsUpdate,

    async writeBillTotals(tx, billId, totals, itemsUpdate) {
      const update = billTotalsUpdate(tx, billId, totals);
      // The items' update rides along as a CTE (run to completion, read or not): one round trip for both.
      await tx.execute(itemsUpdate ? sql`with items as (${itemsUpdate}) ${update}` : update);
    },

    async voidPayments(tx, billId, userId, reason) {
      const voided = await tx
        .update(payments)
        .set({ voided_at: new Date(), voided_by: userId, void_reason: reason, updated_at: new Date() })
        .where(and(paymentOnBill(t, billId), isNull(payments.voided_at)))
        .returning({ id: payments.id, amount: payments.amount, payment_number: payments.payment_number });
      return voided;
    },

    async billsPaidWith(tx, billId) {
      const result = await tx.execute(sql`select distinct ${t.itemBill} as bill from ${t.lines}
        inner join ${t.items} on ${t.itemId} = ${t.lineItem}
        inner join ${payments} on ${payments.id} = ${t.linePayment}
        where ${payments.voided_at} is null and ${paymentOnBill(t, billId)} and ${t.itemBill} <> ${billId}`);
      return (result as unknown as { rows: { bill: number }[] }).rows.map((row) => Number(row.bill));
    },
  };
}
