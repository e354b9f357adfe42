/** Reading charges and their notifications (docs/online-payments.md, "Staff"). */
import type {
  GatewayNotificationEntry,
  OnlineCharge,
  OnlineChargeDetail,
  OnlineChargeListQuerySchema,
  OnlineChargeStatus,
  Paged,
} from '@keuangan/shared/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, Tx } from '../db/client';
import { branches, gateway_notifications, online_charges } from '../db/schema';
import { notFound } from '../lib/errors';
import { containsPattern, pagedResponse } from '../lib/paging';
import { type BranchScope, inBranch } from '../lib/scope';
import type { BranchTimeZone } from '../lib/time';

export type ChargeRow = typeof online_charges.$inferSelect;

/** The bills a charge covers: its own, then those its items name (a charge of several bills). */
export const billIdsOf = (row: Pick<ChargeRow, 'student_billing_id' | 'items'>): number[] => [
  ...new Set([row.student_billing_id, ...row.items.flatMap((item) => (item.bill_id ? [item.bill_id] : []))]),
];

/** Charges covering the bill: its own, and those of several bills naming it in their items. */
const coversBill = (billId: number) =>
  or(
    eq(online_charges.student_billing_id, billId),
    sql`${online_charges.items} @> ${JSON.stringify([{ bill_id: billId }])}::jsonb`,
  );

export function chargeOf(row: ChargeRow): OnlineCharge {
  return {
    id: row.id,
    order_id: row.order_id,
    student_billing_id: row.student_billing_id,
    student_billing_ids: billIdsOf(row),
    student_id: row.student_id,
    provider: row.provider as OnlineCharge['provider'],
    channel: row.channel as OnlineCharge['channel'],
    amount: row.amount,
    items: row.items,
    va_number: row.va_number,
    bill_key: row.bill_key,
    qr_string: row.qr_string,
    expires_at: row.expires_at.toISOString(),
    status: row.status as OnlineChargeStatus,
    provider_charge_id: row.provider_charge_id,
    provider_transaction_id: row.provider_transaction_id,
    paid_amount: row.paid_amount,
    student_billing_payment_id: row.student_billing_payment_id,
    fee_amount: row.fee_amount,
    flagged: row.flagged,
    flag_reason: row.flag_reason,
    created_at: row.created_at.toISOString(),
  };
}

/** The branch's charges: flagged first, then money received but not posted, then the newest. */
export async function listCharges(
  db: Db,
  scope: BranchScope,
  query: v.InferOutput<typeof OnlineChargeListQuerySchema>,
): Promise<Paged<OnlineCharge>> {
  const search = query.q
    ? or(
        ilike(online_charges.order_id, containsPattern(query.q)),
        ilike(online_charges.va_number, containsPattern(query.q)),
      )
    : undefined;
  const where = inBranch(
    scope,
    online_charges,
    query.status ? eq(online_charges.status, query.status) : undefined,
    query.student_billing_id ? coversBill(query.student_billing_id) : undefined,
    query.channel ? eq(online_charges.channel, query.channel) : undefined,
    query.flagged ? eq(online_charges.flagged, true) : undefined,
    search as SQL | undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(online_charges)
      .where(where)
      .orderBy(
        desc(online_charges.flagged),
        desc(sql`${online_charges.status} = 'settlement'`),
        query.sort === 'asc' ? asc(online_charges.created_at) : desc(online_charges.created_at),
        desc(online_charges.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(online_charges).where(where),
  ]);
  return pagedResponse(rows.map(chargeOf), total?.n ?? 0, query.page, query.limit);
}

export async function loadChargeDetail(db: Db, scope: BranchScope, id: number): Promise<OnlineChargeDetail> {
  const [row] = await db
    .select()
    .from(online_charges)
    .where(inBranch(scope, online_charges, eq(online_charges.id, id)));
  if (!row) throw notFound();
  const notes = await db
    .select()
    .from(gateway_notifications)
    .where(eq(gateway_notifications.online_charge_id, id))
    .orderBy(asc(gateway_notifications.id));
  const notifications: GatewayNotificationEntry[] = notes.map((n) => ({
    id: n.id,
    received_at: n.received_at.toISOString(),
    signature_ok: n.signature_ok,
    outcome: n.outcome,
    outcome_detail: n.outcome_detail,
  }));
  return { ...chargeOf(row), notifications };
}

/** The charge of a provider's order, locked for the rest of the transaction (any branch: a gateway names none). */
export async function lockChargeByOrder(tx: Tx, orderId: string): Promise<ChargeRow | undefined> {
  const [row] = await tx
    .select()
    .from(online_charges)
    .where(eq(online_charges.order_id, orderId))
    .for('update');
  return row;
}

export async function findChargeByOrder(db: Db, orderId: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(online_charges).where(eq(online_charges.order_id, orderId));
  return row;
}

export async function branchTimeZone(db: Db, branchId: number): Promise<BranchTimeZone> {
  const [row] = await db.select({ tz: branches.time_zone }).from(branches).where(eq(branches.id, branchId));
  return row?.tz ?? 'Asia/Jakarta';
}

/**
 * The open (pending) charges of a student, locked: a new charge for any of their items replaces them (a charge of
 * several bills may cover an item of a bill that is not its own).
 */
export function openChargesOfStudent(tx: Tx, studentId: number) {
  return tx
    .select()
    .from(online_charges)
    .where(and(eq(online_charges.student_id, studentId), eq(online_charges.status, 'pending')))
    .orderBy(asc(online_charges.id))
    .for('update');
}
