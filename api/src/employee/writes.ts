/**
 * The staff writes, one function each: every one runs in its own transaction with its audit record
 * (api/ROUTES.md, "Staff"); the photo files on disk are the caller's, after the commit.
 */
import {
  ASSIGNABLE_ROLES_ON_ADD,
  ASSIGNABLE_ROLES_ON_EDIT,
  type EmployeeCreateValues,
  type EmployeeUpdateValues,
} from '@keuangan/shared/contract';
import { changedFields } from '../audit/diff';
import type { AuthContext } from '../auth/session';
import { userBranches } from '../auth/session-queries';
import type { Database } from '../db/client';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, forbidden } from '../lib/errors';
import { todayIn } from '../lib/time';
import { lockStaffNumbering, nextNip, nextUsername, nipTaken } from './identity';
import {
  addRoles,
  addUserBranches,
  deleteEmployeeAndUser,
  findVisibleEmployee,
  insertEmployee,
  insertStaffUser,
  insertUserBranches,
  isInOtherBranch,
  removeRoles,
  removeUserBranches,
  replaceEmployeePhoto,
  roleSlugsOf,
  updateEmployeeAndUserName,
  userBranchIdsAmong,
} from './queries';
import {
  CANNOT_CHANGE_STAFF,
  CANNOT_DELETE_STAFF,
  checkManageable,
  checkOwnBranches,
  checkReferences,
  checkRoleChange,
} from './rules';

const NEW_STAFF_UTYPE = 'Pegawai';
/** Stored instead of a password hash: new staff sign in through the suite's Google login, as the demo staff do. */
const NO_PASSWORD = '!';

/** Adds a staff member with a username and NIP made here; answers the employee's id. */
export function addEmployee(database: Database, auth: AuthContext, body: EmployeeCreateValues) {
  checkRoleChange(auth, [], body.roles, ASSIGNABLE_ROLES_ON_ADD);
  return database.transaction(async (tx) => {
    await checkOwnBranches(tx, auth, body.branch_ids);
    await checkReferences(tx, body);
    await lockStaffNumbering(tx, auth.clientId);
    if (body.nip && (await nipTaken(tx, auth.clientId, body.nip))) {
      throw new ApiError(409, 'NIP sudah digunakan', { nip: ['NIP sudah digunakan'] });
    }
    const nip = body.nip ?? (await nextNip(tx, auth.clientId, todayIn(auth).slice(0, 4)));
    const uname = await nextUsername(tx, body.name);
    const userId = await insertStaffUser(tx, auth.clientId, {
      uname,
      password_hash: NO_PASSWORD,
      name: body.name,
      utype_name: NEW_STAFF_UTYPE,
    });
    await addRoles(tx, userId, body.roles);
    await insertUserBranches(tx, userId, body.branch_ids);
    const newId = await insertEmployee(tx, auth.clientId, userId, {
      nip,
      name: body.name,
      initial_degree: body.initial_degree,
      final_degree: body.final_degree,
      gender_id: body.gender_id,
      religion_id: body.religion_id,
      ethnic_id: body.ethnic_id,
      marital_status_id: body.marital_status_id,
    });
    await recordAudit(tx, auditWho(auth), {
      action: 'staff.create',
      entity: 'employee',
      entityId: newId,
      after: { name: body.name, nip, roles: body.roles, branch_ids: body.branch_ids },
    });
    return newId;
  });
}

/** Edits a staff member, their roles and their branches among the caller's. */
export function editEmployee(database: Database, auth: AuthContext, id: number, body: EmployeeUpdateValues) {
  const { roles: roleList, branch_ids, fe: _module, ...fields } = body;
  const wantedRoles: readonly string[] | undefined = roleList;
  return database.transaction(async (tx) => {
    const row = await findVisibleEmployee(tx, auth, id);
    const currentRoles = await roleSlugsOf(tx, row.user_id);
    checkManageable(auth, currentRoles, CANNOT_CHANGE_STAFF);
    if (wantedRoles) checkRoleChange(auth, currentRoles, wantedRoles, ASSIGNABLE_ROLES_ON_EDIT);
    const own = await checkOwnBranches(tx, auth, branch_ids);
    await checkReferences(tx, fields);
    const beforeBranches = await userBranchIdsAmong(tx, row.user_id, own);

    // The sign-in account carries the same name.
    await updateEmployeeAndUserName(tx, row, fields);

    if (wantedRoles) {
      const removed = currentRoles.filter((slug) => !wantedRoles.includes(slug));
      if (removed.length > 0) await removeRoles(tx, row.user_id, removed);
      await addRoles(tx, row.user_id, wantedRoles);
    }

    // Only the caller's branches change; the staff member's other branches stay as they are.
    const dropped = own.filter((branchId) => !branch_ids.includes(branchId));
    if (dropped.length > 0) await removeUserBranches(tx, row.user_id, dropped);
    await addUserBranches(tx, row.user_id, branch_ids);
    // Only what the save changed, fields, roles and the caller's branches alike; a save that changed nothing
    // writes no record (docs/roles.md "Audit log").
    const change = changedFields(
      { ...row, roles: currentRoles, branch_ids: beforeBranches },
      { ...fields, roles: wantedRoles ?? currentRoles, branch_ids },
    );
    if (change) {
      await recordAudit(tx, auditWho(auth), {
        action: 'staff.update',
        entity: 'employee',
        entityId: id,
        ...change,
      });
    }
  });
}

/** Deletes a staff member and their account; answers the photo file to remove from disk. */
export function deleteEmployee(database: Database, auth: AuthContext, id: number) {
  return database.transaction(async (tx) => {
    const row = await findVisibleEmployee(tx, auth, id);
    if (row.user_id === auth.userId) throw forbidden('Anda tidak dapat menghapus data Anda sendiri');
    checkManageable(auth, await roleSlugsOf(tx, row.user_id), CANNOT_DELETE_STAFF);
    const own = (await userBranches(tx, auth.userId, auth.clientId)).map((b) => b.id);
    if (await isInOtherBranch(tx, row.user_id, own))
      throw forbidden('Pegawai ini juga terdaftar di cabang yang bukan cabang Anda');
    // Staff still referred to (homeroom classes, bills or payments they recorded) make the database refuse:
    // 409 "Data masih digunakan ...", and nothing is deleted.
    await deleteEmployeeAndUser(tx, id, row.user_id); // roles, branches and photos go with the user
    await recordAudit(tx, auditWho(auth), {
      action: 'staff.delete',
      entity: 'employee',
      entityId: id,
      before: { user_id: row.user_id },
    });
    return row.pics;
  });
}

/** The new photo, the record and the removal of the replaced one: all or nothing; answers the replaced file. */
export function replacePhoto(
  database: Database,
  auth: AuthContext,
  id: number,
  photo: { name: string; content_type: string; bytes: Buffer },
) {
  return database.transaction(async (tx) => {
    const row = await findVisibleEmployee(tx, auth, id);
    checkManageable(auth, await roleSlugsOf(tx, row.user_id), CANNOT_CHANGE_STAFF);
    await replaceEmployeePhoto(tx, id, photo, row.pics);
    return row.pics;
  });
}
