import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_DOCUMENTS } from '../src/documents/limit';
import { createDocumentPool, DOCUMENTS_BUSY } from '../src/documents/pool';
import { DOCUMENT_THREAD_NICENESS } from '../src/documents/worker';
import { ApiError } from '../src/lib/errors';
import { bearer, createTestContext, login, type TestContext } from './helpers';

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
