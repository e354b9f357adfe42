/**
 * What Pengingat Tagihan reads and records (docs/money.md#reminders): per student, the overdue bills (the
 * overdue rule of ledger/overdue-queries.ts: confirmed, still owing, at least N days past their due date), their total,
 * months and the class of the latest; the parent's phone from the emergency contact; the last reminder.
 */
import {
  type BillReminderPage,
  type BillReminderQuery,
  type BillReminderRecord,
  type BillReminderStudent,
  normalizePhone,
  type OutboxStatus,
  type ReminderChannel,
} from '@keuangan/shared/contract';
import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bill_reminders, classes, reminder_outbox, student_billings, students, users } from '../db/schema';
import { overdueAtLeast } from '../ledger/overdue-queries';
import { pagedResponse } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq } from '../lib/scope';

/** The filter of the overdue bills (the list's, or one record's: its students only). */
interface OwingFilter {
  overdue_min?: number | undefined;
  department_id?: number | undefined;
  year_of_study_id?: number | undefined;
  yos_periode_id?: number | undefined;
  level_id?: number | undefined;
  class_id?: number | undefined;
  amount_min?: number | undefined;
  student_ids?: readonly number[] | undefined;
  student_id?: number | undefined;
}

/** Per student: what their overdue bills owe, their months ('YYYY-MM,…' oldest first), oldest due date, latest class. */
function owingStudents(db: Db, scope: BranchScope, filter: OwingFilter, today: string) {
  const b = student_billings;
  const total = sql<number>`sum(${b.total_billing})`;
  return db
    .select({
      student_id: b.student_id,
      total: total.mapWith(Number).as('total'),
      months: sql<string>`string_agg(distinct ${b.mm}, ',' order by ${b.mm})`.as('months'),
      oldest_due: sql<string>`min(${b.due_date})`.as('oldest_due'),
      class_id: sql<number>`(array_agg(${b.class_id} order by ${b.mm} desc, ${b.id} desc))[1]`.as('class_id'),
    })
    .from(b)
    .where(
      inBranch(
        scope,
        b,
        overdueAtLeast(today, filter.overdue_min ?? 1),
        optionalEq(b.department_id, filter.department_id),
        optionalEq(b.year_of_study_id, filter.year_of_study_id),
        optionalEq(b.yos_periode_id, filter.yos_periode_id),
        optionalEq(b.level_id, filter.level_id),
        optionalEq(b.class_id, filter.class_id),
        filter.student_ids ? inArray(b.student_id, [...filter.student_ids]) : undefined,
        optionalEq(b.student_id, filter.student_id),
      ),
    )
    .groupBy(b.student_id)
    .having(filter.amount_min ? sql`${total} >= ${filter.amount_min}` : undefined)
    .as('owing');
}

type Owing = ReturnType<typeof owingStudents>;

/** Reminded in the last `days` days (any channel). */
const remindedWithin = (scope: BranchScope, owing: Owing, days: number): SQL =>
  sql`exists (select 1 from ${bill_reminders} where ${bill_reminders.branch_id} = ${scope.branchId}
    and ${bill_reminders.student_id} = ${owing.student_id}
    and ${bill_reminders.sent_at} > now() - make_interval(days => ${days}::int))`;

/** The id of the student's last reminder, as a column. */
const lastReminderId = (scope: BranchScope, owing: Owing) =>
  sql<number | null>`(select ${bill_reminders.id} from ${bill_reminders}
    where ${bill_reminders.branch_id} = ${scope.branchId} and ${bill_reminders.student_id} = ${owing.student_id}
    order by ${bill_reminders.sent_at} desc, ${bill_reminders.id} desc limit 1)`;

const splitMonths = (months: string | null) => (months ? months.split(',') : []);

/** Recorded reminders matching `where` (within the scope's branch), with who sent them. */
async function remindersWhere(
  db: Db,
  scope: BranchScope,
  where: SQL,
  order: 'oldest' | 'newest',
  limit?: number,
): Promise<BillReminderRecord[]> {
  const r = bill_reminders;
  const query = db
    .select({
      id: r.id,
      student_id: r.student_id,
      channel: r.channel,
      amount: r.amount,
      months: r.months,
      sent_at: r.sent_at,
      sent_by: users.name,
      delivery_status: reminder_outbox.status,
      delivery_attempts: reminder_outbox.attempts,
      delivery_error: reminder_outbox.last_error,
      delivery_sent_at: reminder_outbox.sent_at,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.sent_by))
    .leftJoin(reminder_outbox, eq(reminder_outbox.reminder_id, r.id))
    .where(inBranch(scope, r, where))
    .orderBy(...(order === 'oldest' ? [asc(r.id)] : [desc(r.sent_at), desc(r.id)]));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(
    ({
      delivery_status,
      delivery_attempts,
      delivery_error,
      delivery_sent_at,
      ...row
    }): BillReminderRecord => ({
      ...row,
      channel: row.channel as ReminderChannel,
      months: row.months as string[],
      sent_at: row.sent_at.toISOString(),
      delivery:
        delivery_status === null
          ? null
          : {
              status: delivery_status as OutboxStatus,
              attempts: delivery_attempts ?? 0,
              last_error: delivery_error,
              sent_at: delivery_sent_at?.toISOString() ?? null,
            },
    }),
  );
}

/** Recorded reminders by id, with who sent them. */
export async function remindersById(
  db: Db,
  scope: BranchScope,
  ids: number[],
): Promise<BillReminderRecord[]> {
  if (ids.length === 0) return [];
  return remindersWhere(db, scope, inArray(bill_reminders.id, ids), 'oldest');
}

/** One student's reminders, newest first (the last `limit`). */
export const remindersOfStudent = (db: Db, scope: BranchScope, studentId: number, limit: number) =>
  remindersWhere(db, scope, eq(bill_reminders.student_id, studentId), 'newest', limit);

/** `GET /api/bill-reminders` (and the letters, of one student or the whole filter): longest late first, then most owed. */
export async function overdueStudents(
  db: Db,
  scope: BranchScope,
  query: Omit<OwingFilter, 'student_ids'> & Pick<BillReminderQuery, 'page' | 'limit' | 'hide_days'>,
  today: string,
): Promise<BillReminderPage> {
  const owing = owingStudents(db, scope, query, today);
  const where = query.hide_days ? sql`not ${remindedWithin(scope, owing, query.hide_days)}` : undefined;
  const overdueDays = sql<number>`(${today}::date - ${owing.oldest_due})`.mapWith(Number);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        student_id: owing.student_id,
        name: students.name,
        nis: students.nis,
        class_name: classes.name,
        emergency_contact_name: students.emergency_contact_name,
        father: students.father,
        mother: students.mother,
        phone_raw: students.emergency_contact_phone,
        months: owing.months,
        total: owing.total,
        overdue_days: overdueDays,
        last_reminder_id: lastReminderId(scope, owing),
      })
      .from(owing)
      .innerJoin(students, eq(students.id, owing.student_id))
      .innerJoin(classes, eq(classes.id, owing.class_id))
      .where(where)
      .orderBy(desc(overdueDays), desc(owing.total), asc(students.name), asc(students.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(owing).where(where),
  ]);
  const lastIds = rows.flatMap((r) => (r.last_reminder_id === null ? [] : [Number(r.last_reminder_id)]));
  const last = new Map((await remindersById(db, scope, lastIds)).map((r) => [r.id, r]));
  const data = rows.map(
    (r): BillReminderStudent => ({
      student_id: r.student_id,
      name: r.name,
      nis: r.nis,
      class_name: r.class_name,
      parent_name: r.emergency_contact_name || r.father || r.mother || null,
      phone_raw: r.phone_raw,
      phone: normalizePhone(r.phone_raw),
      months: splitMonths(r.months),
      total: r.total,
      overdue_days: r.overdue_days,
      last_reminder: r.last_reminder_id === null ? null : (last.get(Number(r.last_reminder_id)) ?? null),
    }),
  );
  return pagedResponse(data, counted?.total ?? 0, query.page, query.limit);
}

/** What each of these students owes overdue now (students without overdue bills are absent). */
export async function owingOf(
  db: Db,
  scope: BranchScope,
  studentIds: readonly number[],
  overdueMin: number | undefined,
  today: string,
): Promise<Map<number, { total: number; months: string[]; class_name: string }>> {
  const owing = owingStudents(db, scope, { student_ids: studentIds, overdue_min: overdueMin }, today);
  const rows = await db
    .select({
      student_id: owing.student_id,
      total: owing.total,
      months: owing.months,
      class_name: classes.name,
    })
    .from(owing)
    .innerJoin(classes, eq(classes.id, owing.class_id));
  return new Map(
    rows.map((r) => [
      r.student_id,
      { total: r.total, months: splitMonths(r.months), class_name: r.class_name },
    ]),
  );
}

/** The name and the parent's number (+62…, null when not a mobile number) of these students of the branch. */
export async function recipientsOf(
  db: Db,
  scope: BranchScope,
  ids: readonly number[],
): Promise<Map<number, { name: string; phone: string | null }>> {
  const rows = await db
    .select({ id: students.id, name: students.name, phone: students.emergency_contact_phone })
    .from(students)
    .where(inBranch(scope, students, inArray(students.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { name: r.name, phone: normalizePhone(r.phone) }]));
}

/** Of these ids, the students of the scope's branch. */
export async function studentsInBranch(
  db: Db,
  scope: BranchScope,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(inBranch(scope, students, inArray(students.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Records reminders (never deleted); answers their ids. `db` may be a transaction. */
export async function insertReminders(
  db: Db | Tx,
  scope: BranchScope,
  userId: number,
  channel: ReminderChannel,
  named: { student_id: number; total: number; months: string[] }[],
): Promise<number[]> {
  const inserted = await db
    .insert(bill_reminders)
    .values(
      named.map((n) => ({
        client_id: scope.clientId,
        branch_id: scope.branchId,
        student_id: n.student_id,
        channel,
        amount: n.total,
        months: n.months,
        sent_by: userId,
      })),
    )
    .returning({ id: bill_reminders.id });
  return inserted.map((r) => r.id);
}

/** Queues the gateway's messages of these 'gateway' reminders (in the transaction that recorded them). */
export async function enqueueMessages(
  tx: Tx,
  scope: BranchScope,
  messages: { reminder_id: number; phone: string; message: string }[],
): Promise<void> {
  await tx
    .insert(reminder_outbox)
    .values(messages.map((m) => ({ client_id: scope.clientId, branch_id: scope.branchId, ...m })));
}
