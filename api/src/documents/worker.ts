/** A document worker thread (pool.ts): builds one document per job and hands its bytes back. */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { DOCUMENT_BUILDERS, type DocumentJob } from './builders';

/**
 * How much less CPU priority a document thread takes than the request thread (Linux nice, added; at most 19). A report being
 * built must not slow the payments answered beside it: on a busy machine the kernel then gives the cores to the
 * requests first and the report takes what is left (api/bench/README.md, "Load").
 */
export const DOCUMENT_THREAD_NICENESS = 10;

/** Lowers this thread's priority only (on Linux a thread's id names it alone); elsewhere nothing happens. */
function yieldToRequests(): void {
  try {
    // '<pid>/task/<tid>': the calling thread's own entry.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0)
      setPriority(tid, Math.min(19, getPriority(tid) + DOCUMENT_THREAD_NICENESS));
  } catch {
    // Not Linux, or not allowed: the documents are built at the same priority, as before.
  }
}
yieldToRequests();

export default async function buildDocument({ kind, args }: DocumentJob): Promise<Uint8Array> {
  const builder = DOCUMENT_BUILDERS[kind] as (...input: unknown[]) => Promise<Buffer>;
  return builder(...args);
}
