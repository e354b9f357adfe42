/** The student screens' requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPut,
  type QueryType,
  ROUTES,
  type StudentUpdateValues,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student`: one page of students. */
export const useStudentList = (params: QueryType<typeof ROUTES.people.students>, options: ListOptions) =>
  usePagedQuery(ROUTES.people.students(), params, options);

/** `GET /api/student/{id}`. */
export const fetchStudent = (id: string | undefined, signal: AbortSignal) =>
  apiGet(ROUTES.people.student({ id }), undefined, { signal });

/** `PUT /api/student/{id}`. */
export const updateStudent = (id: number, values: StudentUpdateValues) =>
  apiPut(ROUTES.people.updateStudent({ id }), values);
