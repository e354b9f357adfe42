/**
 * What a verified event does to its charge (docs/online-payments.md "States", "Posting"): posted as a payment or
 * kept as Saldo Titipan, each step under the charge row's lock, so duplicates queue and find the work done.
 */
import {
  type OnlineChannel,
  type OnlineChargeStatus,
  PTYPE_QRIS,
  PTYPE_VIRTUAL_ACCOUNT,
} from '@keuangan/shared/contract';
import type { Database } from '../db/client';
import { addStudentCredit } from '../ledger/student-credit';
import { ApiError } from '../lib/errors';
import {
  closeCharge,
  markChargeCredited,
  markChargePosted,
  markChargeSettled,
  setChargeFee,
  setOnlineCashier,
} from './charge-queries';
import { bookMoneyFee } from './fees';
import type { GatewayEvent } from './gateways/types';
import { postOnlinePayment } from './ledger';
import { billIdsOf, branchTimeZone, type ChargeRow, lockChargeByOrder } from './queries';
import { CREDIT_REASONS, stepOf } from './rules';

/** The outcome kept on the notification. */
export interface Outcome {
  outcome: string;
  detail: string | null;
}

export async function applyEvent(database: Database, event: GatewayEvent): Promise<Outcome> {
  const first = await database.transaction(async (tx) => {
    const charge = await lockChargeByOrder(tx, event.orderId);
    if (!charge) return { outcome: { outcome: 'unknown_order', detail: null } };
    const step = stepOf(charge.status as OnlineChargeStatus, event.status);
    if (step.kind === 'none') return { outcome: { outcome: step.why, detail: charge.status } };
    if (step.kind === 'close') {
      await closeCharge(tx, charge.id, step.status);
      return { outcome: { outcome: step.status, detail: null } };
    }
    if (!event.transactionId)
      return { outcome: { outcome: 'ignored', detail: 'settlement without transaction id' } };
    const flag = step.flag ?? charge.flag_reason;
    const settled = await markChargeSettled(tx, charge.id, {
      // The first id the money was recorded under stays: it is the posted payment's key (a status check and
      // a later callback may name the same money differently, e.g. Xendit's request and payment ids).
      provider_transaction_id: charge.provider_transaction_id ?? event.transactionId,
      paid_amount: event.amount ?? charge.amount,
      settled_at: charge.settled_at ?? new Date(),
      flagged: charge.flagged || step.flag !== null,
      flag_reason: flag,
    });
    return { settled };
  });
  if (!('settled' in first) || !first.settled) return first.outcome as Outcome;
  return settle(database, first.settled);
}

/** Posts a charge in `settlement`, or keeps its money as Saldo Titipan. Safe to run again (a retry, a duplicate). */
export async function settle(database: Database, charge: ChargeRow): Promise<Outcome> {
  const paid = charge.paid_amount ?? charge.amount;
  if (paid !== charge.amount) return credit(database, charge, 'online_mismatch', CREDIT_REASONS.mismatch);
  const who = {
    clientId: charge.client_id,
    branchId: charge.branch_id,
    timeZone: await branchTimeZone(database.db, charge.branch_id),
    userId: charge.created_by,
  };
  let paymentId: number;
  try {
    // The payment and the gateway's fee commit together (the engine runs in this transaction).
    paymentId = await database.transaction(async (tx) => {
      const here: Database = { ...database, transaction: (fn) => fn(tx) };
      const key = `online:${charge.provider}:${charge.provider_transaction_id}`;
      const posted = await postOnlinePayment(here, who, {
        billIds: billIdsOf(charge),
        lines: charge.items.map((item) => ({ id: item.id, payment_amount: item.amount })),
        qris: charge.channel === 'qris',
        note: `${charge.provider} ${charge.provider_transaction_id} (order ${charge.order_id})`,
        key,
      });
      const fee = await bookMoneyFee(tx, who, {
        amount: paid,
        channel: charge.channel as OnlineChannel,
        ptype: charge.channel === 'qris' ? PTYPE_QRIS : PTYPE_VIRTUAL_ACCOUNT,
        source: { kind: 'gateway_fee', paymentId: posted.paymentId },
        reference: `${key} (order ${charge.order_id})`,
      });
      await setChargeFee(tx, charge.id, fee);
      return posted.paymentId;
    });
  } catch (error) {
    // The bill no longer owes these lines (paid at the counter meanwhile, or not payable): never posted blindly.
    if (error instanceof ApiError && (error.statusCode === 409 || error.statusCode === 422)) {
      return credit(
        database,
        charge,
        'online_already_paid',
        `${CREDIT_REASONS.alreadyPaid}: ${error.message}`,
      );
    }
    throw error;
  }
  await database.transaction(async (tx) => {
    await setOnlineCashier(tx, paymentId);
    await markChargePosted(tx, charge.id, paymentId);
  });
  return { outcome: 'posted', detail: `payment ${paymentId}` };
}

/** The settled money as the student's Saldo Titipan (once per transaction id), the charge credited and flagged. */
async function credit(
  database: Database,
  charge: ChargeRow,
  source: string,
  reason: string,
): Promise<Outcome> {
  const amount = charge.paid_amount ?? charge.amount;
  return database.transaction(async (tx) => {
    const locked = await lockChargeByOrder(tx, charge.order_id);
    if (!locked || locked.status === 'posted' || locked.status === 'credited') {
      return { outcome: 'already_done', detail: locked?.status ?? null };
    }
    const movementId = await addStudentCredit(
      tx,
      { clientId: charge.client_id, branchId: charge.branch_id, userId: null },
      {
        student_id: charge.student_id,
        amount,
        source,
        reference: `online:${charge.provider}:${charge.provider_transaction_id}`,
        online_charge_id: charge.id,
        note: reason,
      },
      { after: { student_id: charge.student_id, amount, source, order_id: charge.order_id } },
    );
    // The gateway kept its fee on this money too: booked with the credit (Saldo Titipan is the whole amount).
    const fee =
      movementId === null
        ? 0
        : await bookMoneyFee(
            tx,
            { clientId: charge.client_id, branchId: charge.branch_id, userId: null },
            {
              amount,
              channel: charge.channel as OnlineChannel,
              ptype: null,
              source: { kind: 'gateway_fee_credit', movementId },
              reference: `online:${charge.provider}:${charge.provider_transaction_id} (order ${charge.order_id})`,
            },
          );
    await markChargeCredited(tx, charge.id, reason, fee);
    return { outcome: 'credited', detail: reason };
  });
}
