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
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { auditWho, recordAudit } from '../audit/record';
import { requireAuth } from '../auth/guard';
import { userBranches } from '../auth/session';
import type { Tx } from '../db/client';
import { employee_photos, employees, roles, user_branches, user_roles, users } from '../db/schema';
import { ApiError, fieldError, forbidden, MESSAGES, notFound } from '../lib/errors';
import { containsPattern, listQueryEntries, pagedResponse } from '../lib/paging';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { lockStaffNumbering, nextNip, nextUsername, nipTaken } from './identity';
import { isPhotoName, photoName, reencodePhoto, removeDiskPhoto } from './photo';
import { employeeRows, findVisibleEmployee, loadEmployee, toEmployees, visibleEmployee } from './queries';
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

const ORDER_COLUMNS = {
  name: employees.name,
  uname: users.uname,
  nip: employees.nip,
  id: employees.id,
} as const;

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

async function addRoles(tx: Tx, userId: number, slugs: readonly string[]) {
  if (slugs.length === 0) return;
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.slug, [...slugs]));
  await tx
    .insert(user_roles)
    .values(rows.map((r) => ({ user_id: userId, role_id: r.id })))
    .onConflictDoNothing();
}

export async function employeeRoutes(app: FastifyInstance, options: { uploadsDir: string }): Promise<void> {
  const { db } = app.database;
  const { uploadsDir } = options;
  const guard = { preHandler: app.financeEditor };

  app.get('/employee', guard, async (request): Promise<Paged<Employee>> => {
    const auth = requireAuth(request);
    const query = validate(ListQuerySchema, request.query);
    const term = query.q ? containsPattern(query.q) : null;
    const where = and(
      visibleEmployee(db, auth),
      term
        ? or(ilike(employees.name, term), ilike(users.uname, term), ilike(employees.nip, term))
        : undefined,
    );
    const direction = query.sort === 'desc' ? desc : asc;
    const [rows, [counted]] = await Promise.all([
      employeeRows(db, where)
        .orderBy(direction(ORDER_COLUMNS[query.orderby]), direction(employees.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db
        .select({ total: count() })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.user_id))
        .where(where),
    ]);
    const data = await toEmployees(db, auth.clientId, rows);
    return pagedResponse(data, counted?.total ?? 0, query.page, query.limit);
  });

  app.get('/employee/:id', guard, async (request): Promise<Employee> => {
    const auth = requireAuth(request);
    const row = await findVisibleEmployee(db, auth, employeeId(request));
    return loadEmployee(db, auth.clientId, row.id);
  });

  app.post('/employee', guard, async (request, reply): Promise<Employee> => {
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
      const [user] = await tx
        .insert(users)
        .values({
          client_id: auth.clientId,
          uname,
          password_hash: NO_PASSWORD,
          name: body.name,
          utype_name: NEW_STAFF_UTYPE,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user not created');
      await addRoles(tx, user.id, body.roles);
      await tx
        .insert(user_branches)
        .values(body.branch_ids.map((branch_id) => ({ user_id: user.id, branch_id })));
      const [employee] = await tx
        .insert(employees)
        .values({
          client_id: auth.clientId,
          user_id: user.id,
          nip,
          name: body.name,
          initial_degree: body.initial_degree,
          final_degree: body.final_degree,
          gender_id: body.gender_id,
          religion_id: body.religion_id,
          ethnic_id: body.ethnic_id,
          marital_status_id: body.marital_status_id,
        })
        .returning({ id: employees.id });
      if (!employee) throw new Error('employee not created');
      await recordAudit(tx, auditWho(auth), {
        action: 'staff.create',
        entity: 'employee',
        entityId: employee.id,
        after: { name: body.name, nip, roles: body.roles, branch_ids: body.branch_ids },
      });
      return employee.id;
    });
    reply.status(201);
    return loadEmployee(db, auth.clientId, id);
  });

  app.put('/employee/:id', guard, async (request): Promise<Employee> => {
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
      const beforeBranches = (
        await tx
          .select({ id: user_branches.branch_id })
          .from(user_branches)
          .where(and(eq(user_branches.user_id, row.user_id), inArray(user_branches.branch_id, own)))
      ).map((b) => b.id);

      const now = new Date();
      await tx
        .update(employees)
        .set({ ...fields, updated_at: now })
        .where(eq(employees.id, id));
      // The sign-in account carries the same name.
      await tx.update(users).set({ name: fields.name, updated_at: now }).where(eq(users.id, row.user_id));

      if (wantedRoles) {
        const removed = currentRoles.filter((slug) => !wantedRoles.includes(slug));
        if (removed.length > 0) {
          const removedIds = tx.select({ id: roles.id }).from(roles).where(inArray(roles.slug, removed));
          await tx
            .delete(user_roles)
            .where(and(eq(user_roles.user_id, row.user_id), inArray(user_roles.role_id, removedIds)));
        }
        await addRoles(tx, row.user_id, wantedRoles);
      }

      // Only the caller's branches change; the staff member's other branches stay as they are.
      const dropped = own.filter((branchId) => !branch_ids.includes(branchId));
      if (dropped.length > 0) {
        await tx
          .delete(user_branches)
          .where(and(eq(user_branches.user_id, row.user_id), inArray(user_branches.branch_id, dropped)));
      }
      await tx
        .insert(user_branches)
        .values(branch_ids.map((branch_id) => ({ user_id: row.user_id, branch_id })))
        .onConflictDoNothing();
      // Access is what matters here: the roles and the caller's branches, before and after.
      await recordAudit(tx, auditWho(auth), {
        action: 'staff.update',
        entity: 'employee',
        entityId: id,
        before: { roles: currentRoles, branch_ids: beforeBranches },
        after: { roles: wantedRoles ?? currentRoles, branch_ids },
      });
    });
    return loadEmployee(db, auth.clientId, id);
  });

  app.delete('/employee/:id', guard, async (request): Promise<MessageResponse> => {
    const auth = requireAuth(request);
    const id = employeeId(request);
    const pics = await app.database.transaction(async (tx) => {
      const row = await findVisibleEmployee(tx, auth, id);
      if (row.user_id === auth.userId) throw forbidden('Anda tidak dapat menghapus data Anda sendiri');
      checkManageable(auth, await roleSlugsOf(tx, row.user_id), CANNOT_DELETE_STAFF);
      const own = (await userBranches(tx, auth.userId, auth.clientId)).map((b) => b.id);
      const [elsewhere] = await tx
        .select({ branch_id: user_branches.branch_id })
        .from(user_branches)
        .where(and(eq(user_branches.user_id, row.user_id), notInArray(user_branches.branch_id, own)))
        .limit(1);
      if (elsewhere) throw forbidden('Pegawai ini juga terdaftar di cabang yang bukan cabang Anda');
      // Staff still referred to (homeroom classes, bills or payments they recorded) make the database refuse:
      // 409 "Data masih digunakan ...", and nothing is deleted.
      await tx.delete(employees).where(eq(employees.id, id));
      await tx.delete(users).where(eq(users.id, row.user_id)); // roles, branches and photos go with it
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
  });

  app.post('/employee-photo/:id', guard, async (request): Promise<Employee> => {
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
      await tx
        .insert(employee_photos)
        .values({ name, employee_id: id, content_type: photo.contentType, bytes: photo.bytes });
      await tx.update(employees).set({ pics: name, updated_at: new Date() }).where(eq(employees.id, id));
      if (row.pics) await tx.delete(employee_photos).where(eq(employee_photos.name, row.pics));
      return row.pics;
    });
    await removeDiskPhoto(uploadsDir, previous);
    return loadEmployee(db, auth.clientId, id);
  });

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
    const [photo] = await db
      .select({ content_type: employee_photos.content_type, bytes: employee_photos.bytes })
      .from(employee_photos)
      .where(eq(employee_photos.name, name));
    if (!photo) return reply.sendFile(`employees/${name}`); // the default photo, or one from before
    return reply
      .type(photo.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable') // a name is never reused
      .send(photo.bytes);
  });
}
