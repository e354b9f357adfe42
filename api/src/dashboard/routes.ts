/** The four dashboard tiles (docs/screens.md Dashboard). Definitions are written down in api/ROUTES.md. */
import type { DashboardSummary } from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { monthOf, monthRange, todayIn } from '../lib/time';
import { countActiveStudents, sumBillsOfMonth, sumPaymentsBetween } from './queries';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/dashboard-fin-summary',
    { preHandler: app.financeEditor },
    async (request): Promise<DashboardSummary> => {
      const scope = requireAuth(request);
      const mm = monthOf(todayIn(scope));
      const { first, last } = monthRange(mm);

      const [active, bills, payments] = await Promise.all([
        countActiveStudents(db, scope),
        sumBillsOfMonth(db, scope, mm),
        sumPaymentsBetween(db, scope, first, last),
      ]);

      return {
        active_student_total: active,
        total_amount_this_month: bills.amount,
        total_payment_this_month: payments,
        total_billing_this_month: bills.billing,
      };
    },
  );
}
