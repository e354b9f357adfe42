/**
 * Pengingat Tagihan (api/ROUTES.md "Reminders"): `GET /api/bill-reminders` lists the students with overdue bills
 * and their parents' numbers, `POST /api/bill-reminders` records reminders sent (WhatsApp, letter, CSV). Finance
 * editors, the active branch. Nothing is sent from here: the screen opens WhatsApp (docs/decisions.md#reminders-without-a-gateway).
 */
import {
  type BillReminderCreated,
  BillReminderCreateSchema,
  type BillReminderPage,
  BillReminderQuerySchema,
  REMINDER_MESSAGES,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { fieldError, notFound } from '../lib/errors';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { insertReminders, overdueStudents, owingOf, remindersById, studentsInBranch } from './queries';

const documented = routeDocs('Reminders');

export async function reminderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    '/bill-reminders',
    documented(guard, {
      summary:
        'Students with overdue bills, their parents’ numbers and their last reminder (Pengingat Tagihan)',
      input: { query: BillReminderQuerySchema },
      response: 'BillReminderPage',
    }),
    async (request): Promise<BillReminderPage> => {
      const auth = requireAuth(request);
      const query = validate(BillReminderQuerySchema, request.query);
      return overdueStudents(db, auth, query, todayIn(auth));
    },
  );

  app.post(
    '/bill-reminders',
    documented(guard, {
      summary:
        'Record reminders sent to parents (WhatsApp, Surat Tagihan, CSV) with the overdue total they named',
      input: { body: BillReminderCreateSchema },
      response: 'BillReminderCreated',
      status: [201],
    }),
    async (request, reply): Promise<BillReminderCreated> => {
      const auth = requireAuth(request);
      const body = validate(BillReminderCreateSchema, request.body);
      const studentIds = [...new Set(body.student_ids)];
      const known = await studentsInBranch(db, auth, studentIds);
      if (studentIds.some((id) => !known.has(id))) throw notFound();
      const owing = await owingOf(db, auth, studentIds, body.overdue_min, todayIn(auth));
      const named = studentIds.map((id) => ({ student_id: id, ...owing.get(id) }));
      if (named.some((n) => n.total === undefined))
        throw fieldError('student_ids', REMINDER_MESSAGES.noneOverdue);
      const ids = await insertReminders(
        db,
        auth,
        auth.userId,
        body.channel,
        named as { student_id: number; total: number; months: string[] }[],
      );
      reply.status(201);
      return { reminders: await remindersById(db, auth, ids) };
    },
  );
}
