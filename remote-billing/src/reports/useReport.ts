import { useLoad } from '@keuangan/shared';
import { useCallback } from 'react';

/**
 * A report's answer for `params` (null: its filter is not applied yet, nothing is asked), asked again only when
 * their values change, not on every render. `fetch` is one of the feature's call functions (reports/api.ts).
 */
export function useReport<Q extends object, T>(
  params: NoInfer<Q> | null,
  fetch: (params: Q, signal: AbortSignal) => Promise<T>,
) {
  const key = params ? JSON.stringify(params) : null;
  const load = useCallback(
    (signal: AbortSignal) => (key ? fetch(JSON.parse(key), signal) : Promise.resolve(null)),
    [key, fetch],
  );
  return useLoad(load);
}
