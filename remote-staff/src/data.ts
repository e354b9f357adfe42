import {
  apiGet,
  canManageStaff,
  type Employee,
  employeePhotoPath,
  getConfig,
  type RefItem,
  type Role,
  useLoad,
  useSession,
} from '@keuangan/shared';
import { useCallback } from 'react';

/** Full address of an employee's photo on the API server, or of the default photo. */
export const employeePhotoUrl = (pics: string | null | undefined): string =>
  `${getConfig().baseUrl}${employeePhotoPath(pics)}`;

/** The roles among `slugs`, in the employee's order (list badges, view, form checkboxes). */
export const rolesAmong = (roles: readonly Role[], slugs: readonly string[]): Role[] =>
  roles.filter((role) => slugs.includes(role.slug));

/**
 * Whether the signed-in user may change or delete a staff member: only staff junior to them (the API's rule,
 * api/ROUTES.md "Who may change whom"), so the screens offer Edit and Hapus only where they would work.
 */
export function useMayChangeStaff(): (employee: Employee) => boolean {
  const user = useSession((s) => s.user);
  return useCallback(
    (employee: Employee) =>
      canManageStaff(
        user?.roles.map((r) => r.slug) ?? [],
        employee.user.roles.map((r) => r.slug),
      ),
    [user],
  );
}

/** `GET /api/employee/{id}`. */
export function useEmployee(id: string | undefined) {
  const load = useCallback(
    (signal: AbortSignal) => apiGet<Employee>(`/api/employee/${id}`, undefined, { signal }),
    [id],
  );
  return useLoad(load);
}

export interface References {
  religions: RefItem[];
  ethnics: RefItem[];
  roles: Role[];
}

const loadReferences = async (signal: AbortSignal): Promise<References> => {
  const [religions, ethnics, roles] = await Promise.all([
    apiGet<RefItem[]>('/api/ref-religions-getall', undefined, { signal }),
    apiGet<RefItem[]>('/api/ref-ethnics-getall', undefined, { signal }),
    apiGet<Role[]>('/api/ref-roles-getall', undefined, { signal }),
  ]);
  return { religions, ethnics, roles };
};

/** The lists behind the form's selects and role checkboxes. */
export function useReferences() {
  return useLoad(loadReferences);
}
