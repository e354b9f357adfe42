/**
 * Classes (Kelas), api/ROUTES.md: list, one, add, edit, delete. Finance editors of the branch only; the
 * rules (placement of the fields, homeroom teacher, capacity, refused deletes) are in api/ROUTES.md, "Classes".
 */
import { type MessageResponse, type Paged, ROUTES, type SchoolClass } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { classPage, loadClass } from './queries';
import { addClass, editClass, removeClass } from './writes';

const documented = routeDocs('Classes');

export async function classRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.people.classes.local,
    documented(guard, {
      summary: 'Classes of the branch, paged',
      response: 'SchoolClassPage',
    }),
    async (request): Promise<Paged<SchoolClass>> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.people.classes.query, request.query);
      return classPage(db, scope, query);
    },
  );

  app.get(
    ROUTES.people.class.local,
    documented(guard, { summary: 'One class', input: 'none', response: 'SchoolClass' }),
    async (request): Promise<SchoolClass> => loadClass(db, requireAuth(request), pathId(request)),
  );

  app.post(
    ROUTES.people.createClass.local,
    documented(guard, {
      summary: 'Add a class',
      response: 'SchoolClass',
      status: [201],
    }),
    async (request, reply): Promise<SchoolClass> => {
      const scope = requireAuth(request);
      const body = validate(ROUTE_INPUTS.people.createClass.body, request.body);
      const id = await addClass(app.database, scope, body);
      reply.status(201);
      return loadClass(db, scope, id);
    },
  );

  app.put(
    ROUTES.people.updateClass.local,
    documented(guard, { summary: 'Edit a class', response: 'SchoolClass' }),
    async (request): Promise<SchoolClass> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.people.updateClass.body, request.body);
      await editClass(app.database, scope, id, body);
      return loadClass(db, scope, id);
    },
  );

  app.delete(
    ROUTES.people.deleteClass.local,
    documented(guard, {
      summary: 'Delete a class without students',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      await removeClass(app.database, scope, id);
      return { message: 'Data berhasil dihapus' };
    },
  );
}
