/**
 * `GET /api/books/journal/export`: the Jurnal Umum filter as one file in the chosen layout and type
 * (docs/books.md "Exports"). CSVs are written here; workbooks on a document thread, like every other XLSX.
 */
import { BOOKS_EXPORT_FORMAT_INVALID, ROUTES } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { sendFile } from '../lib/download';
import { ApiError } from '../lib/errors';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { MAX_XLS_ROWS, sendXlsx } from '../lib/xlsx';
import { CSV, routeDocs, XLSX } from '../openapi/route-docs';
import { journalCsv } from './csv';
import { JOURNAL_LAYOUTS, type JournalLayoutName } from './export-layouts';
import { journalLines } from './queries';
import { reportGuard } from './recognise-first';

const documented = routeDocs('Books');

/** The query by the route's schema; an unknown (or no) format is a 400, a wrong filter a 422 (docs/books.md#exports). */
function readQuery(query: unknown) {
  try {
    return validate(ROUTE_INPUTS.books.journalExport.query, query);
  } catch (error) {
    if (error instanceof ApiError && error.errors?.format)
      throw new ApiError(400, BOOKS_EXPORT_FORMAT_INVALID);
    throw error;
  }
}

export function journalExportRoute(app: FastifyInstance): void {
  const { db } = app.database;
  app.get(
    ROUTES.books.journalExport.local,
    documented(
      { ...reportGuard(app), config: DOCUMENT_ROUTE },
      {
        summary: 'Jurnal Umum as a file: Jurnal by Mekari, Accurate Online or plain, each XLSX or CSV',
        response: { file: [XLSX, CSV] },
      },
    ),
    async (request, reply) => {
      const scope = requireAuth(request);
      const { format, ...filter } = readQuery(request.query);
      const lines = await journalLines(db, scope, filter, MAX_XLS_ROWS);
      if (lines.length > MAX_XLS_ROWS) {
        throw new ApiError(
          422,
          `Data terlalu banyak untuk diunduh (lebih dari ${MAX_XLS_ROWS} baris). Persempit filter terlebih dahulu.`,
        );
      }
      const [layout, type] = format.split('-') as [JournalLayoutName, 'xlsx' | 'csv'];
      const name = `${JOURNAL_LAYOUTS[layout].fileStem}-${todayIn(scope)}.${type}`;
      if (type === 'csv') {
        return sendFile(reply, Buffer.from(journalCsv(layout, lines), 'utf8'), CSV, name, 'attachment');
      }
      return sendXlsx(reply, await app.documents.build('journalWorkbook', layout, lines), name);
    },
  );
}
