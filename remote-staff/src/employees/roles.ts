import { canManageStaff, type Employee, type Role, useSession } from '@keuangan/shared';
import { useCallback } from 'react';

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
