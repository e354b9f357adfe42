/**
 * The gateway's fee on money it brought (docs/online-payments.md, "Gateway fees"): computed by the server from
 * the branch's settings when the money posts, booked in the same transaction, never on the bill or the receipt.
 */
import {
  type FixedVaBank,
  type GatewayFees,
  gatewayFeeOf,
  type OnlineChannel,
} from '@keuangan/shared/contract';
import { and, eq, sum } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { books_entries, books_lines, online_payment_settings } from '../db/schema';
import { bookGatewayFee } from '../ledger/journal';
import type { FeeSource } from '../ledger/journal-fee';

/** The channel whose fee a fixed VA's money pays: its bank's VA (Mandiri's is its bill payment channel). */
export const channelOfBank = (bank: FixedVaBank): OnlineChannel =>
  bank === 'mandiri' ? 'mandiri_bill' : `${bank}_va`;

/**
 * Books the fee of `amount` rupiah that came through `channel`; answers the fee (0: none set, nothing booked).
 * Once per source: run again (a retry), it answers the fee booked the first time.
 */
export async function bookMoneyFee(
  tx: Tx,
  who: { clientId: number; branchId: number; userId: number | null },
  money: {
    amount: number;
    channel: OnlineChannel;
    ptype: number | null;
    source: FeeSource;
    reference: string;
  },
): Promise<number> {
  const booked = await bookedFee(tx, money.source);
  if (booked !== undefined) return booked;
  const [row] = await tx
    .select({ fees: online_payment_settings.fees })
    .from(online_payment_settings)
    .where(eq(online_payment_settings.branch_id, who.branchId));
  const fee = gatewayFeeOf(money.amount, (row?.fees as GatewayFees | undefined)?.[money.channel]);
  await bookGatewayFee(tx, who, {
    amount: fee,
    ptype: money.ptype,
    source: money.source,
    description: `Biaya gateway ${money.reference}`.slice(0, 500),
  });
  return fee;
}

/** The fee already booked for `source`, or undefined. */
async function bookedFee(tx: Tx, source: FeeSource): Promise<number | undefined> {
  const sourceId = source.kind === 'gateway_fee' ? source.paymentId : source.movementId;
  const [row] = await tx
    .select({ fee: sum(books_lines.debit).mapWith(Number) })
    .from(books_entries)
    .innerJoin(books_lines, eq(books_lines.entry_id, books_entries.id))
    .where(and(eq(books_entries.source_kind, source.kind), eq(books_entries.source_id, sourceId)));
  return row?.fee === null || row?.fee === undefined ? undefined : row.fee;
}
