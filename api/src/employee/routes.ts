/**
 * Staff (Pegawai), api/ROUTES.md: list, view, add, edit, delete and the photo upload, and the photo files.
 * Finance editors only; a session sees and changes the staff of its active branch, and changes only staff junior
 * to it. The rules are described in api/ROUTES.md, "Staff".
 */
import {
  EMPLOYEE_PHOTO_FIELD,
  EMPLOYEE_PHOTO_MAX_BYTES,
  EMPLOYEE_PHOTO_TOO_LARGE_MESSAGE,
  EMPLOYEE_PHOTO_TYPE_MESSAGE,
  type Employee,
  type MessageResponse,
  type Paged,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard';
import { ApiError, fieldError, MESSAGES, notFound } from '../lib/errors';
import { containsPattern, pagedResponse } from '../lib/paging';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { isPhotoName, photoName, reencodePhoto, removeDiskPhoto } from './photo';
import {
  findVisibleEmployee,
  loadEmployee,
  loadEmployeePage,
  loadEmployeePhoto,
  roleSlugsOf,
} from './queries';
import { CANNOT_CHANGE_STAFF, checkManageable } from './rules';
import { addEmployee, deleteEmployee, editEmployee, replacePhoto } from './writes';

/** The employee id of the path; anything but a positive whole number is simply not found. */
function employeeId(request: FastifyRequest): number {
  const { id } = request.params as { id?: string };
  if (!id || !/^[1-9]\d{0,8}$/.test(id)) throw notFound();
  return Number(id);
}

const PHOTO_REQUIRED = 'Foto tidak boleh kosong';

const documented = routeDocs('Staff');

export async function employeeRoutes(app: FastifyInstance, options: { uploadsDir: string }): Promise<void> {
  const { db } = app.database;
  const { uploadsDir } = options;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.people.employees.local,
    documented(guard, {
      summary: 'Staff of the branches the caller may see, paged',
      response: 'EmployeePage',
    }),
    async (request): Promise<Paged<Employee>> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.people.employees.query, request.query);
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
    ROUTES.people.employee.local,
    documented(guard, { summary: 'One staff member', input: 'none', response: 'Employee' }),
    async (request): Promise<Employee> => {
      const auth = requireAuth(request);
      const row = await findVisibleEmployee(db, auth, employeeId(request));
      return loadEmployee(db, auth.clientId, row.id);
    },
  );

  app.post(
    ROUTES.people.createEmployee.local,
    documented(guard, {
      summary: 'Add a staff member (username and NIP made by the server)',
      response: 'Employee',
      status: [201],
    }),
    async (request, reply): Promise<Employee> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.people.createEmployee.body, request.body);
      const id = await addEmployee(app.database, auth, body);
      reply.status(201);
      return loadEmployee(db, auth.clientId, id);
    },
  );

  app.put(
    ROUTES.people.updateEmployee.local,
    documented(guard, {
      summary: 'Edit a staff member, roles and branches',
      response: 'Employee',
    }),
    async (request): Promise<Employee> => {
      const auth = requireAuth(request);
      const id = employeeId(request);
      await editEmployee(
        app.database,
        auth,
        id,
        validate(ROUTE_INPUTS.people.updateEmployee.body, request.body),
      );
      return loadEmployee(db, auth.clientId, id);
    },
  );

  app.delete(
    ROUTES.people.deleteEmployee.local,
    documented(guard, { summary: 'Delete a staff member', input: 'none', response: 'MessageResponse' }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = employeeId(request);
      const pics = await deleteEmployee(app.database, auth, id);
      await removeDiskPhoto(uploadsDir, pics);
      return { message: 'Data berhasil dihapus' };
    },
  );

  app.post(
    ROUTES.people.employeePhoto.local,
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

      const name = photoName(id, photo.ext);
      const previous = await replacePhoto(app.database, auth, id, {
        name,
        content_type: photo.contentType,
        bytes: photo.bytes,
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
