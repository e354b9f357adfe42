import {
  apiErrorText,
  apiGet,
  isCancelledRequest,
  notifyError,
  type StudentBillingDetail,
} from '@keuangan/shared';
import { useCallback, useEffect, useState } from 'react';

export type BillState =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; bill: StudentBillingDetail; reloading: boolean };

/**
 * The bill of the page: loaded from `GET /api/student-billing/{id}`, reloaded on demand (after a payment or a
 * refused write), replaced by the bill a write answers. A reload keeps the bill on screen while it runs.
 */
export function useBill(id: string | undefined) {
  const [bill, setBillState] = useState<BillState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what makes a reload fetch again
  useEffect(() => {
    const controller = new AbortController();
    setBillState((current) =>
      current.state === 'ready' && current.bill.id === Number(id)
        ? { ...current, reloading: true }
        : { state: 'loading' },
    );
    apiGet<StudentBillingDetail>(`/api/student-billing/${id}`, undefined, { signal: controller.signal })
      .then((loaded) => setBillState({ state: 'ready', bill: loaded, reloading: false }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        const message = apiErrorText(error);
        notifyError(message, 'Error');
        setBillState({ state: 'failed', message });
      });
    return () => controller.abort();
  }, [id, attempt]);

  return {
    ...bill,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    /** The bill as a write answered it. */
    setBill: useCallback(
      (next: StudentBillingDetail) => setBillState({ state: 'ready', bill: next, reloading: false }),
      [],
    ),
  };
}
