/**
 * Recognition of fees billed ahead (docs/books.md "Fees billed ahead"): once a bill's month has started, what it
 * booked to Pendapatan Diterima di Muka moves to Pendapatan (and Potongan/Beasiswa), dated the 1st of the month.
 * The marker is the ledger itself: a bill is due while its lines on that account do not net to zero.
 */
import type { Database, Tx } from '../db/client';
import { type Poster, postBills } from './journal-post-queries';
import { dueBills, lockBillsById, type RecogniseOptions } from './journal-recognise-queries';

/**
 * Recognises every due bill in `tx`; answers how many entries it posted. Each bill's row is locked first (in id
 * order), so a second run, or an unconfirmation, waits and then finds nothing left to move: never posted twice.
 */
export async function recogniseAhead(tx: Tx, who: Poster, options: RecogniseOptions = {}): Promise<number> {
  const due = await dueBills(tx, options);
  if (due.length === 0) return 0;
  await lockBillsById(tx, due);
  return postBills(tx, who, due, 'recognise', options.at);
}

/** In its own transaction: the API's start and each books report before it reads (books/recognise-first.ts). */
export function recogniseDue(database: Database, options: RecogniseOptions = {}): Promise<number> {
  return database.transaction((tx) => recogniseAhead(tx, {}, options));
}
