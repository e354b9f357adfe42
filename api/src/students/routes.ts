/**
 * Students (Siswa), api/ROUTES.md: list, one, students of a class, add and edit. Finance editors of the
 * branch only; the rules are in api/ROUTES.md, "Students".
 */
import { type Paged, ROUTES, type Student } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { classes } from '../db/schema';
import { findInBranch } from '../lib/scope';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { branchStudentPage, classStudentPage, loadStudent } from './queries';
import { addStudent, editStudent } from './writes';

const documented = routeDocs('Students');

export async function studentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.people.students.local,
    documented(guard, {
      summary: 'Students of the branch, paged',
      response: 'StudentPage',
    }),
    async (request): Promise<Paged<Student>> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.people.students.query, request.query);
      return branchStudentPage(db, scope, query);
    },
  );

  app.get(
    ROUTES.people.studentsByClass.local,
    documented(guard, {
      summary: 'Students of a class, paged',
      response: 'StudentPage',
    }),
    async (request): Promise<Paged<Student>> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.people.studentsByClass.query, request.query);
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
        validate(ROUTE_INPUTS.people.createStudent.body, request.body),
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
      const body = validate(ROUTE_INPUTS.people.updateStudent.body, request.body);
      await editStudent(app.database, scope, id, body);
      return loadStudent(db, scope, id);
    },
  );
}
