/**
 * Paying (api/ROUTES.md "Idempotent payments"): one bill or several of a student in one payment, and reading
 * a student's payments and one receipt. The payment itself is the engine's (engine.ts).
 */
import {
  ROUTES,
  type StudentBillingPaymentPage,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { assertBillsReachable, assertStudentReachable } from '../../auth/embed-tokens';
import { requireAuth } from '../../auth/guard';
import { departments } from '../../db/schema';
import { payFromRequest } from '../../ledger/engine';
import { STUDENT_BILLS } from '../../ledger/student-bills-queries';
import { pagedResponse } from '../../lib/paging';
import { findInBranch } from '../../lib/scope';
import { pathId, validate } from '../../lib/validate';
import { loadPaymentHistoryPage, loadReceipt, loadStudentWithBatch } from '../queries';
import { billingRouteContext } from '../route-context';

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { db, embedRead, embedPay, documented } = billingRouteContext(app);

  app.get(
    ROUTES.billing.payments.local,
    documented(embedRead, {
      summary: "A student's payments, paged",
      response: 'StudentBillingPaymentPage',
    }),
    async (request): Promise<StudentBillingPaymentPage> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.billing.payments.query, request.query);
      assertStudentReachable(scope, query.student_id);
      const student = await loadStudentWithBatch(db, scope, query.student_id);
      const department = await findInBranch(db, scope, departments, query.department_id);
      const { payments, total } = await loadPaymentHistoryPage(db, scope, {
        student_id: query.student_id,
        department_id: query.department_id,
        before: query.bill_date_before,
        orderby: query.orderby,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const { batch_name, ...who } = student;
      return {
        ...pagedResponse(payments, total, query.page, query.limit),
        student: { ...who, batch: batch_name === null ? null : { name: batch_name } },
        department: { id: department.id, name: department.name },
      };
    },
  );

  app.get(
    ROUTES.receipts.studentPayment.local,
    documented(embedRead, {
      summary: 'One payment as its receipt shows it',
      input: 'none',
      response: 'StudentBillingPaymentReceipt',
    }),
    async (request): Promise<StudentBillingPaymentReceipt> => {
      const auth = requireAuth(request);
      const receipt = await loadReceipt(db, auth, pathId(request));
      assertStudentReachable(auth, receipt.student.id);
      return receipt;
    },
  );

  // --- paying --------------------------------------------------------------------------------------------

  app.post(
    ROUTES.billing.pay.local,
    documented(embedPay, {
      summary: 'Pay items of one bill (all or nothing; 200 replays a payment already made)',
      response: 'StudentBillingPaymentReceipt',
      status: [201, 200],
      idempotent: true,
    }),
    async (request, reply): Promise<StudentBillingPaymentReceipt> => {
      const { student_billing_items: lines, ...body } = validate(ROUTE_INPUTS.billing.pay.body, request.body);
      await assertBillsReachable(db, requireAuth(request), [pathId(request)]);
      const { auth, paymentId } = await payFromRequest(
        app.database,
        STUDENT_BILLS,
        request,
        reply,
        lines,
        body,
      );
      return loadReceipt(db, auth, paymentId);
    },
  );

  // Several bills of one student, one payment (api/ROUTES.md "Several bills, one payment").
  app.post(
    ROUTES.billing.payMany.local,
    documented(embedPay, {
      summary: "Pay items of several of a student's bills in one payment",
      response: 'StudentBillingPaymentReceipt',
      status: [201, 200],
      idempotent: true,
    }),
    async (request, reply): Promise<StudentBillingPaymentReceipt> => {
      const {
        student_billing_ids: billIds,
        student_billing_items: lines,
        ...body
      } = validate(ROUTE_INPUTS.billing.payMany.body, request.body);
      await assertBillsReachable(db, requireAuth(request), billIds);
      const { auth, paymentId } = await payFromRequest(
        app.database,
        STUDENT_BILLS,
        request,
        reply,
        lines,
        body,
        billIds,
      );
      return loadReceipt(db, auth, paymentId);
    },
  );
}
