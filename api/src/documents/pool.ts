/**
 * The document worker pool (piscina): PDFs and spreadsheets are built on worker threads, so the thread that
 * answers requests stays free for payments while a large report is made. The pool is small (the database and
 * the request thread need the other cores) and its queue bounded: past it a request is refused at once with
 * 429 and Retry-After rather than waiting behind everyone's reports. README "Operations".
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { API_DIR } from '../config';
import { ApiError } from '../lib/errors';
import type { DOCUMENT_BUILDERS, DocumentJob, DocumentKind } from './builders';

export const DOCUMENTS_BUSY = 'Server sedang membuat banyak dokumen. Coba lagi sebentar';
const RETRY_AFTER_SECONDS = 5;

/**
 * How much less CPU priority a document thread takes than the request thread (Linux nice, added, that thread only;
 * piscina's `niceIncrement` through its optional `@napi-rs/nice`). On a busy machine the kernel then gives the
 * cores to the requests and the database first, and a report takes what is left (api/README.md "Documents off the
 * request path").
 */
export const DOCUMENT_THREAD_NICENESS = 10;

export interface DocumentPoolOptions {
  /** Worker threads; default one per core beyond the first, at most 2. */
  threads?: number;
  /** Documents that may wait for a thread; default 4 per thread. */
  queue?: number;
  /** The worker module (tests give their own), and how Node starts it (a TypeScript one: `--import tsx`). */
  filename?: string;
  execArgv?: string[];
  /**
   * Added niceness of the threads; default `DOCUMENT_THREAD_NICENESS`. The API's own tests give 0: there the
   * threads compete with other test files, not with payments, and a niced thread waited out a test's time.
   */
  niceness?: number;
}

export interface DocumentPool {
  build<K extends DocumentKind>(kind: K, ...args: Parameters<(typeof DOCUMENT_BUILDERS)[K]>): Promise<Buffer>;
  /** Runs any job of a worker module given as `filename` (tests). */
  run(job: unknown): Promise<unknown>;
  /**
   * A document request's turn (`config.document` routes, app.ts): as many at once as threads, reading their data
   * and building; the queue's worth wait; past it 429 at once. Answers the turn's release.
   */
  admit(): Promise<() => void>;
  close(): Promise<void>;
}

/** Compiled (dist/server.mjs): the compiled worker beside it. From source (tsx, tests): the TypeScript one. */
function defaultWorker(): { filename: string; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { filename: path.join(API_DIR, 'src', 'documents', 'worker.ts'), execArgv: ['--import', 'tsx'] }
    : { filename: path.join(API_DIR, 'dist', 'document-worker.mjs'), execArgv: [] };
}

export function createDocumentPool(options: DocumentPoolOptions = {}): DocumentPool {
  const threads = options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const worker = options.filename
    ? { filename: options.filename, execArgv: options.execArgv ?? [] }
    : defaultWorker();
  const pool = new Piscina({
    filename: worker.filename,
    execArgv: worker.execArgv,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: options.queue ?? threads * 4,
    // Threads end after a minute unused: an idle API holds none.
    idleTimeout: 60_000,
    niceIncrement: options.niceness ?? DOCUMENT_THREAD_NICENESS,
  });
  const busy = () =>
    new ApiError(429, DOCUMENTS_BUSY, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  const run = async (job: unknown) => {
    if (pool.queueSize >= pool.options.maxQueue) throw busy();
    return pool.run(job).catch((error: unknown) => {
      throw error instanceof Error && error.message === 'Task queue is at limit' ? busy() : error;
    });
  };
  const turns = new Turns(threads, options.queue ?? threads * 4);
  return {
    run,
    admit: () => turns.take(busy),
    async build(kind, ...args) {
      const job: DocumentJob = { kind, args };
      const bytes = (await run(job)) as Uint8Array;
      // Structured cloning turns the worker's Buffer into a plain Uint8Array.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.destroy(),
  };
}

/**
 * Algorithm: turns of document requests. `take` answers at once while fewer than `size` hold a turn; else it
 * waits in line (at most `line` waiting; past it `refuse()` is thrown at once). A release hands its turn to the
 * first in line. Why: a document request reads its data on the request thread (on PGlite the database itself runs
 * there), so five exporters reading at once starved the payments beside them (api/README.md "Documents off the
 * request path").
 */
class Turns {
  #held = 0;
  readonly #waiting: (() => void)[] = [];
  constructor(
    readonly size: number,
    readonly line: number,
  ) {}

  async take(refuse: () => Error): Promise<() => void> {
    if (this.#held < this.size) this.#held++;
    else if (this.#waiting.length >= this.line) throw refuse();
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#held--;
    };
  }
}
