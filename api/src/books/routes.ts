/**
 * The books' reports (docs/books.md "Reports"), finance editors only, for the active branch (the cost centre).
 */
import {
  type BooksAccount,
  type BooksJournalPage,
  type BooksPeriods,
  type BooksTieOut,
  type BooksTrialBalance,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { chartRoutes } from './chart-routes';
import { journalExportRoute } from './export-route';
import { changePeriodOnce, periods } from './periods';
import { accounts, journal, trialBalance } from './queries';
import { reportGuard } from './recognise-first';
import { tieOut } from './tie-out';

const documented = routeDocs('Books');

export async function booksRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };
  // The reports read after the branch's fees billed ahead are recognised (docs/books.md "Fees billed ahead").
  const report = reportGuard(app);

  app.get(
    ROUTES.books.accounts.local,
    documented(guard, {
      summary: "The foundation's chart of accounts",
      input: 'none',
      response: 'BooksAccountList',
    }),
    async (request): Promise<BooksAccount[]> => accounts(db, requireAuth(request)),
  );

  app.get(
    ROUTES.books.journal.local,
    documented(report, {
      summary: 'Jurnal Umum of the active branch: by date, account and voucher, paged',
      response: 'BooksJournalPage',
    }),
    async (request): Promise<BooksJournalPage> =>
      journal(db, requireAuth(request), validate(ROUTE_INPUTS.books.journal.query, request.query)),
  );

  journalExportRoute(app);
  chartRoutes(app);

  app.get(
    ROUTES.books.trialBalance.local,
    documented(report, {
      summary: 'Neraca Saldo of the active branch over a period',
      response: 'BooksTrialBalance',
    }),
    async (request): Promise<BooksTrialBalance> =>
      trialBalance(db, requireAuth(request), validate(ROUTE_INPUTS.books.trialBalance.query, request.query)),
  );

  app.get(
    ROUTES.books.tieOut.local,
    documented(report, {
      summary: 'Piutang Siswa in the ledger against the unpaid confirmed bills, bill by bill',
      input: 'none',
      response: 'BooksTieOut',
    }),
    async (request): Promise<BooksTieOut> => tieOut(db, requireAuth(request)),
  );

  app.get(
    ROUTES.books.periods.local,
    documented(guard, {
      summary: 'Tutup Buku: the months of the active branch ever closed, as they stand',
      input: 'none',
      response: 'BooksPeriods',
    }),
    async (request): Promise<BooksPeriods> => periods(db, requireAuth(request)),
  );

  app.post(
    ROUTES.books.closePeriod.local,
    documented(guard, {
      summary: 'Close an ended month of the active branch (finance managers)',
      response: 'BooksPeriods',
    }),
    async (request): Promise<BooksPeriods> => {
      const auth = requireAuth(request);
      const { mm } = validate(ROUTE_INPUTS.books.closePeriod.body, request.body);
      await changePeriodOnce(app.database, auth, mm, { action: 'close' });
      return periods(db, auth);
    },
  );

  app.post(
    ROUTES.books.reopenPeriod.local,
    documented(guard, {
      summary: 'Reopen a closed month, with a reason (finance managers; audited)',
      response: 'BooksPeriods',
    }),
    async (request): Promise<BooksPeriods> => {
      const auth = requireAuth(request);
      const { mm, reason } = validate(ROUTE_INPUTS.books.reopenPeriod.body, request.body);
      await changePeriodOnce(app.database, auth, mm, { action: 'reopen', reason });
      return periods(db, auth);
    },
  );
}
