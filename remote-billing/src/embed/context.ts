import { createContext, useContext } from 'react';

/** What the billing view tells the page that embeds it. */
export type BillingEmbedEvent =
  | { type: 'payment-made'; paymentId: number; billId: number; amount: number }
  | { type: 'session-invalid' };

/** The embedding page's choices, read by the shared screens (null inside our own host). */
export interface EmbedSettings {
  allowPayment: boolean;
  emit(event: BillingEmbedEvent): void;
}

export const EmbedContext = createContext<EmbedSettings | null>(null);

/** Null in the host; the embedding page's settings inside the embedded view. */
export const useEmbed = () => useContext(EmbedContext);
