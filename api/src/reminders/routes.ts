/**
 * Pengingat Tagihan (api/ROUTES.md "Reminders"): `GET /api/bill-reminders` lists the students with overdue bills
 * and their parents' numbers, `POST /api/bill-reminders` records reminders sent (WhatsApp, letter, CSV). Finance
 * editors, the active branch. Nothing is sent from here: the screen opens WhatsApp (docs/decisions.md#reminders-without-a-gateway).
 */
import {
  type BillReminderCreated,
  BillReminderCreateSchema,
  BillReminderLetterQuerySchema,
  type BillReminderPage,
  BillReminderQuerySchema,
  MAX_REMINDER_LETTERS,
  REMINDER_MESSAGES,
  STUDENT_REMINDERS_LIMIT,
  type StudentReminders,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { sendPdf } from '../billing/pdf';
import { loadBranch } from '../billing/queries';
import { DOCUMENT_ROUTE } from '../documents/limit';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { PDF, routeDocs } from '../openapi/route-docs';
import {
  insertReminders,
  overdueStudents,
  owingOf,
  remindersById,
  remindersOfStudent,
  studentsInBranch,
} from './queries';

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

  app.get(
    '/bill-reminders/student/:id',
    documented(guard, {
      summary:
        'One student’s reminders, newest first (Riwayat Pengingat of Tagihan Siswa and the bill detail)',
      input: 'none',
      response: 'StudentReminders',
    }),
    async (request): Promise<StudentReminders> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      if (!(await studentsInBranch(db, auth, [id])).has(id)) throw notFound();
      return { reminders: await remindersOfStudent(db, auth, id, STUDENT_REMINDERS_LIMIT) };
    },
  );

  app.get(
    '/bill-reminder-letters-pdf',
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary:
          'Surat Tagihan: the letter of one student, or of every student of the filter (a class) in one PDF',
        input: { query: BillReminderLetterQuerySchema },
        response: { file: PDF },
      },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = validate(BillReminderLetterQuerySchema, request.query);
      if (query.student_id && !(await studentsInBranch(db, auth, [query.student_id])).has(query.student_id)) {
        throw notFound();
      }
      const today = todayIn(auth);
      const { data } = await overdueStudents(
        db,
        auth,
        { ...query, page: 1, limit: MAX_REMINDER_LETTERS },
        today,
      );
      if (data.length === 0) throw new ApiError(422, REMINDER_MESSAGES.empty);
      const branch = await loadBranch(db, auth);
      const pdf = await app.documents.build('reminderLettersPdf', branch, data, today);
      const [first] = data;
      return sendPdf(reply, pdf, `surat-tagihan-${data.length === 1 && first ? first.nis : 'kelas'}.pdf`);
    },
  );
}
