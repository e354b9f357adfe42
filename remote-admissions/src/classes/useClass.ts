import { apiGet, type SchoolClass, useLoad } from '@keuangan/shared';
import { useCallback } from 'react';

/** `GET /api/class/{id}`; no id (the add form): nothing to load. */
export function useClass(id: string | undefined) {
  const load = useCallback(
    async (signal: AbortSignal) =>
      id === undefined ? null : apiGet<SchoolClass>(`/api/class/${id}`, undefined, { signal }),
    [id],
  );
  return useLoad(load);
}
