/**
 * Students (Siswa), api/ROUTES.md: list, one, students of a class, add and edit. Finance editors of the
 * branch only; the rules are in api/ROUTES.md, "Students".
 */
import {
  type Paged,
  STUDENT_ORDER_FIELDS,
  type Student,
  StudentCreateSchema,
  StudentUpdateSchema,
} from '@keuangan/shared/contract';
import { ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { placeStudent } from '../classes/rules';
import { classes, departments, students } from '../db/schema';
import { ApiError, fieldError } from '../lib/errors';
import { containsPattern, listQueryEntries } from '../lib/paging';
import { findInBranch, inBranch, optionalEq } from '../lib/scope';
import { todayIn } from '../lib/time';
import { optionalQueryId, optionalQueryInt, pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import {
  batchOfYear,
  inClass,
  insertStudent,
  isNisTaken,
  loadStudent,
  studentPage,
  updateStudent,
} from './queries';

const ListQuery = v.object({
  deptId: optionalQueryId('Departemen'),
  batch_id: optionalQueryId('Angkatan'),
  study_status: optionalQueryInt('Status siswa', 1, 3),
  ...listQueryEntries(STUDENT_ORDER_FIELDS),
});

const CLASS_REQUIRED = 'Kelas tidak boleh kosong';
const { orderby: _orderby, ...byClassEntries } = listQueryEntries(STUDENT_ORDER_FIELDS);
const ByClassQuery = v.object({
  class_id: v.pipe(
    v.string(CLASS_REQUIRED),
    v.trim(),
    v.nonEmpty(CLASS_REQUIRED),
    v.regex(/^[1-9]\d{0,8}$/, 'Kelas tidak valid'),
    v.transform(Number),
  ),
  ...byClassEntries,
  // Class students are listed by name unless asked otherwise (docs/money.md#constants-and-limits).
  orderby: v.optional(v.picklist(STUDENT_ORDER_FIELDS, 'Urutan tidak valid'), 'name'),
});

export const NIS_TAKEN = 'NIS sudah digunakan';

const documented = routeDocs('Students');

export async function studentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  const search = (q: string) =>
    q ? or(ilike(students.name, containsPattern(q)), ilike(students.nis, containsPattern(q))) : undefined;

  app.get(
    '/student',
    documented(guard, {
      summary: 'Students of the branch, paged',
      input: { query: ListQuery },
      response: 'StudentPage',
    }),
    async (request): Promise<Paged<Student>> => {
      const scope = requireAuth(request);
      const query = validate(ListQuery, request.query);
      const where = inBranch(
        scope,
        students,
        optionalEq(students.department_id, query.deptId),
        optionalEq(students.batch_id, query.batch_id),
        optionalEq(students.study_status, query.study_status),
        search(query.q),
      );
      return studentPage(db, todayIn(scope), where, query);
    },
  );

  app.get(
    '/student-by-class',
    documented(guard, {
      summary: 'Students of a class, paged',
      input: { query: ByClassQuery },
      response: 'StudentPage',
    }),
    async (request): Promise<Paged<Student>> => {
      const scope = requireAuth(request);
      const query = validate(ByClassQuery, request.query);
      await findInBranch(db, scope, classes, query.class_id);
      const where = inBranch(scope, students, inClass(db, query.class_id), search(query.q));
      return studentPage(db, todayIn(scope), where, query);
    },
  );

  app.get(
    '/student/:id',
    documented(guard, { summary: 'One student', input: 'none', response: 'Student' }),
    async (request): Promise<Student> => loadStudent(db, requireAuth(request), pathId(request)),
  );

  app.post(
    '/student',
    documented(guard, {
      summary: 'Add a student (and place them in a class)',
      input: { body: StudentCreateSchema },
      response: 'Student',
      status: [201],
    }),
    async (request, reply): Promise<Student> => {
      const scope = requireAuth(request);
      const { class_id, ...body } = validate(StudentCreateSchema, request.body);
      const id = await app.database.transaction(async (tx) => {
        const department = await findInBranch(tx, scope, departments, body.department_id);
        if (class_id !== null) {
          const cls = await findInBranch(tx, scope, classes, class_id);
          if (cls.department_id !== department.id) {
            throw fieldError('class_id', 'Kelas tidak sesuai dengan Departemen');
          }
        }
        if (await isNisTaken(tx, scope, body.nis)) throw new ApiError(409, NIS_TAKEN, { nis: [NIS_TAKEN] });
        const batchId = await batchOfYear(tx, scope, department.id, body.yoe);
        const id = await insertStudent(tx, scope, { ...body, batch_id: batchId, study_status: 1 });
        if (class_id !== null) await placeStudent(tx, scope, class_id, id);
        return id;
      });
      reply.status(201);
      return loadStudent(db, scope, id);
    },
  );

  app.put(
    '/student/:id',
    documented(guard, {
      summary: 'Edit a student',
      input: { body: StudentUpdateSchema },
      response: 'Student',
    }),
    async (request): Promise<Student> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(StudentUpdateSchema, request.body);
      await app.database.transaction(async (tx) => {
        await findInBranch(tx, scope, students, id);
        await updateStudent(tx, id, body);
      });
      return loadStudent(db, scope, id);
    },
  );
}
