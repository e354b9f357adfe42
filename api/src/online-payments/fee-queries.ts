/** The gateway fee already in the books (docs/online-payments.md, "Gateway fees"): booked once per source. */
import { and, eq, sum } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { books_entries, books_lines } from '../db/schema';
import type { FeeSource } from '../ledger/journal-fee-queries';

/** The fee already booked for `source`, or undefined. */
export async function bookedFee(tx: Tx, source: FeeSource): Promise<number | undefined> {
  const sourceId = source.kind === 'gateway_fee' ? source.paymentId : source.movementId;
  const [row] = await tx
    .select({ fee: sum(books_lines.debit).mapWith(Number) })
    .from(books_entries)
    .innerJoin(books_lines, eq(books_lines.entry_id, books_entries.id))
    .where(and(eq(books_entries.source_kind, source.kind), eq(books_entries.source_id, sourceId)));
  return row?.fee === null || row?.fee === undefined ? undefined : row.fee;
}
