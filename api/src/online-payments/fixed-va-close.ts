/**
 * Closing a student's fixed VA (docs/online-payments.md, "Closing a fixed VA"): Xendit is asked to expire it first;
 * only when it answered is the VA marked closed, audited with who and why, in one transaction (nothing deleted).
 */
import { FIXED_VA_MESSAGES, type FixedVa, type FixedVaClose } from '@keuangan/shared/contract';
import { assertStudentReachable } from '../auth/embed-tokens';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import { auditInsert } from '../lib/audit-record';
import { ApiError, notFound } from '../lib/errors';
import { gatewayFailure } from './charges';
import { fixedVaOf, lockFixedVa, markFixedVaClosed } from './fixed-va-queries';
import { requireFixedVa } from './fixed-va-writes';
import type { Gateways } from './gateways';

export async function closeFixedVa(
  database: Database,
  gateways: Gateways,
  auth: AuthContext,
  id: number,
  input: FixedVaClose,
): Promise<FixedVa> {
  const gateway = requireFixedVa(gateways);
  return database.transaction(async (tx) => {
    // Closes of one VA queue: the second finds it closed.
    const va = await lockFixedVa(tx, auth, id);
    if (!va) throw notFound();
    assertStudentReachable(auth, va.student_id);
    if (va.closed_at) throw new ApiError(409, FIXED_VA_MESSAGES.alreadyClosed);
    try {
      await gateway.fixedVa.expire(va.provider_va_id, new Date());
    } catch (error) {
      // Nothing changed here: the close may be asked again (expiring twice at Xendit is harmless).
      throw gatewayFailure(error);
    }
    const row = await markFixedVaClosed(tx, va.id, auth.userId, input.reason);
    await auditInsert(tx, auth, {
      action: 'fixed_va.close',
      entity: 'online_fixed_va',
      entityId: row.id,
      before: { closed_at: null },
      after: { student_id: row.student_id, bank: row.bank, account_number: row.account_number },
      reason: input.reason,
    });
    return fixedVaOf(row);
  });
}
