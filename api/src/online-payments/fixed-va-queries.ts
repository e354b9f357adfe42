/**
 * Every statement of the fixed VA (docs/online-payments.md, "Fixed VA"): its rows and its callbacks' rows; a
 * callback's plain outcome is set as a charge's notification's is (notification-queries.ts).
 */
import type { FixedVa, FixedVaBank, OnlineProvider } from '@keuangan/shared/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { gateway_notifications, online_fixed_vas, student_billing_payments, students } from '../db/schema';
import { type BranchScope, inBranch } from '../lib/scope';

export type FixedVaRow = typeof online_fixed_vas.$inferSelect;

export const fixedVaOf = (row: FixedVaRow): FixedVa => ({
  id: row.id,
  student_id: row.student_id,
  provider: row.provider as OnlineProvider,
  bank: row.bank as FixedVaBank,
  external_id: row.external_id,
  account_number: row.account_number,
  name: row.name,
  created_at: row.created_at.toISOString(),
  closed_at: row.closed_at?.toISOString() ?? null,
  close_reason: row.close_reason,
});

/** One create per student and bank at a time: the second finds the first's VA. */
export async function lockFixedVaCreation(tx: Tx, studentId: number, bank: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`fixed-va:${studentId}:${bank}`}, 0))`,
  );
}

/** The student of the branch (its name for the bank app), or undefined. */
export async function studentInBranch(tx: Tx, scope: BranchScope, studentId: number) {
  const [row] = await tx
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(inBranch(scope, students, eq(students.id, studentId)));
  return row;
}

export async function findFixedVa(
  db: Db | Tx,
  scope: BranchScope,
  where: { studentId: number; provider: string; bank: string },
): Promise<FixedVaRow | undefined> {
  const [row] = await db
    .select()
    .from(online_fixed_vas)
    .where(
      inBranch(
        scope,
        online_fixed_vas,
        eq(online_fixed_vas.student_id, where.studentId),
        eq(online_fixed_vas.provider, where.provider),
        eq(online_fixed_vas.bank, where.bank),
        isNull(online_fixed_vas.closed_at),
      ),
    );
  return row;
}

/** How many VAs the student ever had at the bank (closed ones too): the next one's generation. */
export async function fixedVaCount(tx: Tx, studentId: number, provider: string, bank: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(online_fixed_vas)
    .where(
      and(
        eq(online_fixed_vas.student_id, studentId),
        eq(online_fixed_vas.provider, provider),
        eq(online_fixed_vas.bank, bank),
      ),
    );
  return row?.n ?? 0;
}

export async function insertFixedVa(tx: Tx, values: typeof online_fixed_vas.$inferInsert) {
  const [row] = await tx.insert(online_fixed_vas).values(values).returning();
  if (!row) throw new Error('fixed VA not stored');
  return row;
}

export function fixedVasOfStudent(db: Db, scope: BranchScope, studentId: number) {
  return db
    .select()
    .from(online_fixed_vas)
    .where(inBranch(scope, online_fixed_vas, eq(online_fixed_vas.student_id, studentId)))
    .orderBy(asc(online_fixed_vas.id));
}

/** The VA a callback names (any branch: a gateway names none). */
export async function fixedVaByProviderId(db: Db, provider: string, providerVaId: string) {
  const [row] = await db
    .select()
    .from(online_fixed_vas)
    .where(and(eq(online_fixed_vas.provider, provider), eq(online_fixed_vas.provider_va_id, providerVaId)));
  return row;
}

/** Stores a callback once per event key; answers its id, or undefined when the event was stored before. */
export async function insertCallback(tx: Tx, values: typeof gateway_notifications.$inferInsert) {
  const [row] = await tx
    .insert(gateway_notifications)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: gateway_notifications.id });
  return row?.id;
}

/** The stored callback of an event, locked: its outcome says whether it was processed. */
export async function lockCallback(tx: Tx, provider: string, eventKey: string) {
  const [row] = await tx
    .select({ id: gateway_notifications.id, outcome: gateway_notifications.outcome })
    .from(gateway_notifications)
    .where(and(eq(gateway_notifications.provider, provider), eq(gateway_notifications.event_key, eventKey)))
    .for('update');
  return row;
}

/** A fixed VA callback's outcome with its money: what arrived, the payments made, the credit, the flag. */
export async function setFixedVaOutcome(
  tx: Tx,
  id: number,
  done: {
    outcome: string;
    detail: string;
    amount: number;
    paymentIds: number[];
    credit: number;
    flagReason: string | null;
  },
) {
  await tx
    .update(gateway_notifications)
    .set({
      outcome: done.outcome,
      outcome_detail: done.detail,
      processed_at: sql`now()`,
      amount: done.amount,
      payment_ids: done.paymentIds,
      credit_amount: done.credit,
      flagged: done.flagReason !== null,
      flag_reason: done.flagReason,
    })
    .where(eq(gateway_notifications.id, id));
}

/** The cashier the fixed VA's payments show ("Pembayaran Online"). */
export async function setCashierName(tx: Tx, paymentIds: number[], name: string) {
  if (paymentIds.length === 0) return;
  await tx
    .update(student_billing_payments)
    .set({ cashier_name: name })
    .where(inArray(student_billing_payments.id, paymentIds));
}

/** A VA of the branch by its id, or undefined. */
export async function fixedVaById(db: Db | Tx, scope: BranchScope, id: number) {
  const [row] = await db
    .select()
    .from(online_fixed_vas)
    .where(inBranch(scope, online_fixed_vas, eq(online_fixed_vas.id, id)));
  return row;
}

/** A VA of the branch, locked for its close (a second close waits, then finds it closed). */
export async function lockFixedVa(tx: Tx, scope: BranchScope, id: number) {
  const [row] = await tx
    .select()
    .from(online_fixed_vas)
    .where(inBranch(scope, online_fixed_vas, eq(online_fixed_vas.id, id)))
    .for('update');
  return row;
}

export async function markFixedVaClosed(tx: Tx, id: number, by: number, reason: string) {
  const [row] = await tx
    .update(online_fixed_vas)
    .set({ closed_at: sql`now()`, closed_by: by, close_reason: reason })
    .where(eq(online_fixed_vas.id, id))
    .returning();
  if (!row) throw new Error('fixed VA not closed');
  return row;
}
