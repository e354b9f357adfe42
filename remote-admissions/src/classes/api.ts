/** The class screens' requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPost,
  apiPut,
  type ClassValues,
  type QueryType,
  ROUTES,
  type SchoolClass,
  useLoad,
  usePagedQuery,
} from '@keuangan/shared';
import { useCallback } from 'react';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/class`: one page of classes. */
export const useClassList = (params: QueryType<typeof ROUTES.people.classes>, options: ListOptions) =>
  usePagedQuery(ROUTES.people.classes(), params, options);

/** `GET /api/class/{id}`; no id (the add form): nothing to load. */
export function useClass(id: string | undefined) {
  const load = useCallback(
    async (signal: AbortSignal) =>
      id === undefined ? null : apiGet(ROUTES.people.class({ id }), undefined, { signal }),
    [id],
  );
  return useLoad(load);
}

/** `POST /api/class` for a new class, `PUT /api/class/{id}` for an existing one. */
export const saveClass = (cls: SchoolClass | null, values: ClassValues) =>
  cls
    ? apiPut(ROUTES.people.updateClass({ id: cls.id }), values)
    : apiPost(ROUTES.people.createClass(), values);

/** What `DeleteDialog` deletes for one class. */
export const classUrl = (id: number) => ROUTES.people.deleteClass({ id });

/** `GET /api/student-by-class`: one page of a class's students. */
export const useClassStudents = (classId: number, options: ListOptions) =>
  usePagedQuery(
    ROUTES.people.studentsByClass(),
    { class_id: classId, orderby: 'name', sort: 'asc' },
    options,
  );

/** `GET /api/employee`: up to 50 staff whose name matches, for the homeroom teacher select. */
export const searchStaff = (term: string, signal: AbortSignal) =>
  apiGet(ROUTES.people.employees(), { q: term, limit: 50, orderby: 'name', sort: 'asc' }, { signal });
