/** What money for a student without named items pays on, locked (allocate.ts spreads it). */
import { FORM_STATUS_CONFIRMED } from '@keuangan/shared/contract';
import { asc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { student_billings } from '../db/schema';
import { type BranchScope, inBranch } from '../lib/scope';
import type { OpenItem } from './allocate';
import { STUDENT_BILLS } from './student-bills-queries';

/**
 * The student's confirmed bills that still owe, each locked (id order, as a payment locks them) with its items,
 * for the rest of the transaction. `key` is the payment's idempotency key the bill lock reads its payment under.
 */
export async function lockOpenItems(tx: Tx, scope: BranchScope, studentId: number, key: string) {
  const bills = await tx
    .select({ id: student_billings.id, department_id: student_billings.department_id })
    .from(student_billings)
    .where(
      inBranch(
        scope,
        student_billings,
        eq(student_billings.student_id, studentId),
        eq(student_billings.form_status, FORM_STATUS_CONFIRMED),
        gt(student_billings.total_billing, 0),
      ),
    )
    .orderBy(asc(student_billings.id));
  const items: OpenItem[] = [];
  for (const bill of bills) {
    await STUDENT_BILLS.lockBill(tx, scope, bill.id, key);
    for (const item of await STUDENT_BILLS.lockItems(tx, bill.id)) {
      items.push({
        id: item.id,
        bill_id: bill.id,
        rest: item.total_billing,
        paid: item.paid,
        due_date: item.due_date ?? null,
        ...(item.instalments?.length ? { instalments: item.instalments } : {}),
      });
    }
  }
  return { bills, items };
}
