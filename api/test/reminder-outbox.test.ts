// Reminders through a gateway (api/README.md "Reminder gateway"), with test/fake-sender.ts: queueing, draining,
// retries, two drainers never sending one row twice (PostgreSQL too), and nothing offered without a sender.

import { createServer } from 'node:http';
import {
  type BillReminderCreated,
  type BillReminderPage,
  REMINDER_MESSAGES,
  type ReminderGateway,
  type StudentReminders,
} from '@keuangan/shared/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { senderConfigFromEnv } from '../src/config';
import { openDatabase } from '../src/db/client';
import { bill_reminders, reminder_outbox, students } from '../src/db/schema';
import { createOutbox } from '../src/reminders/outbox';
import { senderFromConfig } from '../src/reminders/sender';
import { apiSuite } from './billing-fixtures';
import { fakeSender } from './fake-sender';

const MAX_ATTEMPTS = 3;
const BACKOFF_MS = 60_000;

const sender = fakeSender();
const s = apiSuite({
  reminders: { sender, intervalMs: 0, maxAttempts: MAX_ATTEMPTS, backoffMs: BACKOFF_MS },
});
const { call } = s;
/** Overdue students of Bandung, each given a valid mobile number of their own. */
let overdue: { student_id: number; name: string }[];
let departmentId: number;

const outboxRows = (reminderIds: number[]) =>
  s.ctx.database.db
    .select()
    .from(reminder_outbox)
    .where(inArray(reminder_outbox.reminder_id, reminderIds))
    .orderBy(asc(reminder_outbox.id));

/** Makes every queued row due now (as if its pause had passed). */
const pauseOver = () =>
  s.ctx.database.transaction((tx) =>
    tx
      .update(reminder_outbox)
      .set({ next_attempt_at: sql`now() - interval '1 second'` })
      .where(eq(reminder_outbox.status, 'queued')),
  );

async function queue(studentIds: number[]) {
  const res = await call<BillReminderCreated>('POST', '/api/bill-reminder-gateway', s.bandung, {
    student_ids: studentIds,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.reminders;
}

beforeAll(async () => {
  const [department] = (await call<{ id: number }[]>('GET', '/api/ref-department-getall', s.bandung)).body;
  departmentId = department?.id ?? 0;
  const page = await call<BillReminderPage>(
    'GET',
    `/api/bill-reminders?department_id=${departmentId}&limit=20`,
    s.bandung,
  );
  overdue = page.body.data.slice(0, 8).map((r) => ({ student_id: r.student_id, name: r.name }));
  if (overdue.length < 8) throw new Error('the demo data has fewer than 8 overdue students in Bandung');
  await s.ctx.database.transaction(async (tx) => {
    for (const [i, o] of overdue.entries()) {
      await tx
        .update(students)
        .set({ emergency_contact_phone: `0812-0000-${String(1000 + i)}` })
        .where(eq(students.id, o.student_id));
    }
  });
});

describe('with a sender configured', () => {
  it('says so, so the screen offers Kirim via Gateway', async () => {
    const res = await call<ReminderGateway>('GET', '/api/bill-reminder-gateway', s.bandung);
    expect(res.body).toEqual({ configured: true });
  });

  it('queues a gateway reminder with its message, then the drain sends it and marks it sent', async () => {
    const [student] = overdue;
    const [record] = await queue([student?.student_id ?? 0]);
    expect(record).toMatchObject({
      student_id: student?.student_id,
      channel: 'gateway',
      delivery: { status: 'queued', attempts: 0, last_error: null, sent_at: null },
    });
    const [row] = await outboxRows([record?.id ?? 0]);
    expect(row).toMatchObject({ phone: '+6281200001000', status: 'queued', branch_id: 1 });
    expect(row?.message).toContain(student?.name);

    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sender.sent).toEqual([{ phone: '+6281200001000', message: row?.message }]);
    const [sent] = await outboxRows([record?.id ?? 0]);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null, provider_id: 'fake-1' });
    expect(sent?.sent_at).toBeInstanceOf(Date);
    // Nothing left: a second drain sends nothing.
    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    // The student's bills show it as sent.
    const history = await call<StudentReminders>(
      'GET',
      `/api/bill-reminders/student/${student?.student_id}`,
      s.bandung,
    );
    expect(history.body.reminders[0]).toMatchObject({
      id: record?.id,
      channel: 'gateway',
      delivery: { status: 'sent', attempts: 1 },
    });
  });

  it('retries a failing gateway after a growing pause, then marks it failed with the error', async () => {
    sender.failWith = 'Gateway menjawab 503: sibuk';
    const calls = sender.calls.length;
    const [record] = await queue([overdue[1]?.student_id ?? 0]);
    const id = record?.id ?? 0;

    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [first] = await outboxRows([id]);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Gateway menjawab 503: sibuk' });
    // Not due before its pause is over.
    expect((first?.next_attempt_at.getTime() ?? 0) - Date.now()).toBeGreaterThan(BACKOFF_MS - 5_000);
    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await pauseOver();
    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [second] = await outboxRows([id]);
    // The second pause is twice the first.
    expect((second?.next_attempt_at.getTime() ?? 0) - Date.now()).toBeGreaterThan(2 * BACKOFF_MS - 5_000);

    await pauseOver();
    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [failed] = await outboxRows([id]);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: 'Gateway menjawab 503: sibuk',
      sent_at: null,
    });
    expect(sender.calls.length - calls).toBe(MAX_ATTEMPTS);
    // Failed is final: never sent again.
    await pauseOver();
    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const history = await call<StudentReminders>(
      'GET',
      `/api/bill-reminders/student/${overdue[1]?.student_id}`,
      s.bandung,
    );
    expect(history.body.reminders[0]?.delivery).toMatchObject({
      status: 'failed',
      last_error: 'Gateway menjawab 503: sibuk',
    });
    sender.failWith = null;
  });

  it('two drainers at once never send one row twice', async () => {
    const ids = overdue.slice(2).map((o) => o.student_id);
    const records = await queue(ids);
    const slowA = fakeSender({ delayMs: 15 });
    const slowB = fakeSender({ delayMs: 15 });
    // A second database handle on PostgreSQL (another pool, as another instance would have); PGlite has one.
    const other = s.ctx.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: s.ctx.databaseUrl })
      : s.ctx.database;
    try {
      const a = createOutbox(s.ctx.database, { sender: slowA, intervalMs: 0, batch: 3 });
      const b = createOutbox(other, { sender: slowB, intervalMs: 0, batch: 3 });
      const results = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(ids.length);
      // They did run side by side: each sent some.
      expect(slowA.sent.length).toBeGreaterThan(0);
      expect(slowB.sent.length).toBeGreaterThan(0);
    } finally {
      if (other !== s.ctx.database) await other.close();
    }
    const sent = [...slowA.sent, ...slowB.sent].map((m) => m.phone).sort();
    expect(sent).toEqual([...new Set(sent)]);
    expect(sent).toHaveLength(ids.length);
    const rows = await outboxRows(records.map((r) => r.id));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });

  it('marks a row left sending by a process that died as failed, never sending it again', async () => {
    const [record] = await queue([overdue[0]?.student_id ?? 0]);
    const id = record?.id ?? 0;
    // Claimed 11 minutes ago and never settled (the process stopped mid-send).
    await s.ctx.database.transaction((tx) =>
      tx
        .update(reminder_outbox)
        .set({ status: 'sending', attempts: 1, next_attempt_at: sql`now() - interval '11 minutes'` })
        .where(eq(reminder_outbox.reminder_id, id)),
    );
    const calls = sender.calls.length;
    expect(await s.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const [row] = await outboxRows([id]);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(row?.last_error).toContain('terputus');
    expect(sender.calls.length).toBe(calls);
  });

  it('refuses a number that is not a mobile one, another branch’s student and nothing overdue, queueing nothing', async () => {
    const before = (await s.ctx.database.db.select({ n: count() }).from(reminder_outbox))[0]?.n;
    const [target] = overdue;
    await s.ctx.database.transaction((tx) =>
      tx
        .update(students)
        .set({ emergency_contact_phone: '(022) 2501234' })
        .where(eq(students.id, target?.student_id ?? 0)),
    );
    const landline = await call('POST', '/api/bill-reminder-gateway', s.bandung, {
      student_ids: [target?.student_id, overdue[1]?.student_id],
    });
    expect(landline.status).toBe(422);
    expect(landline.body.message).toBe(`${REMINDER_MESSAGES.invalidPhones}: ${target?.name}`);
    const foreign = await call('POST', '/api/bill-reminder-gateway', s.jakarta, {
      student_ids: [overdue[1]?.student_id],
    });
    expect(foreign.status).toBe(404);
    const late = await call('POST', '/api/bill-reminder-gateway', s.bandung, {
      student_ids: [overdue[1]?.student_id],
      overdue_min: 9999,
    });
    expect(late.status).toBe(422);
    // The gateway channel is the server's: staff cannot record one by hand.
    const byHand = await call('POST', '/api/bill-reminders', s.bandung, {
      channel: 'gateway',
      student_ids: [overdue[1]?.student_id],
    });
    expect(byHand.status).toBe(422);
    const guru = await call('POST', '/api/bill-reminder-gateway', s.guru, {
      student_ids: [overdue[1]?.student_id],
    });
    expect(guru.status).toBe(403);
    expect((await s.ctx.database.db.select({ n: count() }).from(reminder_outbox))[0]?.n).toBe(before);
  });
});

describe('without a sender (the default)', () => {
  const plain = apiSuite();

  it('offers no gateway and refuses to queue with a readable message, recording nothing', async () => {
    const plainCall = plain.call;
    const status = await plainCall<ReminderGateway>('GET', '/api/bill-reminder-gateway', plain.bandung);
    expect(status.body).toEqual({ configured: false });
    const [student] = await plain.ctx.database.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.branch_id, 1))
      .limit(1);
    const res = await plainCall('POST', '/api/bill-reminder-gateway', plain.bandung, {
      student_ids: [student?.id],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REMINDER_MESSAGES.noGateway);
    expect((await plain.ctx.database.db.select({ n: count() }).from(bill_reminders))[0]?.n).toBe(0);
    expect(await plain.ctx.app.reminderOutbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });
});

describe('configuration', () => {
  it('has no sender unless REMINDER_SENDER names a real one; a fake cannot be configured', () => {
    expect(senderConfigFromEnv({})).toEqual({ kind: 'none' });
    expect(senderConfigFromEnv({ REMINDER_SENDER: 'none' })).toEqual({ kind: 'none' });
    expect(senderFromConfig({ kind: 'none' })).toBeNull();
    expect(() => senderConfigFromEnv({ REMINDER_SENDER: 'fake' })).toThrow(/REMINDER_SENDER tidak valid/);
    expect(() => senderConfigFromEnv({ REMINDER_SENDER: 'webhook' })).toThrow(/REMINDER_WEBHOOK_URL/);
    expect(
      senderConfigFromEnv({
        REMINDER_SENDER: 'webhook',
        REMINDER_WEBHOOK_URL: 'https://gateway.example/send',
        REMINDER_WEBHOOK_TOKEN: 'rahasia',
      }),
    ).toMatchObject({ kind: 'webhook', url: 'https://gateway.example/send', token: 'rahasia' });
  });

  it('the webhook sender posts JSON with the token and keeps the gateway’s id; a refusal throws with its status', async () => {
    const received: { auth: string | undefined; body: unknown }[] = [];
    let answer = { status: 200, body: '{"id":"wa-77"}' };
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    // A port of this worktree's e2e range (never a random one).
    await new Promise<void>((resolve) => server.listen(5590, '127.0.0.1', resolve));
    try {
      const webhook = senderFromConfig(
        senderConfigFromEnv({
          REMINDER_SENDER: 'webhook',
          REMINDER_WEBHOOK_URL: 'http://127.0.0.1:5590/send',
          REMINDER_WEBHOOK_TOKEN: 'rahasia',
        }),
      );
      const out = { phone: '+6281234567890', message: 'Yth. Bapak/Ibu' };
      expect(await webhook?.send(out)).toEqual({ providerId: 'wa-77' });
      expect(received).toEqual([{ auth: 'Bearer rahasia', body: out }]);
      answer = { status: 503, body: 'sibuk' };
      await expect(webhook?.send(out)).rejects.toThrow('Gateway menjawab 503: sibuk');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
