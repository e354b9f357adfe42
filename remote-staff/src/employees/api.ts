/** The staff screens' requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  EMPLOYEE_PHOTO_FIELD,
  type EmployeeCreateValues,
  type EmployeeUpdateValues,
  employeePhotoPath,
  getConfig,
  type RefItem,
  ROUTES,
  type Role,
  useLoad,
  usePagedQuery,
} from '@keuangan/shared';
import { useCallback } from 'react';

/** Full address of an employee's photo on the API server, or of the default photo. */
export const employeePhotoUrl = (pics: string | null | undefined): string =>
  `${getConfig().baseUrl}${employeePhotoPath(pics)}`;

/** `GET /api/employee`: one page of staff, searched by name. */
export const useEmployeeList = (q: string, pageSize: number) =>
  usePagedQuery(ROUTES.people.employees(), { q, orderby: 'name', sort: 'asc' }, { pageSize });

/** `GET /api/employee/{id}`. */
export function useEmployee(id: string | undefined) {
  const load = useCallback(
    (signal: AbortSignal) => apiGet(ROUTES.people.employee({ id }), undefined, { signal }),
    [id],
  );
  return useLoad(load);
}

export const createEmployee = (values: EmployeeCreateValues) =>
  apiPost(ROUTES.people.createEmployee(), values);

export const updateEmployee = (id: number, values: EmployeeUpdateValues) =>
  apiPut(ROUTES.people.updateEmployee({ id }), values);

/** `POST /api/employee-photo/{id}`: the cropped photo, sent once the data is saved. */
export function uploadEmployeePhoto(id: number, photo: Blob) {
  const form = new FormData();
  form.append(EMPLOYEE_PHOTO_FIELD, photo, 'foto.jpg');
  return apiPost(ROUTES.people.employeePhoto({ id }), form);
}

export const deleteEmployee = (id: number) => apiDelete(ROUTES.people.deleteEmployee({ id }));

export interface References {
  religions: RefItem[];
  ethnics: RefItem[];
  roles: Role[];
}

const loadReferences = async (signal: AbortSignal): Promise<References> => {
  const [religions, ethnics, roles] = await Promise.all([
    apiGet(ROUTES.reference.religions(), undefined, { signal }),
    apiGet(ROUTES.reference.ethnics(), undefined, { signal }),
    apiGet(ROUTES.reference.roles(), undefined, { signal }),
  ]);
  return { religions, ethnics, roles };
};

/** The lists behind the form's selects and role checkboxes. */
export function useReferences() {
  return useLoad(loadReferences);
}
