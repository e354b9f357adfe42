/**
 * Pengingat Tagihan (api/ROUTES.md "Reminders"): `GET /api/bill-reminders` lists the students with overdue bills
 * and their parents' numbers, `POST /api/bill-reminders` records reminders sent (WhatsApp, letter, CSV), and when a
 * gateway is configured `POST /api/bill-reminder-gateway` queues messages the API sends itself
 * (docs/decisions.md#reminders-through-a-pluggable-sender). Finance editors, the active branch.
 */
import {
  type BillReminderCreated,
  type BillReminderPage,
  MAX_REMINDER_LETTERS,
  REMINDER_MESSAGES,
  type ReminderGateway,
  ROUTES,
  reminderMessage,
  STUDENT_REMINDERS_LIMIT,
  type StudentReminders,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { loadBranch } from '../lib/branch-letterhead';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { sendPdf } from '../lib/pdf';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { PDF, routeDocs } from '../openapi/route-docs';
import {
  insertReminders,
  overdueStudents,
  owingOf,
  recipientsOf,
  remindersById,
  remindersOfStudent,
  studentsInBranch,
} from './queries';
import { queueGatewayReminders } from './writes';

const documented = routeDocs('Reminders');

export async function reminderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };
  const { sender } = app.reminderOutbox;

  app.get(
    ROUTES.reminders.overdue.local,
    documented(guard, {
      summary:
        'Students with overdue bills, their parents’ numbers and their last reminder (Pengingat Tagihan)',
      response: 'BillReminderPage',
    }),
    async (request): Promise<BillReminderPage> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reminders.overdue.query, request.query);
      return overdueStudents(db, auth, query, todayIn(auth));
    },
  );

  app.post(
    ROUTES.reminders.record.local,
    documented(guard, {
      summary:
        'Record reminders sent to parents (WhatsApp, Surat Tagihan, CSV) with the overdue total they named',
      response: 'BillReminderCreated',
      status: [201],
    }),
    async (request, reply): Promise<BillReminderCreated> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.reminders.record.body, request.body);
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
    ROUTES.reminders.ofStudent.local,
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
    ROUTES.reminders.gateway.local,
    documented(guard, {
      summary: 'Whether a reminder gateway is configured (the screen offers Kirim via Gateway then)',
      input: 'none',
      response: 'ReminderGateway',
    }),
    async (): Promise<ReminderGateway> => ({ configured: sender !== null }),
  );

  app.post(
    ROUTES.reminders.sendViaGateway.local,
    documented(guard, {
      summary:
        'Queue reminders through the configured gateway: a gateway reminder and its outbox message per student, in one transaction',
      response: 'BillReminderCreated',
      status: [201],
    }),
    async (request, reply): Promise<BillReminderCreated> => {
      const auth = requireAuth(request);
      if (!sender) throw new ApiError(409, REMINDER_MESSAGES.noGateway);
      const body = validate(ROUTE_INPUTS.reminders.sendViaGateway.body, request.body);
      const studentIds = [...new Set(body.student_ids)];
      const recipients = await recipientsOf(db, auth, studentIds);
      if (studentIds.some((id) => !recipients.has(id))) throw notFound();
      const owing = await owingOf(db, auth, studentIds, body.overdue_min, todayIn(auth));
      if (studentIds.some((id) => !owing.has(id)))
        throw fieldError('student_ids', REMINDER_MESSAGES.noneOverdue);
      const noPhone = studentIds.flatMap((id) =>
        recipients.get(id)?.phone ? [] : [recipients.get(id)?.name],
      );
      if (noPhone.length > 0)
        throw fieldError('student_ids', `${REMINDER_MESSAGES.invalidPhones}: ${noPhone.join(', ')}`);
      const school = (await loadBranch(db, auth)).name;
      const named = studentIds.map((id) => {
        const o = owing.get(id) as { total: number; months: string[]; class_name: string };
        const r = recipients.get(id) as { name: string; phone: string };
        const message = reminderMessage({ student_name: r.name, ...o, school_name: school });
        return { student_id: id, total: o.total, months: o.months, phone: r.phone, message };
      });
      const ids = await queueGatewayReminders(app.database, auth, named);
      reply.status(201);
      return { reminders: await remindersById(db, auth, ids) };
    },
  );

  app.get(
    ROUTES.reminders.lettersPdf.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary:
          'Surat Tagihan: the letter of one student, or of every student of the filter (a class) in one PDF',
        response: { file: PDF },
      },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reminders.lettersPdf.query, request.query);
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
