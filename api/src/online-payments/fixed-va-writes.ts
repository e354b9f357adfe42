/**
 * The fixed VA's write use cases (docs/online-payments.md, "Fixed VA"): opening a student's VA at Xendit once,
 * and a payment callback stored once per provider payment id, then posted in the transaction that marks it done.
 */
import { createHash } from 'node:crypto';
import {
  FIXED_VA_MESSAGES,
  type FixedVa,
  type FixedVaBank,
  type FixedVaCreate,
  ONLINE_CASHIER_NAME,
  PTYPE_VIRTUAL_ACCOUNT,
} from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import type { FeeSource } from '../ledger/journal-fee-queries';
import { auditInsert } from '../lib/audit-record';
import { ApiError, notFound } from '../lib/errors';
import { gatewayFailure } from './charges';
import { bookMoneyFee, channelOfBank } from './fees';
import {
  findFixedVa,
  fixedVaById,
  fixedVaByProviderId,
  fixedVaCount,
  fixedVaOf,
  insertCallback,
  insertFixedVa,
  lockCallback,
  lockFixedVaCreation,
  setCashierName,
  setFixedVaOutcome,
  studentInBranch,
} from './fixed-va-queries';
import type { Gateways } from './gateways';
import type { FixedVaApi, PaymentGateway } from './gateways/types';
import { postFixedVaMoney } from './ledger';
import { setNotificationOutcome } from './notification-queries';
import { keptHeaders } from './notifications';
import { branchTimeZone } from './queries';

/** The gateway that keeps fixed VAs (Xendit), or 409: a branch without it cannot open one. */
export function requireFixedVa(gateways: Gateways): PaymentGateway & { fixedVa: FixedVaApi } {
  const gateway = gateways.xendit;
  if (!gateway?.fixedVa) throw new ApiError(409, FIXED_VA_MESSAGES.xenditOnly);
  return gateway as PaymentGateway & { fixedVa: FixedVaApi };
}

/** The student's VA at the bank: the one stored, or a new one made at the provider and stored (`created`). */
export async function openFixedVa(
  database: Database,
  gateways: Gateways,
  auth: AuthContext,
  input: FixedVaCreate,
): Promise<{ va: FixedVa; created: boolean }> {
  const gateway = requireFixedVa(gateways);
  return database.transaction(async (tx) => {
    await lockFixedVaCreation(tx, input.student_id, input.bank);
    const student = await studentInBranch(tx, auth, input.student_id);
    if (!student) throw notFound();
    const where = { studentId: student.id, provider: gateway.provider, bank: input.bank };
    const earlier = await findFixedVa(tx, auth, where);
    if (earlier) return { va: fixedVaOf(earlier), created: false };
    // Deterministic per student, bank and generation (a VA opened after a close is the next generation).
    const generation = (await fixedVaCount(tx, student.id, gateway.provider, input.bank)) + 1;
    const externalId = `KEU${auth.branchId}-S${student.id}-${input.bank.toUpperCase()}${generation > 1 ? `-${generation}` : ''}`;
    let made: Awaited<ReturnType<FixedVaApi['create']>>;
    try {
      made = await gateway.fixedVa.create({ externalId, bank: input.bank, name: student.name });
    } catch (error) {
      throw gatewayFailure(error);
    }
    const row = await insertFixedVa(tx, {
      client_id: auth.clientId,
      branch_id: auth.branchId,
      student_id: student.id,
      provider: gateway.provider,
      bank: input.bank,
      external_id: externalId,
      provider_va_id: made.providerVaId,
      account_number: made.accountNumber,
      name: made.name.slice(0, 100),
      created_by: auth.userId,
    });
    await auditInsert(tx, auth, {
      action: 'fixed_va.create',
      entity: 'online_fixed_va',
      entityId: row.id,
      after: { student_id: row.student_id, bank: row.bank, account_number: row.account_number },
    });
    return { va: fixedVaOf(row), created: true };
  });
}

export type FixedVaReceived = 'bad_signature' | 'duplicate' | 'processed' | 'failed';

/**
 * A fixed VA's payment callback: the token checked before anything is read, stored once per provider payment id
 * (`fva:{payment id}`, whatever its webhook id), then posted. A repeat is processed again only when the first
 * processing failed; the posting and the callback's outcome commit together, so nothing is posted twice.
 */
export async function receiveFixedVaPayment(
  database: Database,
  gateway: PaymentGateway & { fixedVa: FixedVaApi },
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<FixedVaReceived> {
  const provider = gateway.provider;
  const { signatureOk } = gateway.receive(rawBody, headers);
  const paid = signatureOk ? gateway.fixedVa.read(rawBody) : undefined;
  const va = paid?.vaId ? await fixedVaByProviderId(database.db, provider, paid.vaId) : undefined;
  const eventKey =
    paid?.paymentId !== null && paid?.paymentId !== undefined
      ? `fva:${paid.paymentId}`.slice(0, 200)
      : `${signatureOk ? 'fva-unread' : 'bad'}:${createHash('sha256').update(rawBody).digest('hex')}`;
  const stored = await database.transaction((tx) =>
    insertCallback(tx, {
      provider,
      event_key: eventKey,
      order_id: paid?.externalId?.slice(0, 64) ?? null,
      online_fixed_va_id: va?.id ?? null,
      raw_body: rawBody,
      headers: keptHeaders(headers),
      signature_ok: signatureOk,
      outcome: signatureOk ? 'received' : 'bad_signature',
      processed_at: signatureOk ? null : new Date(),
    }),
  );
  if (!signatureOk) return 'bad_signature';
  // Read before the transaction: on PGlite a read outside it would wait for it.
  const timeZone = va ? await branchTimeZone(database.db, va.branch_id) : undefined;
  try {
    return await database.transaction(async (tx) => {
      const callback = await lockCallback(tx, provider, eventKey);
      // Processed already (a repeat, or the same payment under another webhook id): nothing more.
      if (!callback || (callback.outcome !== 'received' && callback.outcome !== 'failed')) return 'duplicate';
      if (!stored && callback.outcome === 'received') return 'duplicate';
      if (!paid?.paymentId || paid.amount === null) {
        await setNotificationOutcome(tx, callback.id, 'ignored', 'no payment id or amount');
        return 'processed';
      }
      if (!va || !timeZone) {
        await setNotificationOutcome(tx, callback.id, 'unknown_order', paid.vaId);
        return 'processed';
      }
      const who = {
        clientId: va.client_id,
        branchId: va.branch_id,
        timeZone,
        userId: va.created_by,
      };
      const key = `online:${provider}:${paid.paymentId}`;
      const { paymentIds, excess, creditId } = await postFixedVaMoney(database, tx, who, {
        studentId: va.student_id,
        amount: paid.amount,
        key,
        note: `${provider} ${paid.paymentId} (VA tetap ${va.account_number})`,
      });
      await setCashierName(tx, paymentIds, ONLINE_CASHIER_NAME);
      // The whole transfer's fee, once, with its first payment (or its credit when nothing was due).
      const [first] = paymentIds;
      const source: FeeSource | undefined =
        first !== undefined
          ? { kind: 'gateway_fee', paymentId: first }
          : creditId !== null
            ? { kind: 'gateway_fee_credit', movementId: creditId }
            : undefined;
      const fee = source
        ? await bookMoneyFee(tx, who, {
            amount: paid.amount,
            channel: channelOfBank(va.bank as FixedVaBank),
            ptype: first !== undefined ? PTYPE_VIRTUAL_ACCOUNT : null,
            source,
            reference: `${key} (VA tetap ${va.account_number})`,
          })
        : 0;
      // Money on a VA closed meanwhile still arrived: posted as any other, flagged for a look.
      const current = await fixedVaById(tx, who, va.id);
      await setFixedVaOutcome(tx, callback.id, {
        outcome: paymentIds.length > 0 ? 'posted' : 'credited',
        detail: `payments ${paymentIds.join(',') || '-'}; credit ${excess}; fee ${fee}`,
        amount: paid.amount,
        paymentIds,
        credit: excess,
        flagReason: current?.closed_at ? FIXED_VA_MESSAGES.closedAfter : null,
      });
      return 'processed';
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await database.transaction(async (tx) => {
      const callback = await lockCallback(tx, provider, eventKey);
      if (callback?.outcome === 'received') await setNotificationOutcome(tx, callback.id, 'failed', detail);
    });
    return 'failed';
  }
}
