/**
 * Reading student bills (api/ROUTES.md "Billing"): the list with its resume, one bill, a class's students,
 * and the bills as PDFs. The embedded view reads these with its token, for its own student.
 */
import type {
  StudentBillingDetail,
  StudentBillingListResponse,
  StudentBrief,
} from '@keuangan/shared/contract';
import { ROUTES } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { assertStudentReachable } from '../../auth/embed-tokens';
import { requireAuth } from '../../auth/guard';
import { departments } from '../../db/schema';
import { loadBranch } from '../../lib/branch-letterhead';
import { pagedResponse } from '../../lib/paging';
import { sendPdf } from '../../lib/pdf';
import { findInBranch } from '../../lib/scope';
import { pathId, validate } from '../../lib/validate';
import { PDF } from '../../openapi/route-docs';
import {
  loadBillDetail,
  loadClassStudents,
  loadStudentBillsForPdf,
  loadStudentName,
  toBill,
} from '../queries';
import { billingRouteContext } from '../route-context';
import { countListBills, readListResume, runListPage } from './list-queries';
import { listShape, listValues } from './query-strings';

export async function billReadRoutes(app: FastifyInstance): Promise<void> {
  const { db, guard, embedRead, embedDocument, documented } = billingRouteContext(app);

  // --- reading -------------------------------------------------------------------------------------------

  app.get(
    ROUTES.billing.bills.local,
    documented(embedRead, {
      summary: 'Bills matching the filters, paged; with_resume adds the sums',
      response: 'StudentBillingListResponse',
    }),
    async (request): Promise<StudentBillingListResponse> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.billing.bills.query, request.query);
      assertStudentReachable(scope, query.student_id);
      const shape = listShape(query);
      const values = listValues(scope, query, shape);
      const [rows, counted] = await Promise.all([
        runListPage(db, shape, values),
        shape.resume ? undefined : countListBills(db, shape, values),
      ]);
      // An empty page carries no resume: it reads it on its own.
      const resume = shape.resume
        ? (rows[0]?.resume ?? (await readListResume(db, shape, values)))
        : undefined;
      const total = resume?.count_bill ?? counted ?? 0;
      const page = pagedResponse(rows.map(toBill), total, query.page, query.limit);
      return resume ? { ...page, resume } : page;
    },
  );

  app.get(
    ROUTES.billing.bill.local,
    documented(embedRead, {
      summary: 'One bill with items and payments',
      input: 'none',
      response: 'StudentBillingDetail',
    }),
    async (request): Promise<StudentBillingDetail> => {
      const auth = requireAuth(request);
      const bill = await loadBillDetail(db, auth, pathId(request));
      assertStudentReachable(auth, bill.student_id);
      return bill;
    },
  );

  app.get(
    ROUTES.billing.studentsOfClass.local,
    documented(guard, {
      summary: 'Students of a class (extra bill form)',
      response: 'StudentBriefs',
    }),
    async (request): Promise<StudentBrief[]> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.billing.studentsOfClass.query, request.query);
      return loadClassStudents(db, scope, query);
    },
  );
  app.get(
    ROUTES.billing.billPdf.local,
    documented(embedDocument, { summary: 'One bill as a PDF', input: 'none', response: { file: PDF } }),
    async (request, reply) => {
      const scope = requireAuth(request);
      const bill = await loadBillDetail(db, scope, pathId(request));
      assertStudentReachable(scope, bill.student_id);
      return sendPdf(
        reply,
        await app.documents.build('billPdf', await loadBranch(db, scope), bill),
        `billing-${bill.bill_number}.pdf`,
      );
    },
  );

  app.get(
    ROUTES.billing.billsPdf.local,
    documented(embedDocument, {
      summary: "A student's unsettled bills as a PDF (Semua Tagihan)",
      response: { file: PDF },
    }),
    async (request, reply) => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.billing.billsPdf.query, request.query);
      assertStudentReachable(scope, query.student_id);
      const student = await loadStudentName(db, scope, query.student_id);
      const department = await findInBranch(db, scope, departments, query.department_id);
      const bills = await loadStudentBillsForPdf(db, scope, {
        student_id: query.student_id,
        department_id: query.department_id,
        form_status: query.form_status,
        payment_status: query.payment_status,
        before: query.bill_date_before,
      });
      const pdf = await app.documents.build(
        'billsPdf',
        await loadBranch(db, scope),
        student,
        department.name,
        bills,
      );
      return sendPdf(reply, pdf, `semua-tagihan-${student.nis}.pdf`);
    },
  );
}
