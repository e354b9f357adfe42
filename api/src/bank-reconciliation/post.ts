/**
 * Posting a line (docs/bank-reconciliation.md#posting): one transaction that locks the line first, so two staff
 * posting it at once give one payment. The only file of the feature that reaches the bill ledger.
 */
import { BANK_MESSAGES, type BankPostResult, MAX_BILLS_PER_PAYMENT } from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database, Tx } from '../db/client';
import { lockOpenItems } from '../ledger/allocate-queries';
import { recordPayment } from '../ledger/engine';
import { STUDENT_BILLS } from '../ledger/student-bills-queries';
import { addStudentCredit, paymentCreditReference } from '../ledger/student-credit';
import { ApiError, notFound } from '../lib/errors';
import { countPostings, linkPayments, lockLine, standingPayments, standingShares } from './queries';
import { allocateShare, assertSharesMatch } from './rules';

/** Payment type Transfer (the contract's PAYMENT_TYPES). */
const TRANSFER = 4;

/** Posts the line's shares in `tx`, the transaction writes.ts `postLine` opens. */
export async function postShares(
  database: Database,
  tx: Tx,
  auth: AuthContext,
  lineId: number,
): Promise<BankPostResult> {
  const line = await lockLine(tx, auth, lineId);
  if (!line) throw notFound();
  if ((await standingPayments(tx, [lineId])).length > 0) throw new ApiError(409, BANK_MESSAGES.alreadyPosted);
  const shares = await standingShares(tx, [lineId]);
  if (shares.length === 0) throw new ApiError(422, BANK_MESSAGES.noAllocation);
  assertSharesMatch(line.amount, shares);
  // Keys of this posting: a line posted again after its payments were voided gets new ones.
  const round = await countPostings(tx, lineId);
  // The engine's transaction is this one: the line's lock and the payments commit or roll back together.
  const here: Database = { ...database, transaction: (fn) => fn(tx) };
  const paymentIds: number[] = [];
  const credits: BankPostResult['credits'] = [];
  for (const share of shares) {
    const key = `bank-${lineId}-${round}-${share.student_id}`;
    const { bills, items } = await lockOpenItems(tx, auth, share.student_id, key);
    const { byBill: lines, excess } = allocateShare(items, share.amount);
    const firstOfStudent = paymentIds.length;
    const departments = new Map<number, number[]>();
    for (const bill of bills) {
      if (!lines.has(bill.id)) continue;
      departments.set(bill.department_id, [...(departments.get(bill.department_id) ?? []), bill.id]);
    }
    for (const [department, ids] of departments) {
      // At most 24 bills a payment, as at the counter: more make further payments, oldest bills first.
      for (let from = 0; from < ids.length; from += MAX_BILLS_PER_PAYMENT) {
        const billIds = ids.slice(from, from + MAX_BILLS_PER_PAYMENT);
        const { paymentId } = await recordPayment(
          here,
          STUDENT_BILLS,
          auth,
          billIds,
          {
            lines: billIds.flatMap((id) => lines.get(id) ?? []),
            ptype: TRANSFER,
            note: `Rekonsiliasi bank ${line.line_date}: ${line.description}`.slice(0, 500),
            payer_name: null,
            payment_date: line.line_date,
          },
          from === 0 ? `${key}-${department}` : `${key}-${department}-${from}`,
        );
        paymentIds.push(paymentId);
      }
    }
    const carrier = paymentIds[firstOfStudent];
    if (excess > 0 && carrier !== undefined) {
      await addStudentCredit(tx, auth, {
        student_id: share.student_id,
        amount: excess,
        source: 'bank_excess',
        reference: paymentCreditReference(carrier),
        note: `Kelebihan mutasi bank ${line.line_date}: ${line.description}`.slice(0, 500),
      });
      credits.push({ student_id: share.student_id, amount: excess });
    }
  }
  await linkPayments(tx, auth, lineId, paymentIds);
  return { line_id: lineId, payment_ids: paymentIds, credits };
}
