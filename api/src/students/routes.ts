/**
 * Students (Siswa), api/ROUTES.md: list, one, students of a class, add and edit. Finance editors of the
 * branch only; the rules are in api/ROUTES.md, "Students".
 */
import { type Paged, ROUTES, STUDENT_ORDER_FIELDS, type Student } from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { classes } from '../db/schema';
import { listQueryEntries } from '../lib/paging';
import { findInBranch } from '../lib/scope';
import { optionalQueryId, optionalQueryInt, pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { branchStudentPage, classStudentPage, loadStudent } from './queries';
import { addStudent, editStudent } from './writes';

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

const documented = routeDocs('Students');

export async function studentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.people.students.local,
    documented(guard, {
      summary: 'Students of the branch, paged',
      input: { query: ListQuery },
      response: 'StudentPage',
    }),
    async (request): Promise<Paged<Student>> => {
      const scope = requireAuth(request);
      const query = validate(ListQuery, request.query);
      return branchStudentPage(db, scope, query);
    },
  );

  app.get(
    ROUTES.people.studentsByClass.local,
    documented(guard, {
      summary: 'Students of a class, paged',
      input: { query: ByClassQuery },
      response: 'StudentPage',
    }),
    async (request): Promise<Paged<Student>> => {
      const scope = requireAuth(request);
      const query = validate(ByClassQuery, request.query);
      await findInBranch(db, scope, classes, query.class_id);
      return classStudentPage(db, scope, query);
    },
  );

  app.get(
    ROUTES.people.student.local,
    documented(guard, { summary: 'One student', input: 'none', response: 'Student' }),
    async (request): Promise<Student> => loadStudent(db, requireAuth(request), pathId(request)),
  );

  app.post(
    ROUTES.people.createStudent.local,
    documented(guard, {
      summary: 'Add a student (and place them in a class)',
      response: 'Student',
      status: [201],
    }),
    async (request, reply): Promise<Student> => {
      const scope = requireAuth(request);
      const id = await addStudent(
        app.database,
        scope,
        validate(ROUTES.people.createStudent.body, request.body),
      );
      reply.status(201);
      return loadStudent(db, scope, id);
    },
  );

  app.put(
    ROUTES.people.updateStudent.local,
    documented(guard, {
      summary: 'Edit a student',
      response: 'Student',
    }),
    async (request): Promise<Student> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTES.people.updateStudent.body, request.body);
      await editStudent(app.database, scope, id, body);
      return loadStudent(db, scope, id);
    },
  );
}
