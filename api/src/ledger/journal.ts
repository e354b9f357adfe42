/**
 * The one-line calls the money's writers make into the books (docs/books.md "When the books move"). The opening of
 * the books over data written before them: journal-open.ts.
 */
import type { Tx } from '../db/client';
import { postCredit } from './journal-credit-queries';
import { type FeeSource, postGatewayFee } from './journal-fee-queries';
import { type PaymentKind, type Poster, postBills, postPayments, postVoids } from './journal-post-queries';
import { postProspectBills, postProspectPayments } from './journal-prospects-queries';
import { inOpenPeriod } from './period-lock';

/** Ids, or rows carrying one: the writers pass what they hold. */
type Ids = Iterable<number | { id: number }>;
const idsOf = (ids: Ids) => [...ids].map((x) => (typeof x === 'number' ? x : x.id));

/** After a payment is inserted, before its last statement: a student's or a prospect's (the engine's kind). */
export async function bookPayment(tx: Tx, kindName: string, who: Poster, paymentId: number): Promise<void> {
  const post = kindName === 'student' ? postPayments : postProspectPayments;
  // A payment dated in a closed month is refused (docs/books.md "Closing a month").
  await inOpenPeriod('Pembayaran', () => post(tx, who, [paymentId]));
}

/** After a prospect was billed (or before its unpaid bill is deleted: `withdrawn`), dated today. */
export async function bookProspectBills(tx: Tx, billIds: Ids, who: Poster = {}, withdrawn = false) {
  await inOpenPeriod('Tagihan calon siswa', () =>
    postProspectBills(tx, who, idsOf(billIds), 'today', withdrawn),
  );
}

/** After Saldo Titipan movements were written (docs/money.md "Saldo Titipan"), dated today. */
export async function bookCredit(tx: Tx, who: Poster, movementIds: Ids): Promise<void> {
  await inOpenPeriod('Saldo titipan', () => postCredit(tx, who, idsOf(movementIds)));
}

/** After student bills were confirmed, unconfirmed or discounted: posts what changed, dated today. */
export async function bookBills(tx: Tx, billIds: Ids, who: Poster = {}): Promise<void> {
  await inOpenPeriod('Perubahan tagihan', () => postBills(tx, who, idsOf(billIds), 'today'));
}

/** After payments were voided: their reversing entries, dated the day of the void (an open month). */
export async function bookVoids(tx: Tx, who: Poster, paymentIds: Ids, of: PaymentKind = 'student') {
  await inOpenPeriod('Pembatalan pembayaran', () => postVoids(tx, who, idsOf(paymentIds), of));
}

/** A gateway's fee on money it brought (docs/online-payments.md "Gateway fees"), dated today; 0 posts nothing. */
export async function bookGatewayFee(
  tx: Tx,
  who: Poster & { clientId: number; branchId: number },
  fee: { amount: number; ptype: number | null; source: FeeSource; description: string },
): Promise<void> {
  if (fee.amount <= 0) return;
  await inOpenPeriod('Biaya gateway', () => postGatewayFee(tx, who, fee));
}
