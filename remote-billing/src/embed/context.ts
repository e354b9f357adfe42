import type { BranchTimeZone } from '@keuangan/shared';
import { createContext, useContext } from 'react';
import type { BillingEmbedEvent } from './types';

export type { BillingEmbedError, BillingEmbedErrorCode, BillingEmbedEvent } from './types';

/** The embedding page's choices and the token's scope, read by the shared screens (null inside our own host). */
export interface EmbedSettings {
  /** The page allows payments and the token may take them at the counter (a kasir token; docs/roles.md). */
  canPay: boolean;
  /** The page allows payments and the token may pay (`billing:pay`, kasir or not): Bayar Online. */
  canPayOnline: boolean;
  /** A kasir token's cashier: the payment form names them (the server records them as who took it). */
  cashierName: string | null;
  emit(event: BillingEmbedEvent): void;
  /** The token's branch's time zone: the view's "today" (today.ts). */
  timeZone: BranchTimeZone;
}

export const EmbedContext = createContext<EmbedSettings | null>(null);

/** Null in the host; the embedding page's settings inside the embedded view (which never changes a bill). */
export const useEmbed = () => useContext(EmbedContext);
