/** The four dashboard tiles (docs/screens.md Dashboard). Definitions are written down in api/ROUTES.md. */
import { type DashboardSummary, ONLINE_PTYPES, ROUTES } from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { monthOf, monthRange, todayIn } from '../lib/time';
import { routeDocs } from '../openapi/route-docs';
import { countActiveStudents, sumBillsOfMonth, sumPaymentsBetween } from './queries';

const documented = routeDocs('Dashboard');

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    ROUTES.admin.dashboardSummary.local,
    documented(
      { preHandler: app.financeEditor },
      { summary: "This month's figures of the branch", input: 'none', response: 'DashboardSummary' },
    ),
    async (request): Promise<DashboardSummary> => {
      const scope = requireAuth(request);
      const mm = monthOf(todayIn(scope));
      const { first, last } = monthRange(mm);

      const [active, bills, payments, online] = await Promise.all([
        countActiveStudents(db, scope),
        sumBillsOfMonth(db, scope, mm),
        sumPaymentsBetween(db, scope, first, last),
        // Virtual Account and QRIS come only through a gateway (docs/online-payments.md).
        sumPaymentsBetween(db, scope, first, last, ONLINE_PTYPES),
      ]);

      return {
        active_student_total: active,
        total_amount_this_month: bills.amount,
        total_payment_this_month: payments,
        online_payment_this_month: online,
        total_billing_this_month: bills.billing,
      };
    },
  );
}
