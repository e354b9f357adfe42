/**
 * Reading prospect bills and their payments: the row shapes of the contract (list row, detail, payment,
 * receipt) and the list's filter. See `shared/src/contract/prospect-billing.ts`.
 */
import type {
  ProspectiveBilling,
  ProspectiveBillingDetail,
  ProspectiveBillingItem,
  ProspectiveBillingPayment,
  ProspectiveBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { creator, paymentPeople, toPaymentView, voider } from '../billing/queries';
import type { Db } from '../db/client';
import {
  departments,
  prospective_billing_item_payments,
  prospective_billing_items,
  prospective_billing_payments,
  prospective_billings,
  psb_event_fees,
  psb_event_prospective_fees,
  psb_event_prospectives,
  psb_event_stypes,
  psb_events,
} from '../db/schema';
import { loadBranch } from '../lib/branch-letterhead';
import { notFound } from '../lib/errors';
import { containsPattern } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq } from '../lib/scope';

/** The list's filters (all optional) and search. */
export interface ProspectBillFilter {
  deptId?: number | undefined;
  psb_event_id?: number | undefined;
  payment_status?: number | undefined;
  yoe?: number | undefined;
  stype?: number | undefined;
  q: string;
}

/**
 * `where` of the branch's prospect bills matching the filter: `yoe` is the prospect's entry year, `q` searches
 * the prospect's name and registration number and the bill number. Needs the prospect joined.
 */
export function prospectBillCondition(scope: BranchScope, f: ProspectBillFilter): SQL {
  const term = f.q ? containsPattern(f.q) : null;
  return inBranch(
    scope,
    prospective_billings,
    optionalEq(prospective_billings.department_id, f.deptId),
    optionalEq(prospective_billings.psb_event_id, f.psb_event_id),
    optionalEq(prospective_billings.payment_status, f.payment_status),
    optionalEq(prospective_billings.psb_event_stype_id, f.stype),
    optionalEq(psb_event_prospectives.yoe, f.yoe),
    term
      ? or(
          ilike(psb_event_prospectives.name, term),
          ilike(psb_event_prospectives.reg_number, term),
          ilike(prospective_billings.bill_number, term),
        )
      : undefined,
  );
}

/** Bills with their names (event type, department, prospect, event); add `.where(...)`, order and page. */
export function selectProspectBills(db: Db) {
  return db
    .select({
      bill: prospective_billings,
      stype: { id: psb_event_stypes.id, name: psb_event_stypes.name },
      department: { id: departments.id, name: departments.name },
      prospect: {
        id: psb_event_prospectives.id,
        name: psb_event_prospectives.name,
        reg_number: psb_event_prospectives.reg_number,
        yoe: psb_event_prospectives.yoe,
      },
      event: { id: psb_events.id, code: psb_events.code, name: psb_events.name },
    })
    .from(prospective_billings)
    .innerJoin(
      psb_event_prospectives,
      eq(psb_event_prospectives.id, prospective_billings.psb_event_prospective_id),
    )
    .innerJoin(departments, eq(departments.id, prospective_billings.department_id))
    .innerJoin(psb_events, eq(psb_events.id, prospective_billings.psb_event_id))
    .innerJoin(psb_event_stypes, eq(psb_event_stypes.id, prospective_billings.psb_event_stype_id))
    .$dynamic();
}

type BillRow = Awaited<ReturnType<typeof selectProspectBills>>[number];

export function toProspectBill({ bill, stype, department, prospect, event }: BillRow): ProspectiveBilling {
  const { client_id: _c, branch_id: _b, created_at: _ca, updated_at: _u, ...columns } = bill;
  return {
    ...columns,
    psb_event_stype: stype,
    department,
    psb_event_prospective: prospect,
    psb_event: event,
  };
}

/** A bill's fee items with the event fee each charges, in the order they were billed. */
async function loadItems(db: Db, billId: number): Promise<ProspectiveBillingItem[]> {
  const rows = await db
    .select({
      item: prospective_billing_items,
      fee: { id: psb_event_fees.id, code: psb_event_fees.code, name: psb_event_fees.name },
    })
    .from(prospective_billing_items)
    .innerJoin(
      psb_event_prospective_fees,
      eq(psb_event_prospective_fees.id, prospective_billing_items.psb_event_prospective_fee_id),
    )
    .innerJoin(psb_event_fees, eq(psb_event_fees.id, psb_event_prospective_fees.psb_event_fee_id))
    .where(eq(prospective_billing_items.prospective_billing_id, billId))
    .orderBy(asc(prospective_billing_items.id));
  return rows.map(({ item, fee }) => {
    const { client_id: _c, branch_id: _b, ...columns } = item;
    return {
      ...columns,
      psb_event_prospective_fee: { id: item.psb_event_prospective_fee_id, psb_event_fee: fee },
    };
  });
}

/**
 * A prospect payment's item payments as the answers show them (the event fee, the item's totals now), oldest
 * first, as one JSON column of the payment's own statement (as `linesOfPayment` for student payments).
 */
const linesOfPayment = (() => {
  const l = prospective_billing_item_payments;
  const i = prospective_billing_items;
  const pf = psb_event_prospective_fees;
  const fee = psb_event_fees;
  return sql<ProspectiveBillingPayment['prospective_billing_item_payments']>`(select coalesce(json_agg(
      json_build_object(
        'id', ${l.id}, 'prospective_billing_item_id', ${l.prospective_billing_item_id}, 'amount', ${l.amount},
        'psb_event_fee', json_build_object('code', ${fee.code}, 'name', ${fee.name}),
        'prospective_billing_item', json_build_object('id', ${i.id}, 'total_amount', ${i.total_amount},
          'total_billing', ${i.total_billing}, 'payment_status', ${i.payment_status})
      ) order by ${l.id}), '[]'::json)
    from ${l}
    inner join ${i} on ${i.id} = ${l.prospective_billing_item_id}
    inner join ${pf} on ${pf.id} = ${i.psb_event_prospective_fee_id}
    inner join ${fee} on ${fee.id} = ${pf.psb_event_fee_id}
    where ${l.prospective_billing_payment_id} = ${prospective_billing_payments.id})`;
})();

/** Payments matching `where` (scope it!), oldest first, with what each paid on every fee. */
async function loadPayments(db: Db, where: SQL): Promise<ProspectiveBillingPayment[]> {
  const rows = await db
    .select({
      payment: prospective_billing_payments,
      ...paymentPeople,
      bill: {
        id: prospective_billings.id,
        bill_number: prospective_billings.bill_number,
        bill_date: prospective_billings.bill_date,
      },
      lines: linesOfPayment,
    })
    .from(prospective_billing_payments)
    .innerJoin(
      prospective_billings,
      eq(prospective_billings.id, prospective_billing_payments.prospective_billing_id),
    )
    .leftJoin(creator, eq(creator.id, prospective_billing_payments.created_by))
    .leftJoin(voider, eq(voider.id, prospective_billing_payments.voided_by))
    .where(where)
    .orderBy(asc(prospective_billing_payments.id));
  return rows.map(({ payment, created_by, voided_by, bill, lines }) => ({
    ...toPaymentView(payment, created_by, voided_by),
    prospective_billing: bill,
    prospective_billing_item_payments: lines,
  }));
}

/** The bill of the branch, or 404. */
async function loadBill(db: Db, scope: BranchScope, id: number): Promise<ProspectiveBilling> {
  const [row] = await selectProspectBills(db).where(
    inBranch(scope, prospective_billings, eq(prospective_billings.id, id)),
  );
  if (!row) throw notFound();
  return toProspectBill(row);
}

/** One bill of the branch with its items and payments (voided ones too), or 404. */
export async function loadProspectBillDetail(
  db: Db,
  scope: BranchScope,
  id: number,
): Promise<ProspectiveBillingDetail> {
  const bill = await loadBill(db, scope, id);
  const [items, payments] = await Promise.all([
    loadItems(db, id),
    loadPayments(
      db,
      inBranch(
        scope,
        prospective_billing_payments,
        eq(prospective_billing_payments.prospective_billing_id, id),
      ),
    ),
  ]);
  return { ...bill, prospective_billing_items: items, prospective_billing_payments: payments };
}

/** Everything the Kuitansi Calon Siswa prints about one payment of the branch (voided ones too), or 404. */
export async function loadProspectReceipt(
  db: Db,
  scope: BranchScope,
  paymentId: number,
): Promise<ProspectiveBillingPaymentReceipt> {
  const [payment] = await loadPayments(
    db,
    inBranch(scope, prospective_billing_payments, eq(prospective_billing_payments.id, paymentId)),
  );
  if (!payment) throw notFound();
  const [bill, branch] = await Promise.all([
    loadBill(db, scope, payment.prospective_billing_id),
    loadBranch(db, scope),
  ]);
  return {
    ...payment,
    branch,
    psb_event_prospective: bill.psb_event_prospective,
    psb_event: bill.psb_event,
    psb_event_stype: bill.psb_event_stype,
    department: bill.department,
    prospective_billing: {
      ...payment.prospective_billing,
      payment_status: bill.payment_status,
      total_amount: bill.total_amount,
      total_billing: bill.total_billing,
    },
  };
}

/** How many prospect bills `where` selects (it may name the prospect's columns). */
export async function countProspectBills(db: Db, where: SQL): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(prospective_billings)
    .innerJoin(
      psb_event_prospectives,
      eq(psb_event_prospectives.id, prospective_billings.psb_event_prospective_id),
    )
    .where(where);
  return counted?.total ?? 0;
}
