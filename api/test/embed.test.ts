/**
 * Token Integrasi (embed tokens): minting and its refusals, the scope over every route of the route table (a
 * read token reaches billing reads only, a pay token those and paying), one student's token kept to that
 * student, the view's session check, expiry, and revocation seen at once by a second instance.
 */
import {
  DOCUMENT_LINK_MESSAGES,
  type DocumentLink,
  EMBED_MESSAGES,
  type EmbedSession,
  type EmbedTokenCreated,
  type EmbedTokenEntry,
  IDEMPOTENCY_KEY_HEADER,
  type Paged,
  type StudentBillingDetail,
  type StudentBillingListResponse,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { audit_logs, document_links, embed_tokens, students } from '../src/db/schema';
import { apiSuite, payInFull } from './billing-fixtures';
import { craftToken, nowSeconds, TEST_SECRET } from './helpers';

const s = apiSuite();
const { call, newBill } = s;
/** A confirmed, unpaid Bandung bill of the file's own, dated up to today, and its student. */
let bill: { id: number; student_id: number; department_id: number; year_of_study_id: number };
let otherStudentBill: { id: number; student_id: number };
/** The payment the pay token made (its documents are opened below). */
let paidId = 0;

beforeAll(async () => {
  bill = await newBill();
  otherStudentBill = await newBill();
}, 120_000);

async function mint(body: Record<string, unknown>, token = s.bandung) {
  return call<EmbedTokenCreated>('POST', '/api/embed-tokens', token, {
    label: 'Portal Orang Tua',
    scope: 'billing:read',
    student_id: null,
    expires_in_minutes: 60,
    ...body,
  });
}

async function minted(body: Record<string, unknown>) {
  const res = await mint(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A concrete URL for a route pattern (every path parameter 1). */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('minting', () => {
  it('mints for the active branch, lists it without the token, and records it in the audit log', async () => {
    const created = await minted({ student_id: bill.student_id, label: 'Akademik' });
    expect(created.message).toBe(EMBED_MESSAGES.created);
    expect(created.token.split('.')).toHaveLength(3);
    expect(created.data).toMatchObject({ label: 'Akademik', scope: 'billing:read', status: 'active' });
    expect(created.data.student?.id).toBe(bill.student_id);
    const minutes = (Date.parse(created.data.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const list = await call<Paged<EmbedTokenEntry>>('GET', '/api/embed-tokens?sort=desc', s.bandung);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual(created.data);
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    // Jakarta's list does not show Bandung's tokens.
    const jakarta = await call<Paged<EmbedTokenEntry>>('GET', '/api/embed-tokens', s.jakarta);
    expect(jakarta.body.data.map((t) => t.id)).not.toContain(created.data.id);

    const [record] = await s.ctx.database.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.action, 'embed_token.create'), eq(audit_logs.entity_id, created.data.id)));
    expect(record?.after).toMatchObject({ label: 'Akademik', scope: 'billing:read' });
  });

  it('refuses bad input with the field named, a non-editor, and a student of another branch; stores nothing', async () => {
    const [{ before }] = (await s.ctx.database.db
      .select({ before: sql<number>`count(*)::int` })
      .from(embed_tokens)) as [{ before: number }];
    for (const [body, field] of [
      [{ expires_in_minutes: 721 }, 'expires_in_minutes'],
      [{ expires_in_minutes: 1 }, 'expires_in_minutes'],
      [{ scope: 'billing:write' }, 'scope'],
      [{ label: '   ' }, 'label'],
      // A kasir token must be allowed to pay.
      [{ scope: 'billing:read', cashier_name: 'Siti Kasir' }, 'cashier_name'],
    ] as const) {
      const res = await mint(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body as object)).toContain('errors');
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await mint({}, s.guru)).status).toBe(403);
    const [jakartaStudent] = await s.ctx.database.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.branch_id, 2))
      .limit(1);
    expect((await mint({ student_id: jakartaStudent?.id })).status).toBe(404);
    const [{ after }] = (await s.ctx.database.db
      .select({ after: sql<number>`count(*)::int` })
      .from(embed_tokens)) as [{ after: number }];
    expect(after).toBe(before);
  });
});

describe('scope over every route', () => {
  it('a read token reaches only billing reads, a pay token those and paying: 403 everywhere else', async () => {
    const read = (await minted({ scope: 'billing:read' })).token;
    const pay = (await minted({ scope: 'billing:pay' })).token;
    const guarded = s.ctx.app.routeTable.filter(
      (r) => r.access === 'authenticated' || r.access === 'financeEditor',
    );
    expect(guarded.length).toBeGreaterThan(80);

    // What embed tokens reach at all: reads by GET, paying by POST (Saldo Titipan too), online charges (Bayar
    // Online), nothing else.
    const reachable = guarded.filter((r) => r.embed).map((r) => `${r.embed} ${r.method} ${r.url}`);
    expect(reachable.sort()).toEqual(
      [
        'read GET /api/embed/session',
        'read POST /api/document-links',
        'read GET /api/ref-student-billing-payment/:id',
        'read GET /api/student-billing',
        'read GET /api/student-billing-payment',
        'read GET /api/student-billing-pdf',
        'read GET /api/student-billing-pdf/:id',
        'read GET /api/student-billing/:id',
        'read GET /api/student-billing/:id/instalments',
        'read GET /api/student-statement',
        'read GET /api/student-statement-pdf',
        'read GET /api/student-credit',
        'pay POST /api/student-billing-pay',
        'pay POST /api/student-billing-pay/:id',
        'pay POST /api/student-credit-spend',
        'pay_online GET /api/online-payments',
        'pay_online GET /api/online-payments/:id',
        'pay_online GET /api/online-payments/channels',
        'pay_online POST /api/online-payments',
        'pay_online POST /api/online-payments/:id/check',
        'pay_online POST /api/online-payments/:id/simulate',
      ].sort(),
    );

    let refused = 0;
    for (const route of guarded) {
      for (const [token, scope] of [
        [read, 'billing:read'],
        [pay, 'billing:pay'],
      ] as const) {
        const reaches =
          route.embed === 'read' ||
          ((route.embed === 'pay' || route.embed === 'pay_online') && scope === 'billing:pay');
        if (reaches) continue;
        const res = await call(
          route.method as 'GET',
          concrete(route.url),
          token,
          route.method === 'GET' ? undefined : {},
        );
        expect(res.status, `${scope} ${route.method} ${route.url}`).toBe(403);
        expect(res.body.message).toBe(EMBED_MESSAGES.outOfScope);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(2 * (guarded.length - 19));
  });
});

describe("one student's token", () => {
  it('reads that student only, and pays once with an Idempotency-Key (pay scope)', async () => {
    const read = (await minted({ student_id: bill.student_id })).token;
    const pay = (
      await minted({ student_id: bill.student_id, scope: 'billing:pay', cashier_name: 'Siti Kasir' })
    ).token;
    const portal = (await minted({ student_id: bill.student_id, scope: 'billing:pay' })).token;
    const place = `department_id=${bill.department_id}&year_of_study_id=${bill.year_of_study_id}`;

    const own = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${place}&student_id=${bill.student_id}&with_resume=true`,
      read,
    );
    expect(own.status).toBe(200);
    expect(own.body.data.map((b) => b.id)).toContain(bill.id);
    for (const url of [
      `/api/student-billing?${place}&student_id=${otherStudentBill.student_id}`,
      `/api/student-billing?${place}`,
      `/api/student-billing/${otherStudentBill.id}`,
      `/api/student-billing/${otherStudentBill.id}/instalments`,
      `/api/student-billing-payment?student_id=${otherStudentBill.student_id}&department_id=${bill.department_id}`,
    ]) {
      const res = await call('GET', url, read);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe(EMBED_MESSAGES.wrongStudent);
    }

    // The Cicilan of its own bill, read-only (the embedded bill detail and payment form show them).
    expect((await call('GET', `/api/student-billing/${bill.id}/instalments`, read)).status).toBe(200);

    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, read)).body;
    const body = payInFull(detail, { total_amount_payment_paid: detail.total_billing });
    // A forged write with the read token: refused, nothing paid.
    const forged = await call('POST', `/api/student-billing-pay/${bill.id}`, read, body, {
      [IDEMPOTENCY_KEY_HEADER]: 'embed-forged',
    });
    expect(forged.status).toBe(403);
    // Another student's bill with the pay token: refused.
    const elsewhere = await call('POST', `/api/student-billing-pay/${otherStudentBill.id}`, pay, body, {
      [IDEMPOTENCY_KEY_HEADER]: 'embed-elsewhere',
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(EMBED_MESSAGES.wrongStudent);
    // A pay token not marked kasir (a portal's): it may not record a counter payment at all.
    for (const path of [`/api/student-billing-pay/${bill.id}`, '/api/student-billing-pay']) {
      const portalPaid = await call('POST', path, portal, body, { [IDEMPOTENCY_KEY_HEADER]: 'embed-portal' });
      expect([portalPaid.status, portalPaid.body.message], path).toEqual([403, EMBED_MESSAGES.notCashier]);
    }
    // A kasir token may not backdate (nor take a date at all other than today).
    const backdated = await call(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      pay,
      { ...body, payment_date: '2020-01-02' },
      { [IDEMPOTENCY_KEY_HEADER]: 'embed-backdated' },
    );
    expect(backdated.status).toBe(422);
    expect(backdated.body.errors?.payment_date).toEqual([EMBED_MESSAGES.noBackdating]);
    const before = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, read)).body;
    expect(before.student_billing_payments).toHaveLength(0);

    const headers = { [IDEMPOTENCY_KEY_HEADER]: `embed-pay-${bill.id}` };
    const paid = await call<StudentBillingPaymentReceipt>(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      pay,
      body,
      headers,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const again = await call<StudentBillingPaymentReceipt>(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      pay,
      body,
      headers,
    );
    expect(again.body.id).toBe(paid.body.id);
    paidId = paid.body.id;
    // Taken by the token's cashier: on the payment and in its audit record.
    expect(paid.body.cashier_name).toBe('Siti Kasir');
    const [audit] = await s.ctx.database.db
      .select({ after: audit_logs.after })
      .from(audit_logs)
      .where(and(eq(audit_logs.action, 'payment.create'), eq(audit_logs.entity_id, paidId)));
    expect(audit?.after).toMatchObject({ cashier_name: 'Siti Kasir' });
    const after = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, read)).body;
    expect(after.student_billing_payments.filter((p) => !p.is_void)).toHaveLength(1);
  });

  it("the view's session check names the branch or the student a token does not reach", async () => {
    const read = (await minted({ student_id: bill.student_id })).token;
    const ok = await call<EmbedSession>('GET', `/api/embed/session?student_id=${bill.student_id}`, read);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      kind: 'embed',
      scope: 'billing:read',
      student_id: bill.student_id,
      counter_payments: false,
      cashier_name: null,
    });
    // A pay token shows the counter's form only when it is a kasir token.
    for (const [cashier_name, counter] of [
      [null, false],
      ['Siti Kasir', true],
    ] as const) {
      const token = (await minted({ scope: 'billing:pay', cashier_name })).token;
      const res = await call<EmbedSession>('GET', `/api/embed/session?student_id=${bill.student_id}`, token);
      expect(res.body).toMatchObject({ counter_payments: counter, cashier_name });
    }
    expect(ok.body.branch.id).toBe(1);

    const other = await call('GET', `/api/embed/session?student_id=${otherStudentBill.student_id}`, read);
    expect([other.status, other.body.message]).toEqual([403, EMBED_MESSAGES.wrongStudent]);
    const [jakartaStudent] = await s.ctx.database.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.branch_id, 2))
      .limit(1);
    const wide = (await minted({})).token;
    const branch = await call('GET', `/api/embed/session?student_id=${jakartaStudent?.id}`, wide);
    expect([branch.status, branch.body.message]).toEqual([403, EMBED_MESSAGES.wrongBranch]);
    // A staff session asks too (the view given a session's token): what its roles allow.
    const session = await call<EmbedSession>(
      'GET',
      `/api/embed/session?student_id=${bill.student_id}`,
      s.bandung,
    );
    expect(session.body).toMatchObject({ kind: 'session', scope: 'billing:pay', counter_payments: true });
  });
});

describe('expiry and revocation', () => {
  it('an expired token says so: past its JWT expiry, or past the row expiry', async () => {
    const created = await minted({});
    const [row] = await s.ctx.database.db
      .select()
      .from(embed_tokens)
      .where(eq(embed_tokens.id, created.data.id));
    const claims = { eid: row?.id, uid: row?.user_id, bid: row?.branch_id, aud: 'keuangan-embed' };
    const pastJwt = craftToken({ ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }, TEST_SECRET);
    const res = await call('GET', '/api/embed/session', pastJwt);
    expect([res.status, res.body.message]).toEqual([401, EMBED_MESSAGES.expired]);

    await s.ctx.database.db
      .update(embed_tokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(embed_tokens.id, created.data.id));
    const rowExpired = await call('GET', '/api/embed/session', created.token);
    expect([rowExpired.status, rowExpired.body.message]).toEqual([401, EMBED_MESSAGES.expired]);
    const list = await call<Paged<EmbedTokenEntry>>(
      'GET',
      '/api/embed-tokens?sort=desc&limit=100',
      s.bandung,
    );
    expect(list.body.data.find((t) => t.id === created.data.id)?.status).toBe('expired');
    // An embed token's claims under the session audience are no session (no token version): refused.
    const asSession = craftToken({
      ...claims,
      iat: nowSeconds(),
      exp: nowSeconds() + 60,
      aud: 'keuangan-api',
    });
    expect((await call('GET', '/api/embed/session', asSession)).status).toBe(401);
  });

  it('revoking stops the token at once on another instance, is recorded, and happens once', async () => {
    const created = await minted({ scope: 'billing:pay' });
    // A second API instance on the same database (its own connection on PostgreSQL).
    let second: Database = s.ctx.database;
    if (s.ctx.databaseUrl) second = await openDatabase({ kind: 'postgres', url: s.ctx.databaseUrl });
    const other = await buildApp({ database: second, jwtSecret: TEST_SECRET, uploadsDir: s.ctx.uploadsDir });
    try {
      const ask = () =>
        other.inject({
          method: 'GET',
          url: '/api/embed/session',
          headers: { authorization: `Bearer ${created.token}` },
        });
      expect((await ask()).statusCode).toBe(200);
      const revoked = await call('POST', `/api/embed-tokens/${created.data.id}/revoke`, s.bandung);
      expect([revoked.status, revoked.body.message]).toEqual([200, EMBED_MESSAGES.revoked]);
      const refused = await ask();
      expect([refused.statusCode, refused.json().message]).toEqual([401, EMBED_MESSAGES.revokedToken]);

      const twice = await call('POST', `/api/embed-tokens/${created.data.id}/revoke`, s.bandung);
      expect([twice.status, twice.body.message]).toEqual([409, EMBED_MESSAGES.alreadyRevoked]);
      // Another branch's session cannot revoke it (404), and the list says who revoked it.
      expect((await call('POST', `/api/embed-tokens/${created.data.id}/revoke`, s.jakarta)).status).toBe(404);
      const list = await call<Paged<EmbedTokenEntry>>(
        'GET',
        '/api/embed-tokens?sort=desc&limit=100',
        s.bandung,
      );
      const entry = list.body.data.find((t) => t.id === created.data.id);
      expect(entry?.status).toBe('revoked');
      expect(entry?.revoked_by).toBe(s.user.name);
      const records = await s.ctx.database.db
        .select()
        .from(audit_logs)
        .where(and(eq(audit_logs.action, 'embed_token.revoke'), eq(audit_logs.entity_id, created.data.id)));
      expect(records).toHaveLength(1);
    } finally {
      await other.close();
      if (second !== s.ctx.database) await second.close();
    }
  });
});

describe('document links', () => {
  it("a one-use link opens the payment's Kuitansi once, without a token, within a minute", async () => {
    expect(paidId).toBeGreaterThan(0);
    const read = (await minted({ student_id: bill.student_id })).token;
    const link = await call<DocumentLink>('POST', '/api/document-links', read, {
      kind: 'kuitansi',
      payment_id: paidId,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.path).toMatch(/^\/api\/document-links\/[A-Za-z0-9_-]{43}$/);
    expect(link.body.path).not.toContain(read);

    const opened = await call('GET', link.body.path, undefined);
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await call('GET', link.body.path, undefined);
    expect([again.status, again.body.message]).toEqual([404, DOCUMENT_LINK_MESSAGES.used]);

    // Past its minute: refused, and a malformed code too.
    const nota = await call<DocumentLink>('POST', '/api/document-links', s.bandung, {
      kind: 'nota',
      payment_id: paidId,
    });
    await s.ctx.database.db.update(document_links).set({ expires_at: sql`now() - interval '1 second'` });
    expect((await call('GET', nota.body.path, undefined)).status).toBe(404);
    expect((await call('GET', '/api/document-links/abc', undefined)).status).toBe(404);
  });

  it("refuses another student's payment, another branch's, and bad input", async () => {
    const other = (await minted({ student_id: otherStudentBill.student_id })).token;
    const refused = await call('POST', '/api/document-links', other, {
      kind: 'kuitansi',
      payment_id: paidId,
    });
    expect([refused.status, refused.body.message]).toEqual([403, EMBED_MESSAGES.wrongStudent]);
    expect(
      (await call('POST', '/api/document-links', s.jakarta, { kind: 'kuitansi', payment_id: paidId })).status,
    ).toBe(404);
    const bad = await call('POST', '/api/document-links', s.bandung, { kind: 'faktur', payment_id: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['kind', 'payment_id']);
  });
});
