/**
 * Rekening Siswa (api/ROUTES.md "Student statement"): `GET /api/student-statement` (the lines and totals) and
 * `GET /api/student-statement-pdf` (the same as a PDF for parents). Whoever may read the student's bills may
 * read them: finance editors, and embed tokens of the student's branch (of that student, when they name one).
 */
import { ROUTES, type StudentStatement, statementPeriod } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertStudentReachable } from '../auth/embed-tokens';
import { requireAuth } from '../auth/guard';
import type { Db } from '../db/client';
import { loadBranch } from '../lib/branch-letterhead';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { sendPdf } from '../lib/pdf';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { PDF, routeDocs } from '../openapi/route-docs';
import { buildStatement } from './lines';
import {
  loadStatementBills,
  loadStatementCredit,
  loadStatementPayments,
  loadStatementStudent,
} from './queries';

const documented = routeDocs('Statement');

async function statementOf(db: Db, request: FastifyRequest): Promise<StudentStatement> {
  const auth = requireAuth(request);
  // Both routes take the one query (ROUTES.reports.statement and statementPdf carry the same schema).
  const query = validate(ROUTE_INPUTS.reports.statement.query, request.query);
  assertStudentReachable(auth, query.student_id);
  const student = await loadStatementStudent(db, auth, query.student_id);
  const period = statementPeriod(todayIn(auth), query);
  const [{ bills, items }, payments, credit] = await Promise.all([
    loadStatementBills(db, auth, student.id, period.to),
    loadStatementPayments(db, auth, student.id, period.to),
    loadStatementCredit(db, auth, student.id, period.to),
  ]);
  return buildStatement(student, period, { bills, items, payments }, credit);
}

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const embedRead = { preHandler: app.financeEditor, config: { embed: 'read' as const } };

  app.get(
    ROUTES.reports.statement.local,
    documented(embedRead, {
      summary:
        "A student's statement (Rekening Siswa): every bill, deduction, payment and void with the running balance",
      response: 'StudentStatement',
    }),
    (request) => statementOf(db, request),
  );

  app.get(
    ROUTES.reports.statementPdf.local,
    documented(
      { ...embedRead, config: { ...embedRead.config, ...DOCUMENT_ROUTE } },
      {
        summary: "A student's statement as a PDF for parents",
        response: { file: PDF },
      },
    ),
    async (request, reply) => {
      const statement = await statementOf(db, request);
      const branch = await loadBranch(db, requireAuth(request));
      const pdf = await app.documents.build('statementPdf', branch, statement);
      return sendPdf(reply, pdf, `rekening-${statement.student.nis}.pdf`);
    },
  );
}
