/**
 * Saldo Titipan (docs/money.md "Saldo Titipan", api/ROUTES.md "Saldo Titipan"): a student's balance and
 * movements, and spending it on the student's ticked bills as one payment.
 */
import {
  CREDIT_MESSAGES,
  ROUTES,
  type StudentBillingPaymentReceipt,
  type StudentCreditMovementReport,
  type StudentCreditPage,
  type StudentCreditReport,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { assertStudentReachable } from '../auth/embed-tokens';
import { requireAuth } from '../auth/guard';
import { loadReceipt } from '../billing/queries';
import { idempotencyKeyOf } from '../ledger/engine';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { ApiError } from '../lib/errors';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { MAX_XLS_ROWS, sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { creditMovementReport } from './movement-report-queries';
import { assertStudentInBranch, creditPage } from './queries';
import { creditFilterLines, creditReport } from './report-queries';
import { spendCredit } from './writes';

const documented = routeDocs('Billing');

export async function studentCreditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.billing.studentCredit.local,
    documented(
      { ...guard, config: { embed: 'read' as const } },
      {
        summary: "A student's Saldo Titipan: its balance and movements, newest first",
        response: 'StudentCreditPage',
      },
    ),
    async (request): Promise<StudentCreditPage> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.billing.studentCredit.query, request.query);
      assertStudentReachable(auth, query.student_id);
      await assertStudentInBranch(db, auth, query.student_id);
      return creditPage(db, auth, query.student_id, query);
    },
  );

  app.post(
    ROUTES.billing.spendCredit.local,
    documented(
      { ...guard, config: { embed: 'pay' as const } },
      {
        summary:
          "Pay the student's ticked bills from their Saldo Titipan, oldest due first, up to the balance",
        response: 'StudentBillingPaymentReceipt',
        status: [201, 200],
        idempotent: true,
      },
    ),
    async (request, reply): Promise<StudentBillingPaymentReceipt> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.billing.spendCredit.body, request.body);
      assertStudentReachable(auth, body.student_id);
      // Required: a retry must replay, and the same bills may rightly be paid from credit again later.
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      if (!key)
        throw new ApiError(422, CREDIT_MESSAGES.keyRequired, {
          'Idempotency-Key': [CREDIT_MESSAGES.keyRequired],
        });
      const { paymentId, replayed } = await spendCredit(app.database, auth, body, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      reply.status(replayed ? 200 : 201);
      return loadReceipt(db, auth, paymentId);
    },
  );

  // Laporan Saldo Titipan: finance editors of the branch, as the other reports (docs/screens.md).
  app.get(
    ROUTES.reports.creditReport.local,
    documented(guard, {
      summary: "Laporan Saldo Titipan: the branch's students with credit, paged, with the totals",
      response: 'StudentCreditReport',
    }),
    async (request): Promise<StudentCreditReport> => {
      const auth = requireAuth(request);
      const { page, limit, ...filter } = validate(ROUTE_INPUTS.reports.creditReport.query, request.query);
      return creditReport(db, auth, filter, todayIn(auth), { page, limit });
    },
  );

  app.get(
    ROUTES.reports.creditMovements.local,
    documented(guard, {
      summary: "Laporan Saldo Titipan's movements in a range of days, newest first, paged, with the totals",
      response: 'StudentCreditMovementReport',
    }),
    async (request): Promise<StudentCreditMovementReport> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reports.creditMovements.query, request.query);
      return creditMovementReport(db, auth, query, todayIn(auth));
    },
  );

  app.get(
    ROUTES.reports.creditReportXlsx.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'Laporan Saldo Titipan as a workbook',
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const filter = validate(ROUTE_INPUTS.reports.creditReportXlsx.query, request.query);
      const today = todayIn(auth);
      const lines = await creditFilterLines(db, auth, filter, today);
      const probe = await creditReport(db, auth, filter, today, { page: 1, limit: 1 });
      if (probe.total > MAX_XLS_ROWS)
        throw new ApiError(
          422,
          `Data terlalu banyak untuk diunduh (lebih dari ${MAX_XLS_ROWS} baris). Persempit filter terlebih dahulu.`,
        );
      const report = await creditReport(db, auth, filter, today, null);
      const file = await app.documents.build('creditReportWorkbook', report, lines, auth.timeZone);
      return sendXlsx(reply, file, `laporan-saldo-titipan-${today}.xlsx`);
    },
  );
}
