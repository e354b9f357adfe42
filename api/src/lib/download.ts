/** THE answer of a file the screens download or open: PDFs (inline) and workbooks (attachment). */
import type { FastifyReply } from 'fastify';

/**
 * Answers `bytes` as a file named `filename` (ASCII letters, digits, '.', '-', '_' kept, anything else '_'),
 * shown in the browser (`inline`) or saved (`attachment`), never cached.
 */
export function sendFile(
  reply: FastifyReply,
  bytes: Buffer,
  type: string,
  filename: string,
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('Content-Type', type)
    .header('Content-Disposition', `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}
