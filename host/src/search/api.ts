/** The student search's request (docs/architecture.md "Code layout"). */
import { ROUTES } from '@keuangan/shared/contract';
import { apiGet } from '@keuangan/shared/core';

/** `GET /api/student`: active students whose name or NIS contains `q`, by name, at most `limit`. */
export const searchActiveStudents = (q: string, limit: number, signal: AbortSignal) =>
  apiGet(
    ROUTES.people.students(),
    { q, study_status: 1, page: 1, limit, orderby: 'name', sort: 'asc' },
    { signal },
  );
