/**
 * Making a charge (docs/online-payments.md, "Charges"): the server computes the amount from the bill's unpaid
 * items, asks the gateway for a VA or QRIS inside the transaction that locks the bill, and stores the charge only
 * when the gateway answered: a timeout or 5xx leaves nothing behind, and a retry with the same Idempotency-Key
 * answers the same charge. A new charge replaces the open charges of its items (cancelled here and at the provider).
 */
import { randomBytes } from 'node:crypto';
import {
  FORM_STATUS_CONFIRMED,
  ONLINE_PAYMENT_MESSAGES,
  type OnlineCharge,
  type OnlineChargeCreate,
  PAYMENT_MESSAGES,
} from '@keuangan/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/session';
import type { Database, Tx } from '../db/client';
import { auditInsert, auditWho } from '../lib/audit-record';
import { ApiError, fieldError } from '../lib/errors';
import {
  cancelPendingCharge,
  findChargeByKey,
  insertCharge,
  lockChargeKey,
  studentNameOf,
} from './charge-queries';
import { defaultGateway, type Gateways } from './gateways';
import { GatewayError, type PaymentGateway } from './gateways/types';
import { lockBillItems, lockStudentBill, type StudentBillRow } from './ledger';
import { billIdsOf, type ChargeRow, chargeOf, openChargesOfStudent } from './queries';
import { CHARGE_LIFETIME_MS } from './rules';
import { findBranchSettings } from './settings-queries';
import { assertChannelOn, branchGatewayOf } from './settings-rules';
import { applyEvent } from './settle';

/**
 * The bills of the request locked in id order (one, or several of one student, department and year: one payment
 * posts them) and the items charged with what each owes now; the first bill is the charge's own. Items name their
 * bill when there are several (docs/online-payments.md, "Several bills").
 */
async function chargedItems(tx: Tx, auth: AuthContext, input: OnlineChargeCreate) {
  const billIds = [...new Set(input.student_billing_ids ?? [input.student_billing_id as number])].sort(
    (a, b) => a - b,
  );
  const several = billIds.length > 1;
  const owing: { id: number; amount: number; bill_id: number }[] = [];
  const bills: StudentBillRow[] = [];
  for (const id of billIds) {
    const bill = await lockStudentBill(tx, auth, id);
    const prefix = several ? `${bill.bill_number}: ` : '';
    if (bill.form_status !== FORM_STATUS_CONFIRMED)
      throw new ApiError(409, `${prefix}${PAYMENT_MESSAGES.notConfirmed}`);
    const due = (await lockBillItems(tx, bill.id)).filter((item) => item.total_billing > 0);
    // Every unpaid item by default: a bill of several with nothing owing is a mistake to say, not to skip.
    if (due.length === 0 && !input.items)
      throw new ApiError(409, `${prefix}${ONLINE_PAYMENT_MESSAGES.nothingDue}`);
    owing.push(...due.map((item) => ({ id: item.id, amount: item.total_billing, bill_id: bill.id })));
    bills.push(bill);
  }
  const [bill] = bills;
  if (!bill) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.nothingDue);
  const ownerOf = (b: StudentBillRow) => `${b.student_id}:${b.department_id}:${b.year_of_study_id}`;
  if (bills.some((b) => ownerOf(b) !== ownerOf(bill)))
    throw fieldError('student_billing_ids', ONLINE_PAYMENT_MESSAGES.billsOfOneStudent);
  const chosen = input.items ? input.items.map((id) => owing.find((item) => item.id === id)) : owing;
  if (chosen.some((item) => !item)) throw fieldError('items', ONLINE_PAYMENT_MESSAGES.itemNotDue);
  const items = (chosen as typeof owing).map(({ id, amount, bill_id }) =>
    several ? { id, amount, bill_id } : { id, amount },
  );
  if (items.length === 0) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.nothingDue);
  return { bill, items };
}

/**
 * The branch's gateway for a new charge (its choice, else the first configured), or 409 "Pembayaran online belum
 * dikonfigurasi"; a channel the branch turned off is 422 (docs/online-payments.md, "A branch's gateway and channels").
 */
async function gatewayForCharge(tx: Tx, gateways: Gateways, auth: AuthContext, input: OnlineChargeCreate) {
  const branch = branchGatewayOf(gateways, await findBranchSettings(tx, auth));
  if (!branch) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notConfigured);
  assertChannelOn(branch, input.channel);
  return branch.gateway;
}

/** A gateway failure as the API answers it: 503 when it did not answer (retry), 502 when it answered badly. */
export function gatewayFailure(error: unknown): ApiError | unknown {
  if (!(error instanceof GatewayError)) return error;
  if (error.kind === 'timeout') return new ApiError(503, ONLINE_PAYMENT_MESSAGES.gatewayTimeout);
  if (error.kind === 'unavailable') return new ApiError(502, ONLINE_PAYMENT_MESSAGES.gatewayDown);
  return new ApiError(502, ONLINE_PAYMENT_MESSAGES.gatewayRefused);
}

/** Our order id at the provider: the branch, the time and randomness (unique, at most 30 characters). */
const newOrderId = (branchId: number) =>
  `KEU${branchId}-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;

export async function createCharge(
  database: Database,
  gateways: Gateways,
  auth: AuthContext,
  input: OnlineChargeCreate,
  headerKey: string | undefined,
  log: FastifyBaseLogger,
): Promise<{ charge: OnlineCharge; replayed: boolean }> {
  // Not configured at all: 409 before anything is locked.
  if (!defaultGateway(gateways)) throw new ApiError(409, ONLINE_PAYMENT_MESSAGES.notConfigured);
  const key = headerKey ?? `new-${randomBytes(16).toString('hex')}`;
  const replaced: ChargeRow[] = [];
  const result = await database.transaction(async (tx) => {
    // One create per key at a time: the second sees the first's charge.
    await lockChargeKey(tx, auth.branchId, key);
    const earlier = await findChargeByKey(tx, auth, key);
    if (earlier) return { row: earlier, replayed: true };
    const gateway = await gatewayForCharge(tx, gateways, auth, input);

    const { bill, items } = await chargedItems(tx, auth, input);
    const amount = items.reduce((sum, item) => sum + item.amount, 0);

    const ids = new Set(items.map((item) => item.id));
    const open = (await openChargesOfStudent(tx, bill.student_id)).filter((c) =>
      c.items.some((i) => ids.has(i.id)),
    );
    const studentName = await studentNameOf(tx, bill.student_id);
    const orderId = newOrderId(auth.branchId);
    const expiresAt = new Date(Date.now() + CHARGE_LIFETIME_MS);
    let created: Awaited<ReturnType<PaymentGateway['createCharge']>>;
    try {
      created = await gateway.createCharge({
        orderId,
        amount,
        channel: input.channel,
        expiresAt,
        customerName: studentName ?? 'Siswa',
        idempotencyKey: `${auth.branchId}-${key}`.slice(0, 100),
      });
    } catch (error) {
      throw gatewayFailure(error);
    }
    const row = await insertCharge(tx, {
      client_id: auth.clientId,
      branch_id: auth.branchId,
      student_billing_id: bill.id,
      student_id: bill.student_id,
      items,
      provider: gateway.provider,
      channel: input.channel,
      order_id: orderId,
      amount,
      provider_charge_id: created.providerChargeId,
      va_number: created.vaNumber,
      bill_key: created.billKey,
      qr_string: created.qrString,
      expires_at: expiresAt,
      idempotency_key: key,
      created_by: auth.userId,
    });
    for (const old of open) {
      await cancelPendingCharge(tx, old.id);
      replaced.push(old);
    }
    await auditInsert(tx, auditWho(auth), {
      action: 'online_charge.create',
      entity: 'online_charge',
      entityId: row.id,
      after: {
        order_id: orderId,
        bill: bill.id,
        bills: billIdsOf(row),
        amount,
        channel: input.channel,
        provider: gateway.provider,
      },
    });
    return { row, replayed: false };
  });
  // After the commit: the replaced charges are cancelled at the provider too (money still arriving on one is
  // posted flagged, or kept as Saldo Titipan: docs/online-payments.md).
  for (const old of replaced) {
    const provider = gateways[old.provider as keyof Gateways];
    await provider
      ?.cancelCharge({ orderId: old.order_id, providerChargeId: old.provider_charge_id })
      .catch((error: unknown) =>
        log.warn({ err: error, order: old.order_id }, 'online payments: cancel failed'),
      );
  }
  return { charge: chargeOf(result.row), replayed: result.replayed };
}

/** The provider's status of the charge, applied as a notification would be (its failure: 502 or 503). */
export async function checkStatus(
  database: Database,
  gateway: PaymentGateway,
  charge: Pick<OnlineCharge, 'order_id' | 'provider_charge_id'>,
): Promise<void> {
  let event: Awaited<ReturnType<PaymentGateway['status']>>;
  try {
    event = await gateway.status({ orderId: charge.order_id, providerChargeId: charge.provider_charge_id });
  } catch (error) {
    throw gatewayFailure(error);
  }
  if (event.orderId === charge.order_id) await applyEvent(database, event);
}
