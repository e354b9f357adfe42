/**
 * A document worker thread (pool.ts): builds one document per job and hands its bytes back. The pool lowers the
 * thread's CPU priority as it starts (`DOCUMENT_THREAD_NICENESS`).
 */
import { DOCUMENT_BUILDERS, type DocumentJob } from './builders';

export default async function buildDocument({ kind, args }: DocumentJob): Promise<Uint8Array> {
  const builder = DOCUMENT_BUILDERS[kind] as (...input: unknown[]) => Promise<Buffer>;
  return builder(...args);
}
