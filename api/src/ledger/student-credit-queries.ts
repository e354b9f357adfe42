/** The statements of Saldo Titipan's one writer (student-credit.ts). */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { student_credit_movements } from '../db/schema';

/** A Saldo Titipan movement as its writer (student-credit.ts) takes it. */
export interface CreditMovement {
  student_id: number;
  /** Whole rupiah: in (+) or out (-), never 0. */
  amount: number;
  /** online_mismatch, online_already_paid, bank_excess, payment_void, credit_spent, credit_spent_void (docs/money.md). */
  source: string;
  /** What it came from, unique per branch: a second write of the same reference writes nothing. */
  reference: string;
  online_charge_id?: number | null;
  note: string | null;
}

/** Inserts the movement unless its reference was written before; answers its id, or undefined. */
export async function insertMovement(
  tx: Tx,
  who: { clientId: number; branchId: number },
  movement: CreditMovement,
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .insert(student_credit_movements)
    .values({ client_id: who.clientId, branch_id: who.branchId, ...movement })
    .onConflictDoNothing()
    .returning({ id: student_credit_movements.id });
  return row;
}

/** The movements written under these references. */
export function movementsOf(tx: Tx, references: string[]) {
  return tx
    .select()
    .from(student_credit_movements)
    .where(inArray(student_credit_movements.reference, references));
}
