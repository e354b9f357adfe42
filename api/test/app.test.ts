import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { databaseConfigFromEnv, loadConfig } from '../src/config';
import { Mutex } from '../src/db/mutex';
import {
  app_settings,
  branches,
  departments,
  religions,
  student_billing_payments,
  users,
} from '../src/db/schema';
import { nextDocumentNumber } from '../src/lib/numbering';
import { findInBranch } from '../src/lib/scope';
import { todayIn } from '../src/lib/time';
import { bearer, createTestContext, login, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Routes that only tests need, added before the app starts.
  ctx.app.get('/api/test/boom', { config: { public: true } }, async () => {
    throw new Error('kaboom');
  });
  ctx.app.post('/api/test/duplicate-religion', { config: { public: true } }, async () =>
    ctx.app.database.transaction((tx) => tx.insert(religions).values({ name: 'Islam' })),
  );
});
afterAll(() => ctx.close());

describe('infrastructure', () => {
  it('reports health without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Alamat tidak ditemukan' });
  });

  it('answers malformed JSON with a JSON 400, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Format JSON tidak valid' });
  });

  it('answers a JSON body of the wrong shape with 422', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: [1, 2] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Format permintaan tidak valid');
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Terjadi kesalahan pada server' });
  });

  it('turns a unique-constraint violation into 409', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/duplicate-religion' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Data sudah ada' });
  });

  it('refuses to register an /api route without an access guard', async () => {
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'keuangan-uploads-'));
    const app = await buildApp({ database: ctx.database, jwtSecret: 'x'.repeat(32), uploadsDir });
    try {
      expect(() => app.get('/api/test/unguarded', async () => ({}))).toThrow(/no access guard/);
      expect(() =>
        app.get('/api/test/guarded', { preHandler: app.financeEditor }, async () => ({})),
      ).not.toThrow();
    } finally {
      await app.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('allows local browser origins by default and no others', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/me',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const local = await preflight('http://localhost:3000');
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(local.headers['access-control-allow-methods']).toContain('DELETE');
    expect(local.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await preflight('http://127.0.0.1:8081')).headers['access-control-allow-origin']).toBe(
      'http://127.0.0.1:8081',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await preflight('http://localhost.evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('compresses a large JSON answer for a client that accepts it, and only then', async () => {
    const { token } = await login(ctx.app, 'keuangan');
    const url = '/api/student?limit=100';
    const plain = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(token), 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('serves the default avatar and employee photo', async () => {
    for (const url of ['/uploads/users/avatar.png', '/uploads/employees/default.png']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/users/none.png' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/../src/app.ts' })).statusCode).toBe(404);
  });
});

describe('JWT secret', () => {
  it('is generated once, kept in the database and reused by the next start', async () => {
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'keuangan-uploads-'));
    try {
      const first = await buildApp({ database: ctx.database, uploadsDir });
      const { token } = (
        await first.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'guru', password: 'Guru#2026' },
        })
      ).json();
      await first.close();
      const second = await buildApp({ database: ctx.database, uploadsDir });
      expect(
        (await second.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
      ).toBe(200);
      await second.close();
      // The test app uses its own configured secret, so it does not accept that token.
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
      ).toBe(401);
      const [row] = await ctx.database.db
        .select()
        .from(app_settings)
        .where(eq(app_settings.key, 'jwt_secret'));
      expect(row?.value.length).toBeGreaterThanOrEqual(48);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});

describe('transactions', () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const counterIncrements = async (lock: boolean) => {
    await ctx.database.transaction((tx) =>
      tx
        .insert(app_settings)
        .values({ key: 'counter', value: '0' })
        .onConflictDoUpdate({ target: app_settings.key, set: { value: '0' } }),
    );
    const increment = () =>
      ctx.database.transaction(async (tx) => {
        const read = tx.select().from(app_settings).where(eq(app_settings.key, 'counter'));
        const [row] = lock ? await read.for('update') : await read;
        await new Promise((resolve) => setTimeout(resolve, 5)); // let the others try to interleave
        await tx
          .update(app_settings)
          .set({ value: String(Number(row?.value) + 1) })
          .where(eq(app_settings.key, 'counter'));
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    const [row] = await ctx.database.db.select().from(app_settings).where(eq(app_settings.key, 'counter'));
    return row?.value;
  };

  // PGlite is one connection: the mutex runs transactions one at a time, so even a plain read loses nothing.
  it.skipIf(onPostgres)('PGlite: serializes overlapping read-modify-write transactions', async () => {
    expect(await counterIncrements(false)).toBe('20');
  });

  // PostgreSQL runs them concurrently: business code locks the rows it reads to change (FOR UPDATE).
  it('a read-modify-write under a row lock loses no update on either driver', async () => {
    expect(await counterIncrements(true)).toBe('20');
  });

  it('rolls a failed transaction back entirely and keeps serving the next ones', async () => {
    const failing = ctx.database.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Tidak Tersimpan' }).where(eq(users.uname, 'guru'));
      throw new Error('batal');
    });
    const next = ctx.database.transaction((tx) => tx.execute(sql`select 1`));
    await expect(failing).rejects.toThrow('batal');
    await expect(next).resolves.toBeDefined();
    const [guru] = await ctx.database.db.select().from(users).where(eq(users.uname, 'guru'));
    expect(guru?.name).toBe('Ahmad Fauzi');
  });

  it('lands two overlapping writes through the API intact', async () => {
    const { token, user } = await login(ctx.app, 'admin');
    const [bandung, jakarta] = user.branches;
    const change = (from: string, to: string, session = token) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/profile/update-password',
        headers: bearer(session),
        payload: { old_password: from, new_password: to, new_password_confirmation: to },
      });
    // A password change and a branch switch of the same user, at once.
    const [changed, switched] = await Promise.all([
      change('Admin#2026', 'AdminBaru#2026'),
      ctx.app.inject({
        method: 'GET',
        url: `/api/auth/set-active-branch/${jakarta?.id}`,
        headers: bearer(token),
      }),
    ]);
    expect(changed.statusCode).toBe(200);
    expect(switched.statusCode).toBe(200);
    const relog = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin', password: 'AdminBaru#2026' },
    });
    expect(relog.json().user.active_branch.id).toBe(jakarta?.id);
    // The change ended the sessions issued before it; its answer carries the session's new token.
    expect((await change('AdminBaru#2026', 'Admin#2026', token)).statusCode).toBe(401);
    const restored = await change('AdminBaru#2026', 'Admin#2026', changed.json().token);
    expect(restored.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/set-active-branch/${bandung?.id}`,
      headers: bearer(restored.json().token),
    });
  });

  it('Mutex runs tasks one at a time, in order, past failures', async () => {
    const mutex = new Mutex();
    const log: string[] = [];
    const task = (name: string, fail = false) =>
      mutex.run(async () => {
        log.push(`${name}:start`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        log.push(`${name}:end`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });
});

describe('branch scope', () => {
  it("finds a row of the scope's branch, and 404s one of another branch or client", async () => {
    const [bandung, jakarta] = await ctx.database.db.select().from(branches).orderBy(branches.id);
    const [jakartaSd] = await ctx.database.db
      .select()
      .from(departments)
      .where(eq(departments.branch_id, jakarta?.id as number));
    const id = jakartaSd?.id as number;
    const inJakarta = { clientId: jakarta?.client_id as number, branchId: jakarta?.id as number };
    expect(await findInBranch(ctx.database.db, inJakarta, departments, id)).toMatchObject({ id, name: 'SD' });
    for (const scope of [
      { clientId: bandung?.client_id as number, branchId: bandung?.id as number },
      { clientId: 999, branchId: jakarta?.id as number },
    ]) {
      await expect(findInBranch(ctx.database.db, scope, departments, id)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Data tidak ditemukan',
      });
    }
  });
});

describe('document numbers', () => {
  it('continue after the seeded ones, distinct under concurrency', async () => {
    const [branch] = await ctx.database.db.select().from(branches).where(eq(branches.code, 'BDG'));
    const scope = { clientId: branch?.client_id as number, branchId: branch?.id as number };
    const today = todayIn();
    const seeded = await ctx.database.db
      .select({ number: student_billing_payments.payment_number })
      .from(student_billing_payments)
      .where(eq(student_billing_payments.branch_id, scope.branchId));
    const thisMonth = seeded
      .map((p) => p.number)
      .filter((n) => n.startsWith(`KWT-BDG-${today.slice(2, 4)}${today.slice(5, 7)}-`));
    expect(thisMonth.length).toBeGreaterThan(0);
    const numbers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.database.transaction((tx) => nextDocumentNumber(tx, scope, 'student_payment', today)),
      ),
    );
    const last = Math.max(...thisMonth.map((n) => Number(n.slice(-5))));
    expect(numbers.map((n) => Number(n.slice(-5))).sort((a, b) => a - b)).toEqual(
      [1, 2, 3, 4, 5].map((i) => last + i),
    );
    expect(numbers[0]).toMatch(/^KWT-BDG-\d{4}-\d{5}$/);
  });
});

describe('configuration', () => {
  it('defaults to PGlite in api/.data/pglite on 127.0.0.1:8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, autoSeed: true, corsOrigins: undefined });
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: expect.stringMatching(/api[\\/]\.data[\\/]pglite$/),
    });
    expect(config.uploadsDir).toMatch(/api[\\/]uploads$/);
  });

  it('uses PostgreSQL when DATABASE_URL is set, memory:// as given', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgres://u:p@localhost/keuangan' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@localhost/keuangan',
    });
    expect(databaseConfigFromEnv({ KEUANGAN_DATA_DIR: 'memory://' })).toEqual({
      kind: 'pglite',
      dataDir: 'memory://',
    });
    expect(loadConfig({ CORS_ORIGINS: 'https://a.sch.id, https://b.sch.id' }).corsOrigins).toEqual([
      'https://a.sch.id',
      'https://b.sch.id',
    ]);
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow();
  });

  it('migrates as DATABASE_OWNER_URL when set, else as DATABASE_URL (or PGlite); the owner alone is refused', () => {
    const api = 'postgres://keuangan_api:a@db/keuangan';
    const owner = 'postgres://keuangan_owner:o@db/keuangan';
    const both = loadConfig({ DATABASE_URL: api, DATABASE_OWNER_URL: owner });
    expect([both.database, both.ownerDatabase]).toEqual([
      { kind: 'postgres', url: api },
      { kind: 'postgres', url: owner },
    ]);
    expect(loadConfig({ DATABASE_URL: api }).ownerDatabase).toEqual({ kind: 'postgres', url: api });
    const embedded = loadConfig({ KEUANGAN_DATA_DIR: 'memory://' });
    expect(embedded.ownerDatabase).toEqual(embedded.database);
    expect(() => loadConfig({ DATABASE_OWNER_URL: owner })).toThrow(/DATABASE_OWNER_URL/);
  });
});
