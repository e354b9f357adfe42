/** A document worker thread (pool.ts): builds one document per job and hands its bytes back. */
import { DOCUMENT_BUILDERS, type DocumentJob } from './builders';

export default async function buildDocument({ kind, args }: DocumentJob): Promise<Uint8Array> {
  const builder = DOCUMENT_BUILDERS[kind] as (...input: unknown[]) => Promise<Buffer>;
  return builder(...args);
}
