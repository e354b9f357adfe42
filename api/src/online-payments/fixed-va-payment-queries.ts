/** Pembayaran Online's VA Tetap tab (docs/online-payments.md, "Staff"): the money that arrived on fixed VAs, listed. */
import type {
  FixedVaBank,
  FixedVaPaymentListQuerySchema,
  FixedVaPaymentRow,
  Paged,
} from '@keuangan/shared/contract';
import { asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db } from '../db/client';
import { gateway_notifications, online_fixed_vas, student_billing_payments, students } from '../db/schema';
import { containsPattern, pagedResponse } from '../lib/paging';
import { type BranchScope, inBranch } from '../lib/scope';

/** The branch's fixed VA callbacks with a signature that held: flagged first, then the newest. */
export async function listFixedVaPayments(
  db: Db,
  scope: BranchScope,
  query: v.InferOutput<typeof FixedVaPaymentListQuerySchema>,
): Promise<Paged<FixedVaPaymentRow>> {
  const search = query.q
    ? or(
        ilike(students.name, containsPattern(query.q)),
        ilike(online_fixed_vas.account_number, containsPattern(query.q)),
      )
    : undefined;
  const where = inBranch(
    scope,
    online_fixed_vas,
    isNotNull(gateway_notifications.online_fixed_va_id),
    query.bank ? eq(online_fixed_vas.bank, query.bank) : undefined,
    query.flagged ? eq(gateway_notifications.flagged, true) : undefined,
    search as SQL | undefined,
  );
  const base = db
    .select({
      id: gateway_notifications.id,
      received_at: gateway_notifications.received_at,
      fixed_va_id: online_fixed_vas.id,
      student_id: online_fixed_vas.student_id,
      student_name: students.name,
      bank: online_fixed_vas.bank,
      account_number: online_fixed_vas.account_number,
      amount: gateway_notifications.amount,
      payment_ids: gateway_notifications.payment_ids,
      credit_amount: gateway_notifications.credit_amount,
      outcome: gateway_notifications.outcome,
      flagged: gateway_notifications.flagged,
      flag_reason: gateway_notifications.flag_reason,
      event_key: gateway_notifications.event_key,
    })
    .from(gateway_notifications)
    .innerJoin(online_fixed_vas, eq(online_fixed_vas.id, gateway_notifications.online_fixed_va_id))
    .innerJoin(students, eq(students.id, online_fixed_vas.student_id));
  const [rows, [total]] = await Promise.all([
    base
      .where(where)
      .orderBy(
        desc(gateway_notifications.flagged),
        sql`${gateway_notifications.outcome} = 'failed' desc`,
        query.sort === 'asc'
          ? asc(gateway_notifications.received_at)
          : desc(gateway_notifications.received_at),
        desc(gateway_notifications.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(gateway_notifications)
      .innerJoin(online_fixed_vas, eq(online_fixed_vas.id, gateway_notifications.online_fixed_va_id))
      .innerJoin(students, eq(students.id, online_fixed_vas.student_id))
      .where(where),
  ]);
  const receipts = await receiptNumbers(db, [...new Set(rows.flatMap((row) => row.payment_ids ?? []))]);
  const data = rows.map(
    (row): FixedVaPaymentRow => ({
      id: row.id,
      received_at: row.received_at.toISOString(),
      fixed_va_id: row.fixed_va_id,
      student_id: row.student_id,
      student_name: row.student_name,
      bank: row.bank as FixedVaBank,
      account_number: row.account_number,
      amount: row.amount,
      payments: (row.payment_ids ?? []).map((id) => ({ id, receipt_number: receipts.get(id) ?? null })),
      credit_amount: row.credit_amount,
      outcome: row.outcome,
      flagged: row.flagged,
      flag_reason: row.flag_reason,
      provider_payment_id: row.event_key.startsWith('fva:') ? row.event_key.slice(4) : null,
    }),
  );
  return pagedResponse(data, total?.n ?? 0, query.page, query.limit);
}

async function receiptNumbers(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: student_billing_payments.id, number: student_billing_payments.payment_number })
    .from(student_billing_payments)
    .where(inArray(student_billing_payments.id, ids));
  return new Map(rows.map((row) => [row.id, row.number]));
}
