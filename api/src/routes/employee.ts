/**
 * Staff (Pegawai), spec part 1 §7: list, view, add, edit, delete and the photo upload. Finance editors only;
 * a session sees and changes the staff of its active branch. The rules are described in api/README.md, "Staff".
 */
import {
  ASSIGNABLE_ROLES_ON_ADD,
  ASSIGNABLE_ROLES_ON_EDIT,
  canAssignRoles,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { type AuthContext, userBranches } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { employees, ethnics, religions, roles, user_branches, user_roles, users } from '../db/schema';
import { lockStaffNumbering, nextNip, nextUsername, nipTaken } from '../employee/identity';
import { imageExtension, removePhoto, savePhoto } from '../employee/photo';
import {
  employeeRows,
  findVisibleEmployee,
  loadEmployee,
  toEmployees,
  visibleEmployee,
} from '../employee/store';
import { ApiError, fieldError, forbidden, notFound } from '../lib/errors';
import { containsPattern, listQueryEntries, pagedResponse } from '../lib/paging';
import { todayJakarta } from '../lib/time';
import { validate } from '../lib/validate';

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

/**
 * Roles a request would add or remove must be changed by a user who may assign roles, and be among the roles
 * the form offers (add: ASSIGNABLE_ROLES_ON_ADD, edit: ASSIGNABLE_ROLES_ON_EDIT).
 */
function checkRoleChange(
  auth: AuthContext,
  current: readonly string[],
  wanted: readonly string[],
  offered: readonly string[],
) {
  const changed = [
    ...wanted.filter((slug) => !current.includes(slug)),
    ...current.filter((slug) => !wanted.includes(slug)),
  ];
  if (changed.length === 0) return;
  if (!canAssignRoles(auth.roleSlugs)) throw forbidden('Anda tidak berhak mengatur role pegawai');
  if (changed.some((slug) => !offered.includes(slug))) {
    throw forbidden('Role tersebut tidak dapat diatur dari formulir ini');
  }
}

/** The caller's branch ids; every id asked for must be one of them. */
async function checkOwnBranches(db: Db, auth: AuthContext, branchIds: readonly number[]): Promise<number[]> {
  const own = (await userBranches(db, auth.userId, auth.clientId)).map((b) => b.id);
  if (branchIds.some((id) => !own.includes(id))) throw forbidden('Anda tidak terdaftar di cabang tersebut');
  return own;
}

/** Religion and ethnic group must exist (a clear 422 rather than a foreign-key error). */
async function checkReferences(db: Db, body: { religion_id: number; ethnic_id: number }) {
  const [religion] = await db
    .select({ id: religions.id })
    .from(religions)
    .where(eq(religions.id, body.religion_id));
  if (!religion) throw fieldError('religion_id', 'Agama tidak valid');
  const [ethnic] = await db.select({ id: ethnics.id }).from(ethnics).where(eq(ethnics.id, body.ethnic_id));
  if (!ethnic) throw fieldError('ethnic_id', 'Suku tidak valid');
}

async function roleSlugsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: roles.slug })
    .from(user_roles)
    .innerJoin(roles, eq(roles.id, user_roles.role_id))
    .where(eq(user_roles.user_id, userId));
  return rows.map((r) => r.slug);
}

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
      const nip = body.nip ?? (await nextNip(tx, auth.clientId, todayJakarta().slice(0, 4)));
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
      if (wantedRoles) checkRoleChange(auth, currentRoles, wantedRoles, ASSIGNABLE_ROLES_ON_EDIT);
      const own = await checkOwnBranches(tx, auth, branch_ids);
      await checkReferences(tx, fields);

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
    });
    return loadEmployee(db, auth.clientId, id);
  });

  app.delete('/employee/:id', guard, async (request): Promise<MessageResponse> => {
    const auth = requireAuth(request);
    const id = employeeId(request);
    const pics = await app.database.transaction(async (tx) => {
      const row = await findVisibleEmployee(tx, auth, id);
      if (row.user_id === auth.userId) throw forbidden('Anda tidak dapat menghapus data Anda sendiri');
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
      await tx.delete(users).where(eq(users.id, row.user_id)); // roles and branches go with it
      return row.pics;
    });
    await removePhoto(uploadsDir, pics);
    return { message: 'Data berhasil dihapus' };
  });

  app.post('/employee-photo/:id', guard, async (request): Promise<Employee> => {
    const auth = requireAuth(request);
    const id = employeeId(request);
    await findVisibleEmployee(db, auth, id);
    const bytes = await readPhoto(request);
    const ext = imageExtension(bytes);
    if (!ext) throw fieldError(EMPLOYEE_PHOTO_FIELD, EMPLOYEE_PHOTO_TYPE_MESSAGE);

    // The file first, then the record: a failed write leaves the record as it was and no file behind.
    const name = await savePhoto(uploadsDir, id, bytes, ext);
    let previous: string | null;
    try {
      previous = await app.database.transaction(async (tx) => {
        const row = await findVisibleEmployee(tx, auth, id);
        await tx.update(employees).set({ pics: name, updated_at: new Date() }).where(eq(employees.id, id));
        return row.pics;
      });
    } catch (error) {
      await removePhoto(uploadsDir, name);
      throw error;
    }
    await removePhoto(uploadsDir, previous);
    return loadEmployee(db, auth.clientId, id);
  });

  /** The one file of field `pics`, at most EMPLOYEE_PHOTO_MAX_BYTES. */
  async function readPhoto(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw fieldError(EMPLOYEE_PHOTO_FIELD, PHOTO_REQUIRED);
    const file = await request.file({ limits: { fileSize: EMPLOYEE_PHOTO_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== EMPLOYEE_PHOTO_FIELD)
      throw fieldError(EMPLOYEE_PHOTO_FIELD, PHOTO_REQUIRED);
    try {
      return await file.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw new ApiError(413, EMPLOYEE_PHOTO_TOO_LARGE_MESSAGE, {
          [EMPLOYEE_PHOTO_FIELD]: [EMPLOYEE_PHOTO_TOO_LARGE_MESSAGE],
        });
      }
      throw error;
    }
  }
}
