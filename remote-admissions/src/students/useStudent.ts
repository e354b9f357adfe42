import { apiGet, type Student, useLoad } from '@keuangan/shared';
import { useCallback } from 'react';

/** `GET /api/student/{id}`. */
export function useStudent(id: string | undefined) {
  const load = useCallback(
    (signal: AbortSignal) => apiGet<Student>(`/api/student/${id}`, undefined, { signal }),
    [id],
  );
  return useLoad(load);
}
