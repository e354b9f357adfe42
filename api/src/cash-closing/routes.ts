/**
 * Rekap Kas Harian (issue 21): the day's recap, Tutup Kas with the cash count (issue 41), reopening by a manager,
 * Setoran Bank, the printed recap and deposit slip. Finance editors of the branch; who may close or reopen what:
 * `rules.ts`. The rules: api/ROUTES.md "Daily closing".
 */
import { type CashClosing, type CashDayRecap, ROUTES } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { loadBranch } from '../lib/branch-letterhead';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { notFound } from '../lib/errors';
import { sendPdf } from '../lib/pdf';
import { pathId, validate } from '../lib/validate';
import { PDF, routeDocs } from '../openapi/route-docs';
import { closingDay, closingsOfDay } from './queries';
import { dayRecap } from './rules';
import { closeCashDay, depositCash, reopenCashDay } from './writes';

const documented = routeDocs('Cash closing');

export async function cashClosingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  /** One closing of the branch, as the screens show it (found through its day). */
  const closingById = async (auth: ReturnType<typeof requireAuth>, id: number, date?: string) => {
    const day = date ?? (await closingDay(db, auth, id));
    const found = day ? (await closingsOfDay(db, auth, day)).find((c) => c.id === id) : undefined;
    if (!found) throw notFound();
    return found;
  };

  app.get(
    ROUTES.cash.day.local,
    documented(guard, {
      summary: 'A cashier day: payments, voids, closings (Rekap Kas Harian)',
      response: 'CashDayRecap',
    }),
    async (request): Promise<CashDayRecap> => {
      const auth = requireAuth(request);
      const { date, cashier_id } = validate(ROUTE_INPUTS.cash.day.query, request.query);
      return dayRecap(db, auth, date, cashier_id);
    },
  );

  app.post(
    ROUTES.cash.close.local,
    documented(guard, {
      summary: 'Close a cashier day (Tutup Kas)',
      response: 'CashClosing',
      status: [201],
    }),
    async (request, reply): Promise<CashClosing> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.cash.close.body, request.body);
      const id = await closeCashDay(app.database, auth, body);
      reply.status(201);
      return closingById(auth, id, body.date);
    },
  );

  app.post(
    ROUTES.cash.reopen.local,
    documented(guard, {
      summary: 'Reopen a closed day, with a reason (cash managers)',
      response: 'CashClosing',
    }),
    async (request): Promise<CashClosing> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.cash.reopen.body, request.body);
      const date = await reopenCashDay(app.database, auth, id, body.reason);
      return closingById(auth, id, date);
    },
  );

  app.post(
    ROUTES.cash.deposit.local,
    documented(guard, {
      summary: "Record a closing's bank deposit (Setoran Bank), once",
      response: 'CashClosing',
      status: [201],
    }),
    async (request, reply): Promise<CashClosing> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.cash.deposit.body, request.body);
      const date = await depositCash(app.database, auth, id, body);
      reply.status(201);
      return closingById(auth, id, date);
    },
  );

  app.get(
    ROUTES.cash.depositPdf.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      { summary: 'The deposit slip as a PDF', input: 'none', response: { file: PDF } },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const closing = await closingById(auth, pathId(request));
      if (!closing.deposit) throw notFound();
      return sendPdf(
        reply,
        await app.documents.build('depositPdf', await loadBranch(db, auth), closing, auth.timeZone),
        `setoran-bank-${closing.closing_number}.pdf`,
      );
    },
  );

  app.get(
    ROUTES.cash.closingPdf.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      { summary: 'The closing as a PDF', input: 'none', response: { file: PDF } },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const closing = await closingById(auth, pathId(request));
      return sendPdf(
        reply,
        await app.documents.build('closingPdf', await loadBranch(db, auth), closing, auth.timeZone),
        `rekap-kas-${closing.closing_number}.pdf`,
      );
    },
  );
}
