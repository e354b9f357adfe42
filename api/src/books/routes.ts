/**
 * The books' reports (docs/books.md "Reports"), finance editors only, for the active branch (the cost centre).
 */
import {
  type BooksAccount,
  type BooksJournalPage,
  BooksJournalQuerySchema,
  type BooksTieOut,
  type BooksTrialBalance,
  BooksTrialBalanceQuerySchema,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { accounts, journal, tieOut, trialBalance } from './queries';

const documented = routeDocs('Books');

export async function booksRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    '/books/accounts',
    documented(guard, {
      summary: "The foundation's chart of accounts",
      input: 'none',
      response: 'BooksAccountList',
    }),
    async (request): Promise<BooksAccount[]> => accounts(db, requireAuth(request)),
  );

  app.get(
    '/books/journal',
    documented(guard, {
      summary: 'Jurnal Umum of the active branch: by date, account and voucher, paged',
      input: { query: BooksJournalQuerySchema },
      response: 'BooksJournalPage',
    }),
    async (request): Promise<BooksJournalPage> =>
      journal(db, requireAuth(request), validate(BooksJournalQuerySchema, request.query)),
  );

  app.get(
    '/books/trial-balance',
    documented(guard, {
      summary: 'Neraca Saldo of the active branch over a period',
      input: { query: BooksTrialBalanceQuerySchema },
      response: 'BooksTrialBalance',
    }),
    async (request): Promise<BooksTrialBalance> =>
      trialBalance(db, requireAuth(request), validate(BooksTrialBalanceQuerySchema, request.query)),
  );

  app.get(
    '/books/tie-out',
    documented(guard, {
      summary: 'Piutang Siswa in the ledger against the unpaid confirmed bills, bill by bill',
      input: 'none',
      response: 'BooksTieOut',
    }),
    async (request): Promise<BooksTieOut> => tieOut(db, requireAuth(request)),
  );
}
