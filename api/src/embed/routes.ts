/**
 * Token Integrasi: `POST /api/embed-tokens` (mint, for the caller's active branch), `GET /api/embed-tokens`
 * (the branch's tokens, newest first), `POST /api/embed-tokens/:id/revoke`, for finance editors; and
 * `GET /api/embed/session`, which the embedded view asks first (what its token may do, for the student it
 * shows). The rules: api/ROUTES.md "Embed tokens".
 */
import {
  EMBED_MESSAGES,
  type EmbedSession,
  type EmbedTokenCreated,
  type EmbedTokenEntry,
  isFinanceEditor,
  type MessageResponse,
  type Paged,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { forbidden, notFound } from '../lib/errors';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { branchOf, isStudentOfBranch, loadEntry, tokenPage } from './queries';
import { issueToken, revokeOnce } from './writes';

const documented = routeDocs('Embed tokens');

export async function embedRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.post(
    ROUTES.admin.mintEmbedToken.local,
    documented(guard, {
      summary: 'Issue an embed token (Token Integrasi)',
      response: 'EmbedTokenCreated',
      status: [201],
    }),
    async (request, reply): Promise<EmbedTokenCreated> => {
      const auth = requireAuth(request);
      const input = validate(ROUTE_INPUTS.admin.mintEmbedToken.body, request.body);
      const id = await issueToken(app.database, auth, input);
      const data = await loadEntry(db, id);
      if (!data) throw notFound();
      const token = app.signEmbedToken(
        { eid: id, uid: auth.userId, bid: auth.branchId },
        new Date(data.expires_at),
      );
      reply.status(201);
      return { message: EMBED_MESSAGES.created, token, data };
    },
  );

  app.get(
    ROUTES.admin.embedTokens.local,
    documented(guard, {
      summary: 'Embed tokens of the branch, paged',
      response: 'EmbedTokenPage',
    }),
    async (request): Promise<Paged<EmbedTokenEntry>> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.admin.embedTokens.query, request.query);
      return tokenPage(db, auth, query);
    },
  );

  app.post(
    ROUTES.admin.revokeEmbedToken.local,
    documented(guard, { summary: 'Revoke an embed token', input: 'none', response: 'MessageResponse' }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      await revokeOnce(app.database, auth, pathId(request));
      return { message: EMBED_MESSAGES.revoked };
    },
  );

  // What the token in hand may do here. Any finance session or embed token may ask (the view asks first).
  app.get(
    ROUTES.admin.embedSession.local,
    documented(
      { preHandler: app.financeEditor, config: { embed: 'read' as const } },
      {
        summary: 'What an embed token may show: its student, scope and branch',
        response: 'EmbedSession',
      },
    ),
    async (request): Promise<EmbedSession> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.admin.embedSession.query, request.query);
      if (query.student_id) {
        if (!(await isStudentOfBranch(db, auth, query.student_id)))
          throw forbidden(EMBED_MESSAGES.wrongBranch);
        if (auth.embed?.studentId && auth.embed.studentId !== query.student_id) {
          throw forbidden(EMBED_MESSAGES.wrongStudent);
        }
      }
      const branch = await branchOf(db, auth.branchId);
      if (!branch) throw notFound();
      if (auth.embed) {
        return {
          kind: 'embed',
          scope: auth.embed.scope,
          branch,
          student_id: auth.embed.studentId,
          expires_at: auth.embed.expiresAt.toISOString(),
          counter_payments: auth.embed.scope === 'billing:pay' && auth.embed.cashierName !== null,
          cashier_name: auth.embed.cashierName,
        };
      }
      const editor = isFinanceEditor(auth.roleSlugs);
      return {
        kind: 'session',
        scope: editor ? 'billing:pay' : 'billing:read',
        branch,
        student_id: null,
        expires_at: null,
        counter_payments: editor,
        cashier_name: null,
      };
    },
  );
}
