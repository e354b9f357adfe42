/**
 * Operations: health says the process lives, ready says it can serve (database, migrations, pool); an
 * unreachable database is a 503 with Retry-After, never a 500; one JSON log line per request under the id the
 * response carries in X-Request-Id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { ReadyResponse } from '@keuangan/shared/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { isReady, readiness } from '../src/ops/readiness';
import { isDatabaseUnavailable } from '../src/ops/unavailable';
import { TEST_SECRET } from './helpers';

let database: Database;
let app: FastifyInstance;
let uploadsDir: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  // A database of its own, closed by the last test (the outage).
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await database.migrate();
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'keuangan-ops-'));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ database, jwtSecret: TEST_SECRET, uploadsDir, logger: { stream } });
});
afterAll(async () => {
  await app.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const login = () =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'tidak.ada', password: 'salah-sekali' },
  });

describe('a database that answers', () => {
  it('is ready: database, migrations and pool checked', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReadyResponse>()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'current', pool: 'ok' },
    });
  });

  it('logs one JSON line per request, under the id the response carries', async () => {
    const res = await login();
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect((await login()).headers['x-request-id']).not.toBe(id);
    const lines = logLines.filter((line) => line.reqId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'POST', path: '/api/auth/login', status: 401 });
    expect(typeof lines[0]?.ms).toBe('number');
  });

  it('is not ready while requests wait for a pooled connection', async () => {
    const checks = await readiness({ ...database, waitingForConnection: () => 3 });
    expect(checks.pool).toBe('exhausted');
    expect(isReady(checks)).toBe(false);
  });

  it('is not ready when the database lacks a migration of this build', async () => {
    const [last] = (
      (await database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations
        order by id desc limit 1`)) as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json<ReadyResponse>()).toMatchObject({
      status: 'not-ready',
      checks: { migrations: 'behind' },
    });
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
      values (${last?.id}, ${last?.hash}, ${last?.created_at})`);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('a database that does not answer', () => {
  it('answers 503 with Retry-After and a message to try again; health still says the process lives', async () => {
    await database.close();
    const res = await login();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: 'Server sedang sibuk, coba lagi' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json<ReadyResponse>()).toMatchObject({
      status: 'not-ready',
      checks: { database: 'unreachable' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it("knows the drivers' ways of saying so, and nothing else", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('admin shutdown'), { code: '57P01' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('too many'), { code: '53300' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A deadlock's victim rolled back whole: busy, try again.
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('deadlock'), { code: '40P01' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate'), { code: '23505' })))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError('x is not a function'))).toBe(false);
  });
});
