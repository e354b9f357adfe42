/**
 * Algorithm: the payment engine, one transaction for every kind of bill (STUDENT_BILLS, PROSPECT_BILLS), each
 * arrow at most one statement: key lock and deadlines -> lock bills (and the payment under the key) -> replay or
 * 422 -> may it be paid? -> lock items -> lines within what is due? -> insert payment (stand-in number) and item
 * payments -> journal entry -> LAST statement: totals, audit record, number registration; numbers and kept sums
 * at commit. Why this order and these locks: api/ROUTES.md "Idempotent payments", "Numbers without a queue".
 */
import { createHash } from 'node:crypto';
import {
  type BillTotals,
  billDueDate,
  billTotals,
  EMBED_MESSAGES,
  formatRupiah,
  IDEMPOTENCY_KEY_PATTERN,
  type Instalment,
  type ItemTotals,
  instalmentsDueDate,
  itemTotals,
  PAYMENT_MESSAGES,
  type PaymentLine,
  paymentTotal,
} from '@keuangan/shared/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmbedGrant } from '../auth/embed-tokens';
import { requireAuth } from '../auth/guard';
import type { AuthContext } from '../auth/session';
import { type Database, type Tx, WAIT_LIMITS } from '../db/client';
import { auditInsert, auditWho } from '../lib/audit-record';
import { ApiError, fieldError } from '../lib/errors';
import { type DocumentKind, type NumberedTable, numberAtCommit, provisionalNumber } from '../lib/numbering';
import type { BranchScope, ZonedScope } from '../lib/scope';
import { todayIn } from '../lib/time';
import { pathId } from '../lib/validate';
import { genericPlans, lockPaymentKey } from './engine-queries';
import { bookPayment } from './journal';

/** A bill, locked for the rest of the transaction. */
export interface LockedBill {
  id: number;
  /** The bill's number, naming it in the messages of a payment of several bills. */
  bill_number: string;
  /** Whose bill it is (student and department, or prospect): bills paid together have one owner. */
  owner: string;
  bill_date: string;
  /** Why the bill cannot take a payment now (not confirmed, already paid), or undefined. */
  refusal: string | undefined;
  /** Nama Pembayar when the request names none (the student's or prospect's name). */
  default_payer_name: string;
  /** The payment already recorded under the request's idempotency key, if any. */
  earlier: { id: number; request_fingerprint: string | null } | undefined;
}

/** An item of a locked bill with what decides its totals. */
export interface LockedItem {
  id: number;
  /** The component's name, for messages. */
  label: string;
  price: number;
  discount: number;
  bail: number;
  qty: number;
  total_billing: number;
  /** What the standing (not voided) payments have paid on it. */
  paid: number;
  /** The columns as stored, to skip writing what did not change. */
  stored: ItemTotalsWithDue;
  /** When it falls due (student items): the bill's due date follows what is still owed. */
  due_date?: string;
  /**
   * Its standing instalments (student items split by a plan): its due date is then the earliest instalment
   * still owing after what is paid (docs/money.md "Instalments"), rewritten with its totals.
   */
  instalments?: Instalment[];
}

/** An item's money columns and, for a kind whose items fall due, its due date. */
export type ItemTotalsWithDue = ItemTotals & { due_date?: string };

export interface NewPayment {
  bill_id: number;
  payment_number: string;
  payment_date: string;
  amount: number;
  total_amount_payment_paid: number;
  ptype: number;
  payer_name: string;
  note: string | null;
  idempotency_key: string;
  request_fingerprint: string;
  created_by: number;
  /** The kasir token's cashier who took it (null: created_by did). */
  cashier_name: string | null;
  /** What is left to pay on the bill after this payment (Sisa Tagihan on its receipt). */
  total_billing_after: number;
}

/** What the engine needs from one kind of bill: its tables, behind these few calls. */
export interface BillKind<TItem extends LockedItem = LockedItem> {
  /** Names the kind in fingerprints and lock keys ('student', 'prospective'). */
  name: string;
  /** The counter of its payment numbers. */
  paymentNumber: DocumentKind;
  /** Its payments table (`numberAtCommit` writes the final number there). */
  paymentsTable: NumberedTable;
  /** The pay payload's field of the lines ('student_billing_items'): names the field of a line's error. */
  linesField: string;
  /**
   * The bill of the scope's branch, locked (FOR UPDATE), with the payment of the branch recorded under `key`
   * (tables-queries.ts `paymentUnderKey`); 404 when there is no such bill.
   */
  lockBill(tx: Tx, scope: BranchScope, billId: number, key: string): Promise<LockedBill>;
  /** The bill's items, locked (FOR UPDATE), in a stable order, with what was paid on each (`paidOnItem`). */
  lockItems(tx: Tx, billId: number): Promise<TItem[]>;
  /** Inserts the payment and its item payments (every line, zero amounts included); answers the payment id. */
  insertPayment(
    tx: Tx,
    scope: BranchScope,
    payment: NewPayment,
    lines: { item: TItem; amount: number }[],
  ): Promise<number>;
  /** The UPDATE of these items' totals (one statement for all), to run with the bill's (`writeBillTotals`). */
  itemTotalsUpdate(rows: (ItemTotalsWithDue & { id: number })[]): SQL;
  /** The UPDATE of the bill's totals, unrun (a payment runs it inside its last statement, `numberAtCommit`'s). */
  billTotalsUpdate(tx: Tx, billId: number, totals: BillTotalsWithDue): SQL;
  /** Writes the bill's totals, and in the same statement the items' update when given. */
  writeBillTotals(tx: Tx, billId: number, totals: BillTotalsWithDue, itemsUpdate?: SQL): Promise<void>;
  /** Voids the standing payments that pay on the bill (who, when, why), whole; answers how many. */
  /** Voids the bill's standing payments (kept, with who, when and why); answers their ids. */
  voidPayments(tx: Tx, billId: number, userId: number, reason: string): Promise<VoidedPayment[]>;
  /** The other bills that standing payments on the bill also pay on (a payment of several bills). */
  billsPaidWith(tx: Tx, billId: number): Promise<number[]>;
}

/** A payment just voided: what its audit record says (docs/roles.md "Audit log"). */
export interface VoidedPayment {
  id: number;
  amount: number;
  payment_number: string | null;
}

/** A bill's totals and, for a kind whose items fall due, its due date (the earliest of what is still owed). */
export type BillTotalsWithDue = BillTotals & { due_date?: string };

/** Every item's totals from its price, discount, bail, qty and what was paid on it, and the bill's as their sums. */
function totalsOf(items: LockedItem[]) {
  const computed = items.map((item) => {
    const due = item.instalments?.length ? instalmentsDueDate(item.instalments, item.paid) : item.due_date;
    return {
      id: item.id,
      stored: item.stored,
      ...itemTotals({ ...item, total_payment: item.paid }),
      ...(due ? { due_date: due } : {}),
    };
  });
  const dues = computed.flatMap((c) =>
    c.due_date ? [{ due_date: c.due_date, total_billing: c.total_billing }] : [],
  );
  const due = dues.length > 0 && dues.length === items.length ? { due_date: billDueDate(dues, '') } : {};
  const changed = computed
    .filter(({ stored, id: _id, ...now }) =>
      (Object.keys(now) as (keyof ItemTotalsWithDue)[]).some((k) => now[k] !== stored[k]),
    )
    .map(({ stored: _stored, ...row }) => row);
  const bill: BillTotalsWithDue = { ...billTotals(computed), ...due };
  return { changed, bill };
}

/** The UPDATEs of what `totalsOf` computed, unrun: the items whose totals changed (if any), and the bill. */
function totalsUpdates<TItem extends LockedItem>(
  tx: Tx,
  kind: BillKind<TItem>,
  billId: number,
  totals: ReturnType<typeof totalsOf>,
): SQL[] {
  const bill = kind.billTotalsUpdate(tx, billId, totals.bill);
  return totals.changed.length > 0 ? [kind.itemTotalsUpdate(totals.changed), bill] : [bill];
}

/** Writes what `totalsOf` computed: the items whose totals changed, and the bill. */
async function writeTotals<TItem extends LockedItem>(
  tx: Tx,
  kind: BillKind<TItem>,
  billId: number,
  totals: ReturnType<typeof totalsOf>,
): Promise<void> {
  const itemsUpdate = totals.changed.length > 0 ? kind.itemTotalsUpdate(totals.changed) : undefined;
  await kind.writeBillTotals(tx, billId, totals.bill, itemsUpdate);
}

/**
 * Recomputes every item's totals from its price, discount, bail, qty and not-voided payments, then the bill's
 * totals as their sums (the contract's `itemTotals` / `billTotals`). Call after any write on a locked bill.
 */
export async function refreshTotals<TItem extends LockedItem>(
  tx: Tx,
  kind: BillKind<TItem>,
  billId: number,
): Promise<BillTotals> {
  const totals = totalsOf(await kind.lockItems(tx, billId));
  await writeTotals(tx, kind, billId, totals);
  return totals.bill;
}

/**
 * Where a payment's money comes from when it is not handed over: the student's Saldo Titipan (docs/money.md).
 * `allocate` runs once the items are locked and answers the lines (it may lock and read the credit and refuse);
 * `recorded` runs in the same transaction once the payment is inserted (the credit's movement out).
 */
export interface PaySource<TItem extends LockedItem = LockedItem> {
  allocate(tx: Tx, items: TItem[]): Promise<PaymentLine[]>;
  recorded(tx: Tx, paymentId: number, amount: number): Promise<void>;
}

/** The payment request every kind takes (the student form's `student_billing_items` become `lines`). */
export interface PaymentInput {
  lines: PaymentLine[];
  /** Amount given; absent = the total. */
  total_amount_payment_paid?: number | undefined;
  ptype: number;
  note: string | null;
  payer_name: string | null;
  payment_date: string | null;
}

/**
 * SHA-256 of the kind, the bills and the canonical request (lines sorted by item): equal bodies, equal prints. One
 * bill prints as its id, as it always did, so a retry across an upgrade still matches its first payment.
 */
export function paymentFingerprint(
  kindName: string,
  billIds: readonly number[],
  input: PaymentInput,
): string {
  const canonical = JSON.stringify([
    kindName,
    billIds.length === 1 ? billIds[0] : billIds,
    [...input.lines].sort((a, b) => a.id - b.id).map((l) => [l.id, l.payment_amount]),
    input.total_amount_payment_paid ?? null,
    input.ptype,
    input.ptype === 1 ? null : input.note,
    input.payer_name,
    input.payment_date,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The Idempotency-Key header checked: absent -> undefined; malformed -> 422. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new ApiError(422, PAYMENT_MESSAGES.keyInvalid, {
      'Idempotency-Key': [PAYMENT_MESSAGES.keyInvalid],
    });
  }
  return value;
}

/** The fields every pay request carries besides its lines (student and prospect schemas alike). */
type PayBody = Omit<PaymentInput, 'lines'>;

/**
 * A pay route of any bill kind: the path's bill (or `billIds`, a payment of several bills), the
 * `Idempotency-Key` header and the validated body. Answers 201 for a new payment, 200 with
 * `Idempotent-Replayed: true` for a replay; the caller loads the receipt.
 */
export async function payFromRequest<TItem extends LockedItem>(
  database: Database,
  kind: BillKind<TItem>,
  request: FastifyRequest,
  reply: FastifyReply,
  lines: PaymentLine[],
  body: PayBody,
  billIds: readonly number[] = [pathId(request)],
): Promise<{ auth: AuthContext; paymentId: number }> {
  const auth = requireAuth(request);
  const key = idempotencyKeyOf(request.headers['idempotency-key']);
  const input: PaymentInput = {
    lines,
    total_amount_payment_paid: body.total_amount_payment_paid,
    ptype: body.ptype,
    note: body.note,
    payer_name: body.payer_name,
    payment_date: body.payment_date,
  };
  const { paymentId, replayed } = await recordPayment(database, kind, auth, billIds, input, key);
  if (replayed) reply.header('Idempotent-Replayed', 'true');
  reply.status(replayed ? 200 : 201);
  return { auth, paymentId };
}

/**
 * Records one payment on the bills `billIds` (one, or several of one owner: one number, one receipt), or, when
 * the key was used before with the same request, answers that first payment (`replayed`). Without a key the
 * request's fingerprint is the key, so an identical retry is a replay. The bills are locked in id order, so two
 * payments sharing bills queue instead of deadlocking; the payment's own bill is the first of them.
 */
export async function recordPayment<TItem extends LockedItem>(
  database: Database,
  kind: BillKind<TItem>,
  who: ZonedScope & { userId: number; embed?: EmbedGrant | null },
  billIds: readonly number[],
  input: PaymentInput,
  headerKey: string | undefined,
  source?: PaySource<TItem>,
): Promise<{ paymentId: number; replayed: boolean }> {
  const ids = [...new Set(billIds)].sort((a, b) => a - b);
  const fingerprint = paymentFingerprint(kind.name, ids, input);
  const key = headerKey ?? `fp-${fingerprint}`;
  // What it will wait on besides its key: its bills' rows, then its branch's counter row (docs/money.md).
  const contended = [
    ...ids.map((id) => ({ key: `${kind.name}-bill:${id}`, limit: 1 })),
    { key: `${kind.paymentNumber}:${who.branchId}`, limit: WAIT_LIMITS.branchPayments },
  ];
  return database.transaction(async (tx) => {
    // Same key, one at a time; in the same statement the deadlines (each statement's, and COMMIT's wait for the
    // counter: `keuangan.wait_until`, api/README.md "Timeouts") and one generic plan per prepared statement
    // (planning the last statement on every call cost 0.3 ms of PostgreSQL's CPU). PGlite needs only the plans: its
    // transactions run one at a time (db/client.ts), with no lock timeout for a deadline to shorten.
    if (database.kind === 'postgres') await lockPaymentKey(tx, kind.name, who.branchId, key);
    else await genericPlans(tx);
    const bills: LockedBill[] = [];
    for (const id of ids) bills.push(await kind.lockBill(tx, who, id, key));
    const [first] = bills;
    if (!first) throw new ApiError(422, PAYMENT_MESSAGES.billsRequired);
    const { earlier } = first;
    if (earlier) {
      if (earlier.request_fingerprint !== fingerprint) {
        throw new ApiError(422, PAYMENT_MESSAGES.keyReused, {
          'Idempotency-Key': [PAYMENT_MESSAGES.keyReused],
        });
      }
      return { paymentId: earlier.id, replayed: true };
    }
    if (bills.some((bill) => bill.owner !== first.owner))
      throw new ApiError(422, PAYMENT_MESSAGES.billsOfOneOwner);
    const several = bills.length > 1;
    for (const bill of bills) {
      if (bill.refusal)
        throw new ApiError(409, several ? `${bill.bill_number}: ${bill.refusal}` : bill.refusal);
    }
    const today = todayIn(who);
    const paymentDate = input.payment_date ?? today;
    // A kasir token takes today's money only (docs/roles.md, "Embed tokens").
    if (who.embed && paymentDate !== today) throw fieldError('payment_date', EMBED_MESSAGES.noBackdating);
    if (bills.some((bill) => paymentDate < bill.bill_date)) {
      throw fieldError('payment_date', PAYMENT_MESSAGES.dateBeforeBill);
    }
    if (paymentDate > today) throw fieldError('payment_date', PAYMENT_MESSAGES.dateInFuture);

    const itemsOf = new Map<number, TItem[]>();
    for (const bill of bills) itemsOf.set(bill.id, await kind.lockItems(tx, bill.id));
    const byId = new Map([...itemsOf.values()].flat().map((item) => [item.id, item]));
    const inputLines = source ? await source.allocate(tx, [...itemsOf.values()].flat()) : input.lines;
    const lines = inputLines.map((line) => ({ item: byId.get(line.id), amount: line.payment_amount }));
    if (lines.some((line) => !line.item)) {
      throw fieldError(kind.linesField, PAYMENT_MESSAGES.itemNotOnBill);
    }
    const checked = lines as { item: TItem; amount: number }[];
    const over = checked.filter(({ item, amount }) => amount > item.total_billing);
    if (over.length > 0) {
      // ';' between items: the screens turn commas into line breaks.
      const detail = over
        .map(({ item }) => `${item.label} (sisa ${formatRupiah(item.total_billing)})`)
        .join('; ');
      throw new ApiError(409, `${PAYMENT_MESSAGES.exceedsDue}: ${detail}`);
    }
    const amount = paymentTotal(inputLines);
    const paying = new Map<number, number>();
    for (const { item, amount } of checked) paying.set(item.id, (paying.get(item.id) ?? 0) + amount);
    const totals = bills.map((bill) => ({
      billId: bill.id,
      totals: totalsOf(
        (itemsOf.get(bill.id) ?? []).map((item) => ({
          ...item,
          paid: item.paid + (paying.get(item.id) ?? 0),
        })),
      ),
    }));
    const paymentId = await kind.insertPayment(
      tx,
      who,
      {
        bill_id: first.id,
        // Unique stand-in until its commit numbers it (never committed, never seen by others).
        payment_number: provisionalNumber(),
        payment_date: paymentDate,
        amount,
        total_amount_payment_paid: input.total_amount_payment_paid ?? amount,
        ptype: input.ptype,
        payer_name: input.payer_name ?? first.default_payer_name,
        note: input.ptype === 1 ? null : input.note,
        idempotency_key: key,
        request_fingerprint: fingerprint,
        created_by: who.userId,
        cashier_name: who.embed?.cashierName ?? null,
        total_billing_after: totals.reduce((sum, t) => sum + t.totals.bill.total_billing, 0),
      },
      checked,
    );
    // Its journal entry, in a statement of its own: sent inside the last one, payments were slower
    // (docs/books.md "Cost on the payment path").
    await bookPayment(tx, kind.name, who, paymentId);
    await source?.recorded(tx, paymentId, amount);
    // The totals and the audit record ride in the last statement (`along`): the rows they lock that other payments
    // of the class also lock (its kept sums) are then held only from there to commit.
    const along = totals.flatMap(({ billId, totals: bill }) => totalsUpdates(tx, kind, billId, bill));
    along.push(
      auditInsert(tx, auditWho(who), {
        action: kind.name === 'student' ? 'payment.create' : 'prospect_payment.create',
        entity: kind.name === 'student' ? 'student_billing_payment' : 'prospective_billing_payment',
        entityId: paymentId,
        after: {
          bills: ids,
          amount,
          ptype: input.ptype,
          payment_date: paymentDate,
          ...(who.embed ? { cashier_name: who.embed.cashierName, embed_token_id: who.embed.tokenId } : {}),
        },
      }).getSQL(),
    );
    // Its number is written as the transaction commits: the branch's counter row is locked only during COMMIT.
    await numberAtCommit(tx, who, kind.paymentNumber, paymentDate, kind.paymentsTable, [paymentId], {
      along,
    });
    return { paymentId, replayed: false };
  }, contended);
}
