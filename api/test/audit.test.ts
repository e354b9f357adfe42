/**
 * Log Audit: each listed change writes exactly one record (who, branch, what, before/after, reason) in its own
 * transaction; a refused change and a replayed payment write none; the list is for admins only; no route
 * changes a record, and the table itself refuses UPDATE and DELETE.
 */
import {
  type AuditLogEntry,
  type CashClosing,
  emptyCashCounts,
  IDEMPOTENCY_KEY_HEADER,
  type Paged,
  type StudentBillingDetail,
} from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, fee_types, student_fee_components } from '../src/db/schema';
import { apiSuite, payInFull } from './billing-fixtures';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;
let admin: string;

beforeAll(async () => {
  admin = (await login(s.ctx.app, 'admin')).token;
});

/** The records written since `after` (an id), oldest first. */
async function recordsSince(after: number) {
  const rows = await s.ctx.database.db
    .select()
    .from(audit_logs)
    .where(sql`${audit_logs.id} > ${after}`)
    .orderBy(audit_logs.id);
  return rows;
}
const lastId = async () =>
  (
    await s.ctx.database.db
      .select({ id: sql<number>`coalesce(max(${audit_logs.id}), 0)`.mapWith(Number) })
      .from(audit_logs)
  )[0]?.id ?? 0;

/** A confirmed, unpaid Bandung bill of the test's own, as the detail shows it. */
async function unpaidBill() {
  const bill = await newBill();
  return (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung)).body;
}

describe('audit records', () => {
  it('a payment writes one record; its replay none; withdrawing the confirmation one, plus one per voided payment', async () => {
    const bill = await unpaidBill();
    const before = await lastId();
    const body = payInFull(bill, { total_amount_payment_paid: bill.total_billing });
    const headers = { [IDEMPOTENCY_KEY_HEADER]: `audit-${bill.id}` };
    const paid = await call<{ id: number }>(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      s.bandung,
      body,
      headers,
    );
    expect(paid.status).toBe(201);
    const replay = await call('POST', `/api/student-billing-pay/${bill.id}`, s.bandung, body, headers);
    expect(replay.status).toBe(200);
    const payments = await recordsSince(before);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      action: 'payment.create',
      entity: 'student_billing_payment',
      entity_id: paid.body.id,
      user_id: s.user.id,
      branch_id: 1,
      after: expect.objectContaining({ amount: bill.total_billing, bills: [bill.id] }),
    });

    const mark = await lastId();
    const unconfirm = await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
      void_reason: 'Salah siswa',
    });
    expect(unconfirm.status).toBe(200);
    const records = await recordsSince(mark);
    expect(records.map((r) => r.action).sort()).toEqual(['billing.unconfirm', 'payment.void']);
    // The void says what it took back: the receipt's number and its amount.
    expect(records.find((r) => r.action === 'payment.void')).toMatchObject({
      entity_id: paid.body.id,
      before: { payment_number: expect.stringMatching(/\S/), amount: bill.total_billing },
      reason: 'Salah siswa',
    });
    expect(records.find((r) => r.action === 'billing.unconfirm')).toMatchObject({
      entity_id: bill.id,
      before: { form_status: 1 },
      after: { form_status: 0 },
    });

    // Confirmed again: one record.
    const confirmMark = await lastId();
    await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 1,
    });
    expect((await recordsSince(confirmMark)).map((r) => r.action)).toEqual(['billing.confirm']);
  });

  it('an item price edit, a refused change (none), and a failed sign-in (the name tried, never the password)', async () => {
    const bill = await unpaidBill();
    await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });
    const item = bill.student_billing_items[0] as StudentBillingDetail['student_billing_items'][number];
    const mark = await lastId();
    const edit = await call('POST', `/api/student-billing-item-xupdate/${item.id}`, s.bandung, {
      field: 'price',
      value: item.price + 1000,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const refused = await call('POST', `/api/student-billing-item-xupdate/${item.id}`, s.bandung, {
      field: 'discount',
      value: 999_999_999,
    });
    expect(refused.status).toBe(422);
    const records = await recordsSince(mark);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: 'billing_item.update',
      entity_id: item.id,
      before: { price: item.price },
      after: { price: item.price + 1000 },
    });

    const loginMark = await lastId();
    const failed = await s.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'keuangan', password: 'salah-sekali-123' },
    });
    expect(failed.statusCode).toBe(401);
    await login(s.ctx.app, 'keuangan');
    const logins = await recordsSince(loginMark);
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({
      action: 'auth.login_failed',
      user_id: null,
      after: { username: 'keuangan' },
    });
    expect(JSON.stringify(logins[0])).not.toContain('salah-sekali');
  });
});

describe('cash day changes', () => {
  it("reopening a closed day records the closing's number, day, cashier and total, as closing it did", async () => {
    const bill = await unpaidBill();
    const paid = await call(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      s.bandung,
      payInFull(bill, { total_amount_payment_paid: bill.total_billing }),
      { [IDEMPOTENCY_KEY_HEADER]: `audit-close-${bill.id}` },
    );
    expect(paid.status).toBe(201);
    const closed = await call<CashClosing>('POST', '/api/cash-closing', admin, {
      date: s.today,
      cashier_id: s.user.id,
      // The drawer was emptied before the count: the difference is explained.
      counts: emptyCashCounts(),
      difference_note: 'Uang sudah disetor ke bendahara',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const mark = await lastId();
    const reopened = await call('POST', `/api/cash-closing/${closed.body.id}/reopen`, admin, {
      reason: 'Salah hitung',
    });
    expect(reopened.status).toBe(200);
    const [record] = await recordsSince(mark);
    expect(record).toMatchObject({
      action: 'cash.reopen',
      entity: 'cash_closing',
      entity_id: closed.body.id,
      before: {
        number: closed.body.closing_number,
        date: s.today,
        cashier_id: s.user.id,
        total: closed.body.figures.total,
      },
      reason: 'Salah hitung',
    });
    expect(closed.body.figures.total.amount).toBeGreaterThan(0);
  });
});

describe('fee component changes', () => {
  it('an added component and a price edit write one record each, with before and after', async () => {
    // Placed where a demo component is, under a fee type of its own (one component per type and class-month).
    const [placed] = await s.ctx.database.db
      .select()
      .from(student_fee_components)
      .where(sql`${student_fee_components.branch_id} = 1`)
      .limit(1);
    if (!placed) throw new Error('the demo data has no fee component');
    const [type] = await s.ctx.database.db
      .insert(fee_types)
      .values({ client_id: placed.client_id, branch_id: 1, name: 'Audit Uji' })
      .returning({ id: fee_types.id });
    const mark = await lastId();
    const created = await call<{ id: number }>('POST', '/api/student-fee-component', s.bandung, {
      department_id: placed.department_id,
      year_of_study_id: placed.year_of_study_id,
      yos_periode_id: placed.yos_periode_id,
      level_id: placed.level_id,
      class_id: placed.class_id,
      mm: placed.mm,
      fee_type_id: type?.id,
      ftype: 1,
      name: 'Audit Uji',
      price: 100000,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const edited = await call('POST', `/api/student-fee-component-xupdate/${created.body.id}`, s.bandung, {
      field: 'price',
      value: 125000,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const records = await recordsSince(mark);
    expect(records.map((r) => r.action)).toEqual(['fee_component.create', 'fee_component.update']);
    expect(records[1]).toMatchObject({
      entity_id: created.body.id,
      before: { price: 100000 },
      after: { price: 125000 },
    });
  });
});

describe('GET /api/audit-log', () => {
  it('lists the branch records for admins, filtered by kind, newest first, and exports them', async () => {
    const res = await call<Paged<AuditLogEntry>>(
      'GET',
      `/api/audit-log?action=payment.create&date_from=${s.today}&date_to=${s.today}&orderby=id&sort=desc`,
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((r) => r.action === 'payment.create')).toBe(true);
    expect(res.body.data[0]?.user_name).toBeTruthy();
    const failed = await call<Paged<AuditLogEntry>>('GET', '/api/audit-log?action=auth.login_failed', admin);
    expect(failed.body.total).toBeGreaterThan(0);

    const file = await s.ctx.app.inject({
      method: 'GET',
      url: '/api/audit-log-xlsx?action=payment.create',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('A1').value).toBe('Log Audit');
    // Readable columns: the entity by its Indonesian name, the change in words (never the stored JSON).
    const rows = sheet.getSheetValues().filter(Array.isArray) as unknown[][];
    const header = rows.findIndex((row) => row.includes('Waktu'));
    const columns = rows[header] as unknown[];
    expect(columns.filter(Boolean)).toEqual(['Waktu', 'Pengguna', 'Jenis', 'Entitas', 'Perubahan', 'Alasan']);
    const first = rows[header + 1] as unknown[];
    const cell = (name: string) => String(first[columns.indexOf(name)]);
    expect(cell('Jenis')).toBe('Pembayaran');
    expect(cell('Entitas')).toMatch(/^Pembayaran siswa #\d+$/);
    const change = cell('Perubahan').split('; ');
    expect(change).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Billing: \d+/),
        expect.stringMatching(/^Jumlah: Rp \d{1,3}(\.\d{3})*$/),
        'Jenis Pembayaran: Cash',
        expect.stringMatching(/^Tanggal Bayar: \d{4}-\d{2}-\d{2}$/),
      ]),
    );
    expect(cell('Perubahan')).not.toMatch(/[{}"]/);
  });

  it('refuses other finance editors (403) and a bad filter (422)', async () => {
    expect((await call('GET', '/api/audit-log', s.bandung)).status).toBe(403);
    expect((await call('GET', '/api/audit-log-xlsx', s.bandung)).status).toBe(403);
    expect((await call('GET', '/api/audit-log?action=nothing', admin)).status).toBe(422);
    expect((await call('GET', '/api/audit-log?date_from=2026-13-01', admin)).status).toBe(422);
  });

  it('has no route that changes a record, and the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    const writes = s.ctx.app.routeTable.filter((r) => r.url.includes('audit') && r.method !== 'GET');
    expect(writes).toEqual([]);
    await expect(s.ctx.database.db.execute(sql`update audit_logs set reason = 'x'`)).rejects.toThrow();
    await expect(s.ctx.database.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
    // Even as the owner (PGlite's one role; the test PostgreSQL's superuser): the trigger of migration 0025.
    const refusedTruncate = { cause: { message: 'audit_logs cannot be truncated' } };
    await expect(s.ctx.database.db.execute(sql`truncate audit_logs`)).rejects.toMatchObject(refusedTruncate);
    await expect(s.ctx.database.db.execute(sql`truncate clients cascade`)).rejects.toMatchObject(
      refusedTruncate,
    );
    expect(await lastId()).toBeGreaterThan(0);
  });
});
