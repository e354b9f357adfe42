import { type ItemInstalments, isCancelledRequest } from '@keuangan/shared';
import { useEffect, useState } from 'react';
import { useInstalmentCalls } from './api';

/** A bill's instalments as a screen waits for them: loading, failed (the screen works on without), or read. */
export type InstalmentsView =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; items: readonly ItemInstalments[] };

/**
 * The split items of bill `billId` (null: a bill that has none, nothing is read), read again whenever `bill`
 * changes (a payment, a void).
 */
export function useBillInstalments(billId: number | null, bill: unknown): InstalmentsView | undefined {
  const calls = useInstalmentCalls();
  const [view, setView] = useState<InstalmentsView>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `bill` itself is the signal to read again.
  useEffect(() => {
    if (billId === null) return;
    const controller = new AbortController();
    // What was read stays in view while it is read again (no flicker after a payment).
    calls
      .billInstalments(billId, controller.signal)
      .then((answer) => setView({ status: 'ready', items: answer.data }))
      .catch((error: unknown) => {
        if (!isCancelledRequest(error)) setView({ status: 'failed' });
      });
    return () => controller.abort();
  }, [calls, billId, bill]);
  return billId === null ? undefined : view;
}
