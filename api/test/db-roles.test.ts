/**
 * The production set-up on PostgreSQL (api/README.md "Database roles"): the owner migrates, the API runs as
 * keuangan_api with only the rights it needs. That role cannot change or remove an audit row by any statement,
 * and the API serves everything as it: sign-in, a payment with its audit record, a document, readiness.
 * PostgreSQL only: PGlite has one role.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import {
  billMaker,
  expectLedgerConsistent,
  openSessions,
  payInFull,
  type Sessions,
} from './billing-fixtures';
import { asApiRole, bearer, login, TEST_SECRET } from './helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('the API role on PostgreSQL', () => {
  let s: Sessions;
  let roleUrl: string;
  let asRole: pg.Client;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    s = await openSessions();
    roleUrl = await asApiRole(s.ctx.databaseUrl as string);
    // The role came after the migrations: the next migrate (each start) grants it its rights.
    await s.ctx.database.migrate();
    asRole = new pg.Client({ connectionString: roleUrl });
    await asRole.connect();
    database = await openDatabase({ kind: 'postgres', url: roleUrl });
    app = await buildApp({
      database,
      jwtSecret: TEST_SECRET,
      uploadsDir: s.ctx.uploadsDir,
      logger: false,
      documents: { niceness: 0 }, // as createTestContext: not niced among test files
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await asRole?.end();
    await s?.ctx.close();
  });

  const auditRows = async () =>
    Number((await asRole.query<{ n: string }>('select count(*) as n from audit_logs')).rows[0]?.n);

  it('cannot change or remove an audit row by any statement', async () => {
    expect((await asRole.query('select current_user as who')).rows[0]?.who).toBe('keuangan_api');
    // A failed sign-in, recorded by the API as this role, gives the log a row to protect.
    const wrong = { email: 'keuangan', password: 'bukan-sandinya' };
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong })).statusCode).toBe(
      401,
    );
    const before = await auditRows();
    expect(before).toBeGreaterThan(0);
    const attempts = [
      'TRUNCATE audit_logs',
      'TRUNCATE clients CASCADE',
      'ALTER TABLE audit_logs DISABLE TRIGGER ALL',
      'ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_change',
      "UPDATE audit_logs SET reason = 'diubah'",
      'DELETE FROM audit_logs',
      'DROP TABLE audit_logs CASCADE',
      'DROP TRIGGER audit_logs_no_change ON audit_logs',
      'CREATE OR REPLACE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$',
      'ALTER TABLE audit_logs RENAME TO audit_logs_old',
    ];
    for (const statement of attempts) {
      // 42501 insufficient_privilege: not the owner, or no such right.
      await expect(asRole.query(statement), statement).rejects.toMatchObject({ code: '42501' });
    }
    expect(await auditRows()).toBe(before);
    // Nor can it give itself more (a GRANT without the grant option only warns: check the rights after it).
    await asRole.query('GRANT UPDATE, DELETE, TRUNCATE ON audit_logs TO keuangan_api');
    const rights = await asRole.query<{ right: string; has: boolean }>(
      `select r as right, has_table_privilege('audit_logs', r) as has
         from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER', 'REFERENCES']) r`,
    );
    expect(Object.fromEntries(rights.rows.map((r) => [r.right, r.has]))).toEqual({
      SELECT: true,
      INSERT: true,
      UPDATE: false,
      DELETE: false,
      TRUNCATE: false,
      TRIGGER: false,
      REFERENCES: false,
    });
  });

  it('serves as that role: sign-in, a payment and its audit record, a document, readiness', async () => {
    const token = (await login(app, 'keuangan')).token;
    const bill = await billMaker(s)();
    const detail = (
      await app.inject({ method: 'GET', url: `/api/student-billing/${bill.id}`, headers: bearer(token) })
    ).json<StudentBillingDetail>();
    const before = await auditRows();
    const paid = await app.inject({
      method: 'POST',
      url: `/api/student-billing-pay/${bill.id}`,
      headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: `roles-${bill.id}` },
      payload: payInFull(detail),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<StudentBillingPaymentReceipt>().payment_number).toBeTruthy();
    expect(await auditRows()).toBeGreaterThan(before);
    await expectLedgerConsistent(s.ctx, bill.id);

    const sheet = await app.inject({
      method: 'GET',
      url: '/api/psb-event-prospective-xls?yoe=1990',
      headers: bearer(token),
    });
    expect(sheet.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
