/**
 * The gateway's fee on money it brought (docs/online-payments.md, "Gateway fees"): computed by the server from
 * the branch's settings when the money posts, booked in the same transaction, never on the bill or the receipt.
 */
import { type FixedVaBank, gatewayFeeOf, type OnlineChannel } from '@keuangan/shared/contract';
import type { Tx } from '../db/client';
import { bookGatewayFee } from '../ledger/journal';
import type { FeeSource } from '../ledger/journal-fee-queries';
import { bookedFee } from './fee-queries';
import { branchFeeRates } from './settings-queries';

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
  const fee = gatewayFeeOf(money.amount, (await branchFeeRates(tx, who.branchId))?.[money.channel]);
  await bookGatewayFee(tx, who, {
    amount: fee,
    ptype: money.ptype,
    source: money.source,
    description: `Biaya gateway ${money.reference}`.slice(0, 500),
  });
  return fee;
}
