import { createContext, useContext } from 'react';

/** Why the view cannot show the student (the `onError` prop and the `error` event). */
export type BillingEmbedErrorCode =
  | 'token-invalid'
  | 'token-expired'
  | 'token-revoked'
  | 'wrong-branch'
  | 'wrong-student'
  | 'unreachable';

export interface BillingEmbedError {
  code: BillingEmbedErrorCode;
  /** What the view shows, in Indonesian. */
  message: string;
}

/** What the billing view tells the page that embeds it. */
export type BillingEmbedEvent =
  | { type: 'payment-made'; paymentId: number; billId: number; amount: number }
  | { type: 'session-invalid' }
  | ({ type: 'error' } & BillingEmbedError);

/** The embedding page's choices and the token's scope, read by the shared screens (null inside our own host). */
export interface EmbedSettings {
  /** The page allows payments and the token may pay. */
  canPay: boolean;
  emit(event: BillingEmbedEvent): void;
}

export const EmbedContext = createContext<EmbedSettings | null>(null);

/** Null in the host; the embedding page's settings inside the embedded view (which never changes a bill). */
export const useEmbed = () => useContext(EmbedContext);
