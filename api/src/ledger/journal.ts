/**
 * The one-line calls the money's writers make into the books (docs/books.md "When the books move"), and the
 * opening of the books over data written before them (the demo seed).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { type Poster, postBills, postPayments, postVoids } from './journal-post';
import { inOpenPeriod } from './period-lock';

/** Ids, or rows carrying one: the writers pass what they hold. */
type Ids = Iterable<number | { id: number }>;
const idsOf = (ids: Ids) => [...ids].map((x) => (typeof x === 'number' ? x : x.id));

/** After a payment is inserted, before its last statement: only student payments are booked so far. */
export async function bookPayment(tx: Tx, kindName: string, who: Poster, paymentId: number): Promise<void> {
  // A payment dated in a closed month is refused (docs/books.md "Closing a month").
  if (kindName === 'student') await inOpenPeriod('Pembayaran', () => postPayments(tx, who, [paymentId]));
}

/** After student bills were confirmed, unconfirmed or discounted: posts what changed, dated today. */
export async function bookBills(tx: Tx, billIds: Ids, who: Poster = {}): Promise<void> {
  await inOpenPeriod('Perubahan tagihan', () => postBills(tx, who, idsOf(billIds), 'today'));
}

/** After student payments were voided: their reversing entries, dated the day of the void (an open month). */
export async function bookVoids(tx: Tx, who: Poster, paymentIds: Ids): Promise<void> {
  await inOpenPeriod('Pembatalan pembayaran', () => postVoids(tx, who, idsOf(paymentIds)));
}

/**
 * Books everything written without the books (the demo seed's rows): the confirmed bills on their dates, every
 * payment on its date and each void on its day. Posting is idempotent, so running it twice books nothing new.
 */
export async function openBooks(tx: Tx): Promise<void> {
  const ids = async (query: ReturnType<typeof sql>) =>
    ((await tx.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  await postBills(
    tx,
    {},
    await ids(sql`select id from student_billings where form_status = 1 order by id`),
    'bill',
  );
  await postPayments(tx, {}, await ids(sql`select id from student_billing_payments order by id`));
  await postVoids(
    tx,
    {},
    await ids(sql`select id from student_billing_payments where voided_at is not null order by id`),
  );
}
