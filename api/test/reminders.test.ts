/**
 * Pengingat Tagihan (api/ROUTES.md "Reminders"): the overdue list and its filters against the bills' own totals,
 * the parents' numbers as +62 (or invalid), recording reminders and hiding the recently reminded, and the
 * refusals (another branch's student, nothing overdue, not a finance editor, a bad filter) that change nothing.
 */
import {
  type BillReminderCreated,
  type BillReminderPage,
  formatRupiah,
  type StudentReminders,
} from '@keuangan/shared/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { bill_reminders, student_billings, students } from '../src/db/schema';
import { apiSuite } from './billing-fixtures';

const s = apiSuite();
const { call } = s;
/** The demo's older arrears in Bandung: a class B of the second level, its department and one student. */
let arrears: { department_id: number; class_id: number; student_id: number };

const listUrl = (query: Record<string, string | number>) =>
  `/api/bill-reminders?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;

async function list(query: Record<string, string | number>, token = s.bandung) {
  const res = await call<BillReminderPage>('GET', listUrl({ limit: 500, ...query }), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** What the student's bills at least `days` late owe, from the bills themselves. */
async function owedOverdue(studentId: number, days: number) {
  const [row] = await s.ctx.database.db
    .select({ owed: sql<number>`coalesce(sum(${student_billings.total_billing}), 0)`.mapWith(Number) })
    .from(student_billings)
    .where(
      and(
        eq(student_billings.student_id, studentId),
        eq(student_billings.form_status, 1),
        sql`${student_billings.total_billing} > 0 and ${student_billings.due_date} <= ${s.today}::date - ${days}::int`,
      ),
    );
  return row?.owed ?? 0;
}

const reminderCount = async () =>
  (await s.ctx.database.db.select({ n: count() }).from(bill_reminders))[0]?.n ?? 0;

beforeAll(async () => {
  const [row] = await s.ctx.database.db
    .select({
      department_id: student_billings.department_id,
      class_id: student_billings.class_id,
      student_id: student_billings.student_id,
    })
    .from(student_billings)
    .where(
      and(
        eq(student_billings.branch_id, 1),
        eq(student_billings.form_status, 1),
        sql`${student_billings.total_billing} > 0 and ${student_billings.due_date} <= ${s.today}::date - 91`,
      ),
    )
    .orderBy(student_billings.student_id)
    .limit(1);
  if (!row) throw new Error('no bill over 90 days late in the demo data');
  arrears = row;
});

describe('the overdue list', () => {
  it('lists students with bills at least N days late, their totals and months from the bills', async () => {
    const page = await list({ department_id: arrears.department_id, overdue_min: 91 });
    expect(page.data.length).toBeGreaterThan(0);
    const row = page.data.find((r) => r.student_id === arrears.student_id);
    expect(row).toBeDefined();
    for (const r of page.data) {
      expect(r.overdue_days).toBeGreaterThanOrEqual(91);
      expect(r.total).toBe(await owedOverdue(r.student_id, 91));
      expect(r.months.length).toBeGreaterThan(0);
      expect([...r.months].sort()).toEqual(r.months);
    }
    // Longest late first.
    const days = page.data.map((r) => r.overdue_days);
    expect([...days].sort((a, b) => b - a)).toEqual(days);
  });

  it('counts more with a lower minimum of days late, and narrows by class and amount', async () => {
    const over90 = await list({ department_id: arrears.department_id, overdue_min: 91 });
    const late = await list({ department_id: arrears.department_id });
    expect(late.total).toBeGreaterThanOrEqual(over90.total);
    const inClass = await list({
      department_id: arrears.department_id,
      class_id: arrears.class_id,
      overdue_min: 61,
    });
    expect(inClass.data.some((r) => r.student_id === arrears.student_id)).toBe(true);
    const none = await list({ department_id: arrears.department_id, amount_min: 999_999_999_999 });
    expect(none).toMatchObject({ total: 0, data: [] });
    const row = inClass.data.find((r) => r.student_id === arrears.student_id);
    const exact = await list({
      department_id: arrears.department_id,
      class_id: arrears.class_id,
      overdue_min: 61,
      amount_min: row?.total ?? 0,
    });
    expect(exact.data.some((r) => r.student_id === arrears.student_id)).toBe(true);
  });

  it('gives the parent’s number as +62, or null when it is not an Indonesian mobile number', async () => {
    const cases: [string, string | null][] = [
      ['0812-3456-7890', '+6281234567890'],
      ['6281234567890', '+6281234567890'],
      ['+62 812 3456 789', '+628123456789'],
      ['(022) 2501234', null],
      ['+1 415 555 0100', null],
      ['0812', null],
    ];
    for (const [raw, normalized] of cases) {
      await s.ctx.database.db
        .update(students)
        .set({ emergency_contact_phone: raw })
        .where(eq(students.id, arrears.student_id));
      const page = await list({ department_id: arrears.department_id, class_id: arrears.class_id });
      const row = page.data.find((r) => r.student_id === arrears.student_id);
      expect(row, raw).toMatchObject({ phone_raw: raw, phone: normalized });
    }
  });

  it('refuses a bad filter and a caller who is not a finance editor', async () => {
    const missing = await call('GET', listUrl({}), s.bandung);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('Departemen');
    const badAmount = await call(
      'GET',
      listUrl({ department_id: arrears.department_id, amount_min: '-5' }),
      s.bandung,
    );
    expect(badAmount.status).toBe(422);
    const guru = await call('GET', listUrl({ department_id: arrears.department_id }), s.guru);
    expect(guru.status).toBe(403);
  });
});

describe('recording reminders', () => {
  it('records what the reminder named, shows it as the last one and hides the student for N days', async () => {
    const before = await list({ department_id: arrears.department_id, overdue_min: 91 });
    const row = before.data.find((r) => r.student_id === arrears.student_id);
    const res = await call<BillReminderCreated>('POST', '/api/bill-reminders', s.bandung, {
      channel: 'whatsapp',
      student_ids: [arrears.student_id],
      overdue_min: 91,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [record] = res.body.reminders;
    expect(record).toMatchObject({
      student_id: arrears.student_id,
      channel: 'whatsapp',
      amount: row?.total,
      months: row?.months,
    });
    expect(record?.sent_by).toBeTruthy();
    const after = await list({ department_id: arrears.department_id, overdue_min: 91 });
    expect(after.data.find((r) => r.student_id === arrears.student_id)?.last_reminder).toMatchObject({
      id: record?.id,
      channel: 'whatsapp',
    });
    const hidden = await list({ department_id: arrears.department_id, overdue_min: 91, hide_days: 7 });
    expect(hidden.data.some((r) => r.student_id === arrears.student_id)).toBe(false);
    expect(hidden.total).toBe(after.total - 1);
  });

  it('records several at once (the CSV), one per student', async () => {
    const page = await list({ department_id: arrears.department_id, overdue_min: 61 });
    const ids = page.data.slice(0, 3).map((r) => r.student_id);
    const res = await call<BillReminderCreated>('POST', '/api/bill-reminders', s.bandung, {
      channel: 'csv',
      student_ids: ids,
      overdue_min: 61,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.reminders.map((r) => r.student_id).sort()).toEqual([...ids].sort());
  });

  it('refuses another branch’s student, a student with nothing overdue and a bad channel, recording nothing', async () => {
    const before = await reminderCount();
    const foreign = await call('POST', '/api/bill-reminders', s.jakarta, {
      channel: 'whatsapp',
      student_ids: [arrears.student_id],
    });
    expect(foreign.status).toBe(404);
    const nothingOverdue = await call('POST', '/api/bill-reminders', s.bandung, {
      channel: 'letter',
      student_ids: [arrears.student_id],
      overdue_min: 9999,
    });
    expect(nothingOverdue.status).toBe(422);
    expect(nothingOverdue.body.message).toBe('Siswa tidak memiliki tagihan terlambat');
    const badChannel = await call('POST', '/api/bill-reminders', s.bandung, {
      channel: 'sms',
      student_ids: [arrears.student_id],
    });
    expect(badChannel.status).toBe(422);
    const guru = await call('POST', '/api/bill-reminders', s.guru, {
      channel: 'whatsapp',
      student_ids: [arrears.student_id],
    });
    expect(guru.status).toBe(403);
    expect(await reminderCount()).toBe(before);
  });
});

describe('a student’s reminders (Riwayat Pengingat)', () => {
  const studentUrl = (id: number | string) => `/api/bill-reminders/student/${id}`;

  it('lists the student’s reminders newest first, with who sent them, the channel, amount and months', async () => {
    const letter = await call<BillReminderCreated>('POST', '/api/bill-reminders', s.bandung, {
      channel: 'letter',
      student_ids: [arrears.student_id],
    });
    expect(letter.status).toBe(201);
    const res = await call<StudentReminders>('GET', studentUrl(arrears.student_id), s.bandung);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { reminders } = res.body;
    expect(reminders.length).toBeGreaterThanOrEqual(2);
    expect(reminders[0]).toEqual(letter.body.reminders[0]);
    expect(reminders.every((r) => r.student_id === arrears.student_id)).toBe(true);
    const times = reminders.map((r) => r.sent_at);
    expect([...times].sort().reverse()).toEqual(times);
    const stored = await s.ctx.database.db
      .select({ n: count() })
      .from(bill_reminders)
      .where(eq(bill_reminders.student_id, arrears.student_id));
    expect(reminders.length).toBe(stored[0]?.n);
  });

  it('answers an empty list for a student never reminded', async () => {
    const [never] = await s.ctx.database.db
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.branch_id, 1),
          sql`not exists (select 1 from ${bill_reminders} where ${bill_reminders.student_id} = ${students.id})`,
        ),
      )
      .limit(1);
    const res = await call<StudentReminders>('GET', studentUrl(never?.id ?? 0), s.bandung);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reminders: [] });
  });

  it('is 404 for another branch’s student or an unknown id, 403 for a teacher', async () => {
    expect((await call('GET', studentUrl(arrears.student_id), s.jakarta)).status).toBe(404);
    expect((await call('GET', studentUrl(999_999), s.bandung)).status).toBe(404);
    expect((await call('GET', studentUrl('abc'), s.bandung)).status).toBe(404);
    expect((await call('GET', studentUrl(arrears.student_id), s.guru)).status).toBe(403);
  });
});

describe('Surat Tagihan', () => {
  const pdfText = async (raw: Buffer) => {
    const pdf = await getDocumentProxy(new Uint8Array(raw));
    const { text } = await extractText(pdf, { mergePages: true });
    return { text: text.replace(/\s+/g, ' '), pages: pdf.numPages };
  };

  it('prints one student’s letter naming the student, the months and the total', async () => {
    const page = await list({
      department_id: arrears.department_id,
      class_id: arrears.class_id,
      overdue_min: 61,
    });
    const row = page.data.find((r) => r.student_id === arrears.student_id);
    const res = await call(
      'GET',
      `/api/bill-reminder-letters-pdf?student_id=${arrears.student_id}&overdue_min=61`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const { text, pages } = await pdfText(res.raw);
    expect(pages).toBe(1);
    expect(text).toContain('Surat Tagihan');
    expect(text).toContain(row?.name ?? '?');
    expect(text).toContain(formatRupiah(row?.total ?? 0));
  });

  it('prints a whole class in one PDF, a page per student', async () => {
    const page = await list({
      department_id: arrears.department_id,
      class_id: arrears.class_id,
      overdue_min: 61,
    });
    const res = await call(
      'GET',
      `/api/bill-reminder-letters-pdf?department_id=${arrears.department_id}&class_id=${arrears.class_id}&overdue_min=61`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    const { text, pages } = await pdfText(res.raw);
    expect(pages).toBe(page.total);
    for (const r of page.data) expect(text).toContain(r.name);
  });

  it('refuses another branch’s student and a filter with nobody overdue', async () => {
    const foreign = await call(
      'GET',
      `/api/bill-reminder-letters-pdf?student_id=${arrears.student_id}`,
      s.jakarta,
    );
    expect(foreign.status).toBe(404);
    const none = await call(
      'GET',
      `/api/bill-reminder-letters-pdf?department_id=${arrears.department_id}&amount_min=999999999999`,
      s.bandung,
    );
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Tidak ada tagihan terlambat');
  });
});
