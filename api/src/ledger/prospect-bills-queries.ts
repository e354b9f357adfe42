/**
 * Algorithm: prospect bills as the payment engine's second `BillKind`; only where the rows live is its own.
 * Lock order: prospect row, bill, items, then the counter; status changes and deletes take the prospect first
 * too, so a payment racing a delete queues behind it (then 404) instead of deadlocking (api/ROUTES.md
 * "Prospect billing").
 */
import { PAYMENT_MESSAGES, PAYMENT_STATUS_PAID } from '@keuangan/shared/contract';
import { asc, eq, sql } from 'drizzle-orm';
import {
  prospective_billing_item_payments,
  prospective_billing_items,
  prospective_billing_payments,
  prospective_billings,
  psb_event_fees,
  psb_event_prospective_fees,
  psb_event_prospectives,
  type student_billing_payments,
  type student_billings,
} from '../db/schema';
import { notFound } from '../lib/errors';
import { inBranch, scopeValues } from '../lib/scope';
import type { BillKind, LockedItem } from './engine';
import { insertPayment, type LedgerTables, ledgerOf, paidOnItem, paymentUnderKey } from './tables-queries';

const PROSPECT_LEDGER: LedgerTables = {
  // The same totals and payment columns as the student tables (db/schema/columns.ts `billTotals`,
  // column-groups.ts `paymentColumns`).
  bills: prospective_billings as unknown as typeof student_billings,
  payments: prospective_billing_payments as unknown as typeof student_billing_payments,
  paymentBill: prospective_billing_payments.prospective_billing_id,
  paymentOwner: prospective_billing_payments.psb_event_prospective_id,
  billOwner: prospective_billings.psb_event_prospective_id,
  lines: prospective_billing_item_payments,
  lineItem: prospective_billing_item_payments.prospective_billing_item_id,
  linePayment: prospective_billing_item_payments.prospective_billing_payment_id,
  lineAmount: prospective_billing_item_payments.amount,
  items: prospective_billing_items,
  itemId: prospective_billing_items.id,
  itemBill: prospective_billing_items.prospective_billing_id,
};

/** Prospect bills as the payment engine sees them. Their items have no discount or bail (always 0). */
export const PROSPECT_BILLS: BillKind<LockedItem> = {
  name: 'prospective',
  paymentNumber: 'prospective_payment',
  paymentsTable: prospective_billing_payments,
  linesField: 'prospective_billing_items',

  async lockBill(tx, scope, billId, key) {
    const [found] = await tx
      .select({ prospectId: prospective_billings.psb_event_prospective_id })
      .from(prospective_billings)
      .where(inBranch(scope, prospective_billings, eq(prospective_billings.id, billId)));
    if (!found) throw notFound();
    const [prospect] = await tx
      .select({ name: psb_event_prospectives.name })
      .from(psb_event_prospectives)
      .where(eq(psb_event_prospectives.id, found.prospectId))
      .for('update');
    const [row] = await tx
      .select({ bill: prospective_billings, earlier: paymentUnderKey(PROSPECT_LEDGER) })
      .from(prospective_billings)
      .where(eq(prospective_billings.id, billId))
      .for('update')
      .execute({ ...scopeValues(scope), key });
    // Gone while we waited for the prospect (deleted with its unpaid bill).
    if (!prospect || !row) throw notFound();
    const { bill } = row;
    return {
      id: bill.id,
      bill_number: bill.bill_number,
      owner: String(found.prospectId),
      bill_date: bill.bill_date,
      refusal: bill.payment_status === PAYMENT_STATUS_PAID ? PAYMENT_MESSAGES.alreadyPaid : undefined,
      default_payer_name: prospect.name,
      earlier: row.earlier ?? undefined,
    };
  },

  async lockItems(tx, billId) {
    const rows = await tx
      .select({
        item: prospective_billing_items,
        label: psb_event_fees.name,
        paid: paidOnItem(PROSPECT_LEDGER, prospective_billing_items.id),
      })
      .from(prospective_billing_items)
      .innerJoin(
        psb_event_prospective_fees,
        eq(psb_event_prospective_fees.id, prospective_billing_items.psb_event_prospective_fee_id),
      )
      .innerJoin(psb_event_fees, eq(psb_event_fees.id, psb_event_prospective_fees.psb_event_fee_id))
      .where(eq(prospective_billing_items.prospective_billing_id, billId))
      .orderBy(asc(prospective_billing_items.id))
      .for('update', { of: prospective_billing_items });
    return rows.map(({ item, label, paid }) => ({
      id: item.id,
      label,
      paid,
      price: item.price,
      discount: 0,
      bail: 0,
      qty: item.qty,
      total_billing: item.total_billing,
      stored: {
        // No column: the net unit price is the price (no discount or bail), so it never reads as changed.
        amount: item.price,
        total_amount: item.total_amount,
        total_discount: item.total_discount,
        total_bail: item.total_bail,
        total_payment: item.total_payment,
        total_billing: item.total_billing,
        payment_status: item.payment_status,
      },
    }));
  },

  insertPayment(tx, scope, payment, lines) {
    return insertPayment(
      tx,
      PROSPECT_LEDGER,
      scope,
      payment,
      lines.map(({ item, amount }) => ({ itemId: item.id, amount })),
    );
  },

  itemTotalsUpdate(rows) {
    // One statement for all the bill's changed items (no `amount` column: see `stored` above).
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.id}::integer, ${r.total_amount}::bigint, ${r.total_discount}::bigint, ${r.total_bail}::bigint, ${r.total_payment}::bigint, ${r.total_billing}::bigint, ${r.payment_status}::smallint)`,
      ),
      sql`, `,
    );
    return sql`update ${prospective_billing_items} as i set
      total_amount = v.total_amount, total_discount = v.total_discount, total_bail = v.total_bail,
      total_payment = v.total_payment, total_billing = v.total_billing, payment_status = v.payment_status
      from (values ${values}) as v(id, total_amount, total_discount, total_bail, total_payment, total_billing, payment_status)
      where i.id = v.id`;
  },

  ...ledgerOf(PROSPECT_LEDGER),
};
