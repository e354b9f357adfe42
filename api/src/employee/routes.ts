/**
 * Staff (Pegawai), api/ROUTES.md: list, view, add, edit, delete and the photo upload, and the photo files.
 * Finance editors only; a session sees and changes the staff of its active branch, and changes only staff junior
 * to it. The rules are described in api/ROUTES.md, "Staff".
 */
import {
  ASSIGNABLE_ROLES_ON_ADD,
  ASSIGNABLE_ROLES_ON_EDIT,
  EMPLOYEE_ORDER_FIELDS,
  EMPLOYEE_PHOTO_FIELD,
  EMPLOYEE_PHOTO_MAX_BYTES,
  EMPLOYEE_PHOTO_TOO_LARGE_MESSAGE,
  EMPLOYEE_PHOTO_TYPE_MESSAGE,
  type Employee,
  EmployeeCreateSchema,
  EmployeeUpdateSchema,
  type MessageResponse,
  type Paged,
} from '@keuangan/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { changedFields } from '../audit/diff';
import { requireAuth } from '../auth/guard';
import { userBranches } from '../auth/session';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden, MESSAGES, notFound } from '../lib/errors';
import { containsPattern, listQueryEntries, pagedResponse } from '../lib/paging';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { lockStaffNumbering, nextNip, nextUsername, nipTaken } from './identity';
import { isPhotoName, photoName, reencodePhoto, removeDiskPhoto } from './photo';
import {
  addRoles,
  addUserBranches,
  deleteEmployeeAndUser,
  findVisibleEmployee,
  insertEmployee,
  insertStaffUser,
  insertUserBranches,
  isInOtherBranch,
  loadEmployee,
  loadEmployeePage,
  loadEmployeePhoto,
  removeRoles,
  removeUserBranches,
  replaceEmployeePhoto,
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
  roleSlugsOf,
} from './rules';

const ListQuerySchema = v.object(listQueryEntries(EMPLOYEE_ORDER_FIELDS));

/** The employee id of the path; anything but a positive whole number is simply not found. */
function employeeId(request: FastifyRequest): number {
  const { id } = request.params as { id?: string };
  if (!id || !/^[1-9]\d{0,8}$/.test(id)) throw notFound();
  return Number(id);
}

const NEW_STAFF_UTYPE = 'Pegawai';
/** Stored instead of a password hash: new staff sign in through the suite's Google login, as the demo staff do. */
const NO_PASSWORD = '!';
const PHOTO_REQUIRED = 'Foto tidak boleh kosong';

const documented = routeDocs('Staff');

export async function employeeRoutes(app: FastifyInstance, options: { uploadsDir: string }): Promise<void> {
  const { db } = app.database;
  const { uploadsDir } = options;
  const guard = { preHandler: app.financeEditor };

  app.get(
    '/employee',
    documented(guard, {
      summary: 'Staff of the branches the caller may see, paged',
      input: { query: ListQuerySchema },
      response: 'EmployeePage',
    }),
    async (request): Promise<Paged<Employee>> => {
      const auth = requireAuth(request);
      const query = validate(ListQuerySchema, request.query);
      const { data, total } = await loadEmployeePage(db, auth, {
        term: query.q ? containsPattern(query.q) : null,
        orderby: query.orderby,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return pagedResponse(data, total, query.page, query.limit);
    },
  );

  app.get(
    '/employee/:id',
    documented(guard, { summary: 'One staff member', input: 'none', response: 'Employee' }),
    async (request): Promise<Employee> => {
      const auth = requireAuth(request);
      const row = await findVisibleEmployee(db, auth, employeeId(request));
      return loadEmployee(db, auth.clientId, row.id);
    },
  );

  app.post(
    '/employee',
    documented(guard, {
      summary: 'Add a staff member (username and NIP made by the server)',
      input: { body: EmployeeCreateSchema },
      response: 'Employee',
      status: [201],
    }),
    async (request, reply): Promise<Employee> => {
      const auth = requireAuth(request);
      const body = validate(EmployeeCreateSchema, request.body);
      checkRoleChange(auth, [], body.roles, ASSIGNABLE_ROLES_ON_ADD);
      const id = await app.database.transaction(async (tx) => {
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
      reply.status(201);
      return loadEmployee(db, auth.clientId, id);
    },
  );

  app.put(
    '/employee/:id',
    documented(guard, {
      summary: 'Edit a staff member, roles and branches',
      input: { body: EmployeeUpdateSchema },
      response: 'Employee',
    }),
    async (request): Promise<Employee> => {
      const auth = requireAuth(request);
      const id = employeeId(request);
      const {
        roles: roleList,
        branch_ids,
        fe: _module,
        ...fields
      } = validate(EmployeeUpdateSchema, request.body);
      const wantedRoles: readonly string[] | undefined = roleList;
      await app.database.transaction(async (tx) => {
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
      return loadEmployee(db, auth.clientId, id);
    },
  );

  app.delete(
    '/employee/:id',
    documented(guard, { summary: 'Delete a staff member', input: 'none', response: 'MessageResponse' }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = employeeId(request);
      const pics = await app.database.transaction(async (tx) => {
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
      await removeDiskPhoto(uploadsDir, pics);
      return { message: 'Data berhasil dihapus' };
    },
  );

  app.post(
    '/employee-photo/:id',
    documented(guard, {
      summary: "Upload a staff member's photo (multipart field pics)",
      input: { body: 'photo' },
      response: 'Employee',
    }),
    async (request): Promise<Employee> => {
      const auth = requireAuth(request);
      const id = employeeId(request);
      const visible = await findVisibleEmployee(db, auth, id);
      checkManageable(auth, await roleSlugsOf(db, visible.user_id), CANNOT_CHANGE_STAFF);
      const photo = await reencodePhoto(await readPhoto(request));
      if (!photo) throw fieldError(EMPLOYEE_PHOTO_FIELD, EMPLOYEE_PHOTO_TYPE_MESSAGE);

      // The new photo, the record and the removal of the replaced photo: one transaction, all or nothing.
      const name = photoName(id, photo.ext);
      const previous = await app.database.transaction(async (tx) => {
        const row = await findVisibleEmployee(tx, auth, id);
        checkManageable(auth, await roleSlugsOf(tx, row.user_id), CANNOT_CHANGE_STAFF);
        await replaceEmployeePhoto(
          tx,
          id,
          { name, content_type: photo.contentType, bytes: photo.bytes },
          row.pics,
        );
        return row.pics;
      });
      await removeDiskPhoto(uploadsDir, previous);
      return loadEmployee(db, auth.clientId, id);
    },
  );

  /**
   * The one file of field `pics`, at most EMPLOYEE_PHOTO_MAX_BYTES. The body is parsed here, so a broken one
   * (no boundary, cut short, garbage) surfaces here: 400, never a 500.
   */
  async function readPhoto(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw fieldError(EMPLOYEE_PHOTO_FIELD, PHOTO_REQUIRED);
    try {
      const file = await request.file({ limits: { fileSize: EMPLOYEE_PHOTO_MAX_BYTES } });
      if (!file || file.fieldname !== EMPLOYEE_PHOTO_FIELD) {
        throw fieldError(EMPLOYEE_PHOTO_FIELD, PHOTO_REQUIRED);
      }
      return await file.toBuffer();
    } catch (error) {
      throw uploadError(error);
    }
  }

  /** What a failure while reading an upload means for the client. */
  function uploadError(error: unknown): unknown {
    const errors = app.multipartErrors;
    if (error instanceof ApiError) return error;
    if (error instanceof errors.RequestFileTooLargeError) {
      return new ApiError(413, EMPLOYEE_PHOTO_TOO_LARGE_MESSAGE, {
        [EMPLOYEE_PHOTO_FIELD]: [EMPLOYEE_PHOTO_TOO_LARGE_MESSAGE],
      });
    }
    if (
      error instanceof errors.PartsLimitError ||
      error instanceof errors.FilesLimitError ||
      error instanceof errors.FieldsLimitError
    ) {
      return new ApiError(413, MESSAGES.tooManyParts);
    }
    // Everything else thrown while the request body is parsed is the body's fault.
    return new ApiError(400, MESSAGES.badUpload);
  }
}

/** Serves employee photos at /uploads/employees/{name}: from the database, else an older file on disk. */
export async function employeePhotoFiles(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.get('/uploads/employees/:name', async (request, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    if (!isPhotoName(name)) throw notFound();
    const photo = await loadEmployeePhoto(db, name);
    if (!photo) return reply.sendFile(`employees/${name}`); // the default photo, or one from before
    return reply
      .type(photo.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable') // a name is never reused
      .send(photo.bytes);
  });
}
