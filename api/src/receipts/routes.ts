/**
 * What the printed documents write (docs/screens.md "Receipts and notes"): the payer's name and city, edited in
 * place and kept for every reprint, and the print counter that tells the original from a SALINAN (copy). For
 * both payment kinds, student and prospect; finance editors only, the active branch only. The documents read
 * their data from the receipt calls of billing/ and prospect-billing/.
 */
import type { PaymentPayerResponse, PaymentPrintResponse } from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { KINDS, recordPrint, savePayer, VOIDED } from './queries';

export const RECEIPT_MESSAGES = {
  saved: 'Data berhasil diubah.',
  voided: VOIDED,
} as const;

const documented = routeDocs('Receipts');

export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const guard = { preHandler: app.financeEditor };
  for (const kind of KINDS) {
    app.post(
      kind.routes.payer.local,
      documented(guard, {
        summary: "Set the receipt's payer name and city",
        response: 'PaymentPayerResponse',
      }),
      async (request): Promise<PaymentPayerResponse> => {
        const scope = requireAuth(request);
        const input = validate(kind.inputs.payer, request.body);
        const saved = await savePayer(db, scope, kind, pathId(request), input);
        return { message: RECEIPT_MESSAGES.saved, ...saved };
      },
    );
    app.post(
      kind.routes.print.local,
      documented(guard, {
        summary: 'Count a print of the receipt (the second and later are copies)',
        response: 'PaymentPrintResponse',
      }),
      async (request): Promise<PaymentPrintResponse> => {
        const scope = requireAuth(request);
        validate(kind.inputs.print, request.body);
        const printCount = await recordPrint(db, scope, kind, pathId(request));
        return { print_count: printCount, copy: printCount > 1 };
      },
    );
  }
}
