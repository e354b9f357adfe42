/** The four dashboard tiles (docs/screens.md Dashboard). Definitions are written down in api/ROUTES.md. */
import type { DashboardSummary } from '@keuangan/shared/contract';
import { and, count, eq, gte, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { student_billing_payments, student_billings, students } from '../db/schema';
import { inBranch, sumOf } from '../lib/scope';
import { monthOf, monthRange, todayIn } from '../lib/time';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/dashboard-fin-summary',
    { preHandler: app.financeEditor },
    async (request): Promise<DashboardSummary> => {
      const scope = requireAuth(request);
      const mm = monthOf(todayIn(scope));
      const { first, last } = monthRange(mm);

      const [[active], [bills], [payments]] = await Promise.all([
        db
          .select({ total: count() })
          .from(students)
          .where(inBranch(scope, students, eq(students.study_status, 1))),
        db
          .select({
            amount: sumOf(student_billings.total_amount),
            billing: sumOf(student_billings.total_billing),
          })
          .from(student_billings)
          .where(inBranch(scope, student_billings, eq(student_billings.mm, mm))),
        db
          .select({ amount: sumOf(student_billing_payments.amount) })
          .from(student_billing_payments)
          .where(
            inBranch(
              scope,
              student_billing_payments,
              and(
                gte(student_billing_payments.payment_date, first),
                lte(student_billing_payments.payment_date, last),
                isNull(student_billing_payments.voided_at), // voided payments count nowhere
              ),
            ),
          ),
      ]);

      return {
        active_student_total: active?.total ?? 0,
        total_amount_this_month: bills?.amount ?? 0,
        total_payment_this_month: payments?.amount ?? 0,
        total_billing_this_month: bills?.billing ?? 0,
      };
    },
  );
}
