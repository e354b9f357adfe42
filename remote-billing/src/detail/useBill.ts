import { apiErrorText, isCancelledRequest, notifyError, useApi } from '@keuangan/shared';
import { useCallback, useEffect, useState } from 'react';

export type BillState<B> =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; bill: B; reloading: boolean };

export type BillHandle<B> = BillState<B> & { reload: () => void; setBill: (bill: B) => void };

/**
 * The bill of a detail page (a student's or a prospect's): loaded from `url` (`GET /api/student-billing/{id}`,
 * `GET /api/prospective-billing/{id}`), reloaded on demand (after a payment or a refused write), replaced by
 * the bill a write answers. A reload keeps the bill on screen while it runs.
 */
export function useBill<B extends { id: number }>(url: string): BillHandle<B> {
  const { apiGet } = useApi();
  const [bill, setBillState] = useState<BillState<B>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what makes a reload fetch again
  useEffect(() => {
    const controller = new AbortController();
    setBillState((current) =>
      current.state === 'ready' && url.endsWith(`/${current.bill.id}`)
        ? { ...current, reloading: true }
        : { state: 'loading' },
    );
    apiGet<B>(url, undefined, { signal: controller.signal })
      .then((loaded) => setBillState({ state: 'ready', bill: loaded, reloading: false }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        const message = apiErrorText(error);
        notifyError(message, 'Error');
        setBillState({ state: 'failed', message });
      });
    return () => controller.abort();
  }, [apiGet, url, attempt]);

  return {
    ...bill,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    /** The bill as a write answered it. */
    setBill: useCallback((next: B) => setBillState({ state: 'ready', bill: next, reloading: false }), []),
  };
}
