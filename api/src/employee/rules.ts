/**
 * The rules of changing staff (api/ROUTES.md, "Staff" and "Who may change whom"): who may change or delete whom,
 * which roles a request may grant, which branches, and the references a record points to.
 */
import { canAssignRoles, canGrantRole, canManageStaff } from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import { userBranches } from '../auth/session-queries';
import type { Db } from '../db/client';
import { fieldError, forbidden } from '../lib/errors';
import { ethnicExists, religionExists } from './queries';

export const CANNOT_CHANGE_STAFF = 'Anda tidak berhak mengubah data pegawai ini';
export const CANNOT_DELETE_STAFF = 'Anda tidak berhak menghapus data pegawai ini';

/** The caller must be more senior than every role the staff member holds (else 403 with `message`). */
export function checkManageable(auth: AuthContext, staffRoles: readonly string[], message: string): void {
  if (!canManageStaff(auth.roleSlugs, staffRoles)) throw forbidden(message);
}

/**
 * Roles a request would add or remove must be changed by a user who may assign roles, be among the roles the
 * form offers (add: ASSIGNABLE_ROLES_ON_ADD, edit: ASSIGNABLE_ROLES_ON_EDIT), and be junior to the caller.
 */
export function checkRoleChange(
  auth: AuthContext,
  current: readonly string[],
  wanted: readonly string[],
  offered: readonly string[],
): void {
  const changed = [
    ...wanted.filter((slug) => !current.includes(slug)),
    ...current.filter((slug) => !wanted.includes(slug)),
  ];
  if (changed.length === 0) return;
  if (!canAssignRoles(auth.roleSlugs)) throw forbidden('Anda tidak berhak mengatur role pegawai');
  if (changed.some((slug) => !offered.includes(slug))) {
    throw forbidden('Role tersebut tidak dapat diatur dari formulir ini');
  }
  if (changed.some((slug) => !canGrantRole(auth.roleSlugs, slug))) {
    throw forbidden('Anda tidak berhak mengatur role tersebut');
  }
}

/** The caller's branch ids; every id asked for must be one of them. */
export async function checkOwnBranches(
  db: Db,
  auth: AuthContext,
  branchIds: readonly number[],
): Promise<number[]> {
  const own = (await userBranches(db, auth.userId, auth.clientId)).map((b) => b.id);
  if (branchIds.some((id) => !own.includes(id))) throw forbidden('Anda tidak terdaftar di cabang tersebut');
  return own;
}

/** Religion and ethnic group must exist (a clear 422 rather than a foreign-key error). */
export async function checkReferences(
  db: Db,
  body: { religion_id: number; ethnic_id: number },
): Promise<void> {
  if (!(await religionExists(db, body.religion_id))) throw fieldError('religion_id', 'Agama tidak valid');
  if (!(await ethnicExists(db, body.ethnic_id))) throw fieldError('ethnic_id', 'Suku tidak valid');
}
