import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { createDocumentPool, DOCUMENT_THREAD_NICENESS, DOCUMENTS_BUSY } from '../src/documents/pool';
import { TOO_MANY_DOCUMENTS } from '../src/lib/document-limit';
import { ApiError } from '../src/lib/errors';
import { bearer, createTestContext, login, TEST_SECRET, type TestContext } from './helpers';

const GATED_WORKER = fileURLToPath(new URL('./fixtures/gated-worker.mjs', import.meta.url));
const PRIORITY_WORKER = fileURLToPath(new URL('./fixtures/priority-worker.ts', import.meta.url));

describe('the document pool', () => {
  it('runs jobs on a worker thread, queues up to its limit and refuses the next at once with 429', async () => {
    const pool = createDocumentPool({ threads: 1, queue: 1, filename: GATED_WORKER });
    const gate = new SharedArrayBuffer(8);
    const slots = new Int32Array(gate);
    try {
      const running = pool.run({ gate });
      // Wait until the first job holds the only thread.
      await vi.waitFor(() => expect(Atomics.load(slots, 1)).toBe(1), { timeout: 60_000 });
      const waiting = pool.run({ gate });
      const refused = await pool.run({ gate }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({
        statusCode: 429,
        message: DOCUMENTS_BUSY,
        headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
      });
      Atomics.store(slots, 0, 1);
      Atomics.notify(slots, 0);
      expect(await Promise.all([running, waiting])).toEqual(['worker thread', 'worker thread']);
    } finally {
      Atomics.store(slots, 0, 1);
      Atomics.notify(slots, 0);
      await pool.close();
    }
  });

  it("gives document requests turns: as many as threads, a queue's worth wait, the next 429; a release hands over", async () => {
    const pool = createDocumentPool({ threads: 1, queue: 1, filename: GATED_WORKER });
    try {
      const first = await pool.admit();
      let secondIn = false;
      const second = pool.admit().then((release) => {
        secondIn = true;
        return release;
      });
      const refused = await pool.admit().catch((error: unknown) => error);
      expect(refused).toMatchObject({ statusCode: 429, message: DOCUMENTS_BUSY });
      expect(secondIn).toBe(false);
      first();
      first(); // a second release of the same turn gives nothing more
      const releaseSecond = await second;
      expect(secondIn).toBe(true);
      // The one turn is held again: the next waits, and gets it when the second is given back.
      const third = pool.admit();
      await expect(pool.admit()).rejects.toMatchObject({ statusCode: 429 });
      releaseSecond();
      (await third)();
      (await pool.admit())();
    } finally {
      await pool.close();
    }
  });
});

describe('the document threads', () => {
  it.skipIf(!existsSync('/proc/thread-self'))(
    'build at a lower CPU priority than the thread that answers requests (Linux)',
    async () => {
      const pool = createDocumentPool({
        threads: 1,
        filename: PRIORITY_WORKER,
        execArgv: ['--import', 'tsx'],
      });
      try {
        const requests = getPriority();
        expect(await pool.run({})).toBe(Math.min(19, requests + DOCUMENT_THREAD_NICENESS));
        // The request thread itself is left as it was.
        expect(getPriority()).toBe(requests);
      } finally {
        await pool.close();
      }
    },
  );
});

describe('documents per user and minute', () => {
  let ctx: TestContext;
  let keuangan: string;
  let admin: string;
  const download = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/psb-event-prospective-xls?yoe=1990', headers: bearer(token) });

  beforeAll(async () => {
    ctx = await createTestContext({ documents: { perMinute: 2 } });
    keuangan = (await login(ctx.app, 'keuangan')).token;
    admin = (await login(ctx.app, 'admin')).token;
  });
  afterAll(() => ctx.close());

  it('past the limit a user gets 429 with Retry-After; another user still gets the file', async () => {
    expect((await download(keuangan)).statusCode).toBe(200);
    expect((await download(keuangan)).statusCode).toBe(200);
    const refused = await download(keuangan);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_DOCUMENTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await download(admin);
    expect([other.statusCode, other.headers['content-type']]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });
});

describe('documents per user and minute across instances', () => {
  let ctx: TestContext;
  /** A second app on the same database: on PostgreSQL with its own pool, as another instance would be. */
  let second: { app: FastifyInstance; database: Database };
  let token: string;
  const download = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: '/api/psb-event-prospective-xls?yoe=1990', headers: bearer(token) });

  beforeAll(async () => {
    ctx = await createTestContext({ documents: { perMinute: 3 } });
    const database = ctx.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: ctx.databaseUrl })
      : ctx.database;
    const app = await buildApp({
      database,
      jwtSecret: TEST_SECRET,
      uploadsDir: ctx.uploadsDir,
      logger: false,
      documents: { perMinute: 3 },
    });
    second = { app, database };
    token = (await login(ctx.app, 'keuangan')).token;
  });
  afterAll(async () => {
    await second?.app.close();
    if (second && second.database !== ctx.database) await second.database.close();
    await ctx.close();
  });

  it('counts one user over both instances: the limit holds whichever instance answers', async () => {
    const answers = [];
    for (const app of [ctx.app, second.app, ctx.app, second.app, ctx.app]) answers.push(await download(app));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
    // Both say how long is left of the one shared minute.
    for (const refused of answers.slice(3)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });
});
