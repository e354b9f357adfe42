/** Buku Besar's route (docs/books.md "Reports"): finance editors, the active branch (the cost centre). */
import { type BooksLedgerPage, ROUTES } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { ledger } from './ledger-queries';
import { reportGuard } from './recognise-first';

const documented = routeDocs('Books');

export async function booksLedgerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.get(
    ROUTES.books.ledger.local,
    documented(reportGuard(app), {
      summary: "Buku Besar: one account's lines in a period with the running balance, paged",
      response: 'BooksLedgerPage',
    }),
    async (request): Promise<BooksLedgerPage> =>
      ledger(db, requireAuth(request), validate(ROUTE_INPUTS.books.ledger.query, request.query)),
  );
}
