/**
 * Akun & Pemetaan (docs/books.md "The accounts"): the foundation's chart and its mappings, read and kept by
 * admins and finance managers only (others 403); every write is audited (writes.ts).
 */
import {
  type BooksChartAccount,
  type BooksMappingRow,
  type MessageResponse,
  type Paged,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { chartPage, mappingPage } from './chart-queries';
import { changeAccountActive, createAccount, editAccount, requireChartKeeper, saveMapping } from './writes';

const documented = routeDocs('Books');

export function chartRoutes(app: FastifyInstance): void {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };
  const keeper = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    requireChartKeeper(auth);
    return auth;
  };

  app.get(
    ROUTES.books.chart.local,
    documented(guard, {
      summary: "Akun & Pemetaan: the foundation's chart with each account's use, paged (finance managers)",
      response: 'BooksChartPage',
    }),
    async (request): Promise<Paged<BooksChartAccount>> =>
      chartPage(db, keeper(request), validate(ROUTE_INPUTS.books.chart.query, request.query)),
  );

  app.post(
    ROUTES.books.addAccount.local,
    documented(guard, {
      summary: 'Add an account to the chart (code unique per foundation; audited)',
      response: 'MessageResponse',
      status: [201],
    }),
    async (request, reply): Promise<MessageResponse> => {
      const auth = keeper(request);
      await createAccount(app.database, auth, validate(ROUTE_INPUTS.books.addAccount.body, request.body));
      reply.status(201);
      return { message: 'Akun ditambahkan' };
    },
  );

  app.put(
    ROUTES.books.editAccount.local,
    documented(guard, {
      summary: "Change an account's code, name and kind (an account with entries keeps its kind; audited)",
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = keeper(request);
      await editAccount(
        app.database,
        auth,
        pathId(request),
        validate(ROUTE_INPUTS.books.editAccount.body, request.body),
      );
      return { message: 'Akun disimpan' };
    },
  );

  app.post(
    ROUTES.books.setAccountActive.local,
    documented(guard, {
      summary: 'Deactivate an account (refused while mapped) or activate it again; never deleted (audited)',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = keeper(request);
      const { active } = validate(ROUTE_INPUTS.books.setAccountActive.body, request.body);
      await changeAccountActive(app.database, auth, pathId(request), active);
      return { message: active ? 'Akun diaktifkan' : 'Akun dinonaktifkan' };
    },
  );

  app.get(
    ROUTES.books.mappings.local,
    documented(guard, {
      summary: "The mappings of the branch's fee types, the payment types and the deductions, paged",
      response: 'BooksMappingPage',
    }),
    async (request): Promise<Paged<BooksMappingRow>> =>
      mappingPage(db, keeper(request), validate(ROUTE_INPUTS.books.mappings.query, request.query)),
  );

  app.put(
    ROUTES.books.saveMapping.local,
    documented(guard, {
      summary:
        'Map a fee type, payment type or deduction to its accounts, for entries posted after it (audited)',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = keeper(request);
      await saveMapping(app.database, auth, validate(ROUTE_INPUTS.books.saveMapping.body, request.body));
      return { message: 'Pemetaan disimpan' };
    },
  );
}
