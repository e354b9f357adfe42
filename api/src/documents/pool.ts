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

export interface DocumentPoolOptions {
  /** Worker threads; default one per core beyond the first, at most 2. */
  threads?: number;
  /** Documents that may wait for a thread; default 4 per thread. */
  queue?: number;
  /** The worker module (tests give their own), and how Node starts it (a TypeScript one: `--import tsx`). */
  filename?: string;
  execArgv?: string[];
}

export interface DocumentPool {
  build<K extends DocumentKind>(kind: K, ...args: Parameters<(typeof DOCUMENT_BUILDERS)[K]>): Promise<Buffer>;
  /** Runs any job of a worker module given as `filename` (tests). */
  run(job: unknown): Promise<unknown>;
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
  });
  const busy = () =>
    new ApiError(429, DOCUMENTS_BUSY, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  const run = async (job: unknown) => {
    if (pool.queueSize >= pool.options.maxQueue) throw busy();
    return pool.run(job).catch((error: unknown) => {
      throw error instanceof Error && error.message === 'Task queue is at limit' ? busy() : error;
    });
  };
  return {
    run,
    async build(kind, ...args) {
      const job: DocumentJob = { kind, args };
      const bytes = (await run(job)) as Uint8Array;
      // Structured cloning turns the worker's Buffer into a plain Uint8Array.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.destroy(),
  };
}
