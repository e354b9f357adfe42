import { apiErrorText, isCancelledRequest, notifyError } from '@keuangan/shared/core';
import { useEffect, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'done'; value: T };

/**
 * Loads something once, again when `load` changes (memoise it with useCallback) or on `retry`; a failure
 * shows an 'Error' toast with the server's message. A request of a left screen is cancelled.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): Load<T> & { retry(): void } {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what makes a retry load again
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: 'loading' });
    load(controller.signal)
      .then((value) => setResult({ state: 'done', value }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        notifyError(apiErrorText(error), 'Error');
        setResult({ state: 'failed' });
      });
    return () => controller.abort();
  }, [load, attempt]);
  return { ...result, retry: () => setAttempt((n) => n + 1) };
}
