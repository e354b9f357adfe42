/**
 * Classes (Kelas), api/ROUTES.md: list, one, add, edit, delete. Finance editors of the branch only; the
 * rules (placement of the fields, homeroom teacher, capacity, refused deletes) are in api/ROUTES.md, "Classes".
 */
import {
  CLASS_ORDER_FIELDS,
  ClassSchema,
  type MessageResponse,
  type Paged,
  type SchoolClass,
} from '@keuangan/shared/contract';
import { ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { classes } from '../db/schema';
import { ApiError } from '../lib/errors';
import { containsPattern, listQueryEntries } from '../lib/paging';
import { inBranch, optionalEq } from '../lib/scope';
import { optionalQueryId, pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { classPage, deleteClass, insertClass, loadClass, updateClass } from './queries';
import {
  capacityBelowStudents,
  checkClass,
  checkDeletable,
  lockClass,
  MOVE_REFUSED,
  studentsIn,
} from './rules';

const ListQuery = v.object({
  deptId: optionalQueryId('Departemen'),
  levelId: optionalQueryId('Tingkat'),
  yearofstudyId: optionalQueryId('Tahun Ajaran'),
  ...listQueryEntries(CLASS_ORDER_FIELDS),
});

const documented = routeDocs('Classes');

export async function classRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    '/class',
    documented(guard, {
      summary: 'Classes of the branch, paged',
      input: { query: ListQuery },
      response: 'SchoolClassPage',
    }),
    async (request): Promise<Paged<SchoolClass>> => {
      const scope = requireAuth(request);
      const query = validate(ListQuery, request.query);
      const where = inBranch(
        scope,
        classes,
        optionalEq(classes.department_id, query.deptId),
        optionalEq(classes.level_id, query.levelId),
        optionalEq(classes.year_of_study_id, query.yearofstudyId),
        query.q ? ilike(classes.name, containsPattern(query.q)) : undefined,
      );
      return classPage(db, where, query);
    },
  );

  app.get(
    '/class/:id',
    documented(guard, { summary: 'One class', input: 'none', response: 'SchoolClass' }),
    async (request): Promise<SchoolClass> => loadClass(db, requireAuth(request), pathId(request)),
  );

  app.post(
    '/class',
    documented(guard, {
      summary: 'Add a class',
      input: { body: ClassSchema },
      response: 'SchoolClass',
      status: [201],
    }),
    async (request, reply): Promise<SchoolClass> => {
      const scope = requireAuth(request);
      const body = validate(ClassSchema, request.body);
      const id = await app.database.transaction(async (tx) => {
        await checkClass(tx, scope, body);
        return insertClass(tx, scope, body);
      });
      reply.status(201);
      return loadClass(db, scope, id);
    },
  );

  app.put(
    '/class/:id',
    documented(guard, { summary: 'Edit a class', input: { body: ClassSchema }, response: 'SchoolClass' }),
    async (request): Promise<SchoolClass> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(ClassSchema, request.body);
      await app.database.transaction(async (tx) => {
        const current = await lockClass(tx, scope, id);
        await checkClass(tx, scope, body, id);
        const placed = await studentsIn(tx, id);
        if (body.capacity < placed) {
          const message = capacityBelowStudents(placed);
          throw new ApiError(422, message, { capacity: [message] });
        }
        // Students, fee components and bills hold the class's department, level and year: it stays put once used.
        const moved =
          body.department_id !== current.department_id ||
          body.level_id !== current.level_id ||
          body.year_of_study_id !== current.year_of_study_id;
        if (moved)
          await checkDeletable(tx, id).catch(() => {
            throw new ApiError(409, MOVE_REFUSED);
          });
        await updateClass(tx, id, body);
      });
      return loadClass(db, scope, id);
    },
  );

  app.delete(
    '/class/:id',
    documented(guard, {
      summary: 'Delete a class without students',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      await app.database.transaction(async (tx) => {
        await lockClass(tx, scope, id);
        await checkDeletable(tx, id);
        await deleteClass(tx, id);
      });
      return { message: 'Data berhasil dihapus' };
    },
  );
}
