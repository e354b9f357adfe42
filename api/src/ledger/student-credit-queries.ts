/** The statements of Saldo Titipan's one writer (student-credit.ts). */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { student_credit_movements } from '../db/schema';
import type { CreditMovement } from './student-credit';

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
