/**
 * One-use links to a payment's Kuitansi or Nota for the embedded view (api/ROUTES.md "Embed tokens", Receipts from
 * the view): only the code's SHA-256 is stored, and redeeming deletes the row in the same statement.
 */
import { randomBytes } from 'node:crypto';
import {
  DOCUMENT_LINK_MESSAGES,
  type DocumentLink,
  type DocumentLinkKind,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { assertStudentReachable } from '../auth/embed-tokens';
import { requireAuth } from '../auth/guard';
import { loadReceipt } from '../billing/queries';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { ApiError } from '../lib/errors';
import { sendPdf } from '../lib/pdf';
import { validate } from '../lib/validate';
import { PDF, routeDocs } from '../openapi/route-docs';
import { countStudentPrint } from '../receipts/queries';
import { redeemLink } from './queries';
import { createLink } from './writes';

const CODE = /^[A-Za-z0-9_-]{43}$/;
const used = () => new ApiError(404, DOCUMENT_LINK_MESSAGES.used);

const documented = routeDocs('Document links');

export async function documentLinkRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // A link changes nothing financial, so a read token may ask for one (test/embed.test.ts lists it).
  app.post(
    ROUTES.admin.documentLinks.local,
    documented(
      { preHandler: app.financeEditor, config: { embed: 'read' as const } },
      {
        summary: 'A one-use link to a receipt or note PDF (for a new tab)',
        response: 'DocumentLink',
        status: [201],
      },
    ),
    async (request, reply): Promise<DocumentLink> => {
      const auth = requireAuth(request);
      const input = validate(ROUTE_INPUTS.admin.documentLinks.body, request.body);
      const receipt = await loadReceipt(db, auth, input.payment_id);
      assertStudentReachable(auth, receipt.student.id);
      const code = randomBytes(32).toString('base64url');
      const expires = await createLink(app.database, auth, code, { kind: input.kind, paymentId: receipt.id });
      reply.status(201);
      return { path: `/api/document-links/${code}`, expires_at: expires.toISOString() };
    },
  );

  app.get(
    ROUTES.admin.documentByLink.local,
    documented(
      { config: { public: true, ...DOCUMENT_ROUTE } },
      {
        summary: 'The PDF a link names; the one-use code is the credential',
        input: 'none',
        response: { file: PDF },
      },
    ),
    async (request, reply) => {
      const { code } = request.params as { code?: string };
      if (!code || !CODE.test(code)) throw used();
      const link = await redeemLink(db, code);
      if (!link) throw used();
      const scope = { clientId: link.client_id, branchId: link.branch_id };
      // Counted like a print in our host: every one after the first is a SALINAN.
      const copy = (await countStudentPrint(db, scope, link.payment_id)) > 1;
      const receipt = await loadReceipt(db, scope, link.payment_id);
      const kind = link.kind as DocumentLinkKind;
      // A browser's PDF viewer is a page of its own: the API's CSP (made for JSON) would stop it in some.
      reply.removeHeader('content-security-policy');
      const pdf = await app.documents.build('paymentPdf', receipt, kind, copy);
      return sendPdf(reply, pdf, `${kind}-${receipt.payment_number}.pdf`);
    },
  );
}
