/**
 * Writing student bills: confirming (one or all the list shows) and deleting an unconfirmed bill. The use cases
 * (writes.ts) call these in the order they must run.
 */
import { FORM_STATUS_CONFIRMED, FORM_STATUS_UNCONFIRMED } from '@keuangan/shared/contract';
import { count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { student_billing_items, student_billings, students } from '../../db/schema';
import { containsPattern } from '../../lib/paging';
import type { BranchScope } from '../../lib/scope';
import { type BillFilter, billFilterWhere } from '../queries';

export type ConfirmFilter = BillFilter & { q?: string | undefined; ids?: number[] | undefined };

/**
 * The unconfirmed bills of the branch the confirmation of all reaches: what the list shows (its filter and
 * search) or, when bills are ticked, only those.
 */
function unconfirmedBillsWhere(db: Db, scope: BranchScope, body: ConfirmFilter): SQL {
  const pattern = body.q ? containsPattern(body.q) : undefined;
  return billFilterWhere(
    scope,
    body,
    eq(student_billings.form_status, FORM_STATUS_UNCONFIRMED),
    pattern
      ? or(
          ilike(student_billings.bill_number, pattern),
          inArray(
            student_billings.student_id,
            db
              .select({ id: students.id })
              .from(students)
              .where(or(ilike(students.name, pattern), ilike(students.nis, pattern))),
          ),
        )
      : undefined,
    body.ids ? inArray(student_billings.id, body.ids) : undefined,
  );
}

/** How many bills the confirmation of all would confirm (its dry run). */
export async function countUnconfirmedBills(
  db: Db,
  scope: BranchScope,
  body: ConfirmFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(student_billings)
    .where(unconfirmedBillsWhere(db, scope, body));
  return row?.n ?? 0;
}

/** Confirms the unconfirmed bills the filter reaches; the ids of those confirmed. */
export function confirmFilteredBills(tx: Tx, scope: BranchScope, body: ConfirmFilter) {
  return tx
    .update(student_billings)
    .set({ form_status: FORM_STATUS_CONFIRMED, updated_at: new Date() })
    .where(unconfirmedBillsWhere(tx, scope, body))
    .returning({ id: student_billings.id });
}

/** Sets the bill's form status (confirmed or not). */
export async function setBillFormStatus(tx: Tx, billId: number, formStatus: number): Promise<void> {
  await tx
    .update(student_billings)
    .set({ form_status: formStatus, updated_at: new Date() })
    .where(eq(student_billings.id, billId));
}

/** Deletes the bill and its items (the items first). */
export async function deleteBillAndItems(tx: Tx, billId: number): Promise<void> {
  await tx.delete(student_billing_items).where(eq(student_billing_items.student_billing_id, billId));
  await tx.delete(student_billings).where(eq(student_billings.id, billId));
}
