/**
 * Token Integrasi: `POST /api/embed-tokens` (mint, for the caller's active branch), `GET /api/embed-tokens`
 * (the branch's tokens, newest first), `POST /api/embed-tokens/:id/revoke`, for finance editors; and
 * `GET /api/embed/session`, which the embedded view asks first (what its token may do, for the student it
 * shows). The rules: api/ROUTES.md "Embed tokens".
 */
import {
  EMBED_MESSAGES,
  type EmbedScope,
  type EmbedSession,
  type EmbedTokenCreated,
  EmbedTokenCreateSchema,
  type EmbedTokenEntry,
  type EmbedTokenStatus,
  isFinanceEditor,
  type MessageResponse,
  type Paged,
} from '@keuangan/shared/contract';
import { desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { auditWho, recordAudit } from '../audit/record';
import { requireAuth } from '../auth/guard';
import { branches, embed_tokens, students, users } from '../db/schema';
import { ApiError, forbidden, notFound } from '../lib/errors';
import { fetchPage, listQueryEntries } from '../lib/paging';
import { type BranchScope, findInBranch, inBranch } from '../lib/scope';
import { optionalQueryId, pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';

const ListQuery = v.object(listQueryEntries(['created_at']));
const SessionQuery = v.object({ student_id: optionalQueryId('Siswa') });

const revoker = alias(users, 'revoker');

const entryColumns = {
  id: embed_tokens.id,
  label: embed_tokens.label,
  scope: embed_tokens.scope,
  student_id: students.id,
  student_name: students.name,
  student_nis: students.nis,
  created_at: embed_tokens.created_at,
  created_by: users.name,
  expires_at: embed_tokens.expires_at,
  revoked_at: embed_tokens.revoked_at,
  revoked_by: revoker.name,
  expired: sql<boolean>`${embed_tokens.expires_at} <= now()`,
};

function selectEntries(db: FastifyInstance['database']['db']) {
  return db
    .select(entryColumns)
    .from(embed_tokens)
    .leftJoin(students, eq(students.id, embed_tokens.student_id))
    .leftJoin(users, eq(users.id, embed_tokens.user_id))
    .leftJoin(revoker, eq(revoker.id, embed_tokens.revoked_by));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

function toEntry(row: EntryRow): EmbedTokenEntry {
  const status: EmbedTokenStatus = row.revoked_at ? 'revoked' : row.expired ? 'expired' : 'active';
  return {
    id: row.id,
    label: row.label,
    scope: row.scope as EmbedScope,
    student:
      row.student_id === null
        ? null
        : { id: row.student_id, name: row.student_name ?? '', nis: row.student_nis ?? '' },
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revoked_by: row.revoked_by,
    status,
  };
}

const inBranchTokens = (scope: BranchScope, ...conditions: Parameters<typeof inBranch>[2][]) =>
  inBranch(scope, embed_tokens, ...conditions);

const documented = routeDocs('Embed tokens');

export async function embedRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.post(
    '/embed-tokens',
    documented(guard, {
      summary: 'Issue an embed token (Token Integrasi)',
      input: { body: EmbedTokenCreateSchema },
      response: 'EmbedTokenCreated',
      status: [201],
    }),
    async (request, reply): Promise<EmbedTokenCreated> => {
      const auth = requireAuth(request);
      const input = validate(EmbedTokenCreateSchema, request.body);
      if (input.student_id !== null) await findInBranch(db, auth, students, input.student_id);
      const id = await app.database.transaction(async (tx) => {
        const [row] = await tx
          .insert(embed_tokens)
          .values({
            client_id: auth.clientId,
            branch_id: auth.branchId,
            student_id: input.student_id,
            scope: input.scope,
            label: input.label,
            user_id: auth.userId,
            expires_at: sql`now() + make_interval(mins => ${input.expires_in_minutes})`,
          })
          .returning({ id: embed_tokens.id });
        if (!row) throw new Error('embed token not inserted');
        await recordAudit(tx, auditWho(auth), {
          action: 'embed_token.create',
          entity: 'embed_token',
          entityId: row.id,
          after: {
            label: input.label,
            scope: input.scope,
            student_id: input.student_id,
            minutes: input.expires_in_minutes,
          },
        });
        return row.id;
      });
      const [row] = await selectEntries(db).where(eq(embed_tokens.id, id));
      if (!row) throw notFound();
      const data = toEntry(row);
      const token = app.signEmbedToken(
        { eid: id, uid: auth.userId, bid: auth.branchId },
        new Date(data.expires_at),
      );
      reply.status(201);
      return { message: EMBED_MESSAGES.created, token, data };
    },
  );

  app.get(
    '/embed-tokens',
    documented(guard, {
      summary: 'Embed tokens of the branch, paged',
      input: { query: ListQuery },
      response: 'EmbedTokenPage',
    }),
    async (request): Promise<Paged<EmbedTokenEntry>> => {
      const auth = requireAuth(request);
      const query = validate(ListQuery, request.query);
      const where = inBranchTokens(auth);
      const page = await fetchPage(db, embed_tokens, where, query, (limit, offset) =>
        selectEntries(db)
          .where(where)
          .orderBy(query.sort === 'asc' ? embed_tokens.id : desc(embed_tokens.id))
          .limit(limit)
          .offset(offset),
      );
      return { ...page, data: page.data.map(toEntry) };
    },
  );

  app.post(
    '/embed-tokens/:id/revoke',
    documented(guard, { summary: 'Revoke an embed token', input: 'none', response: 'MessageResponse' }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      await findInBranch(db, auth, embed_tokens, id);
      await app.database.transaction(async (tx) => {
        const [revoked] = await tx
          .update(embed_tokens)
          .set({ revoked_at: sql`now()`, revoked_by: auth.userId })
          .where(inBranchTokens(auth, eq(embed_tokens.id, id), isNull(embed_tokens.revoked_at)))
          .returning({ id: embed_tokens.id });
        if (!revoked) throw new ApiError(409, EMBED_MESSAGES.alreadyRevoked);
        await recordAudit(tx, auditWho(auth), {
          action: 'embed_token.revoke',
          entity: 'embed_token',
          entityId: id,
        });
      });
      return { message: EMBED_MESSAGES.revoked };
    },
  );

  // What the token in hand may do here. Any finance session or embed token may ask (the view asks first).
  app.get(
    '/embed/session',
    documented(
      { preHandler: app.financeEditor, config: { embed: 'read' as const } },
      {
        summary: 'What an embed token may show: its student, scope and branch',
        input: { query: SessionQuery },
        response: 'EmbedSession',
      },
    ),
    async (request): Promise<EmbedSession> => {
      const auth = requireAuth(request);
      const query = validate(SessionQuery, request.query);
      if (query.student_id) {
        const [student] = await db
          .select({ id: students.id })
          .from(students)
          .where(inBranch(auth, students, eq(students.id, query.student_id)));
        if (!student) throw forbidden(EMBED_MESSAGES.wrongBranch);
        if (auth.embed?.studentId && auth.embed.studentId !== student.id) {
          throw forbidden(EMBED_MESSAGES.wrongStudent);
        }
      }
      const [branch] = await db
        .select({ id: branches.id, name: branches.name, time_zone: branches.time_zone })
        .from(branches)
        .where(eq(branches.id, auth.branchId));
      if (!branch) throw notFound();
      if (auth.embed) {
        return {
          kind: 'embed',
          scope: auth.embed.scope,
          branch,
          student_id: auth.embed.studentId,
          expires_at: auth.embed.expiresAt.toISOString(),
        };
      }
      return {
        kind: 'session',
        scope: isFinanceEditor(auth.roleSlugs) ? 'billing:pay' : 'billing:read',
        branch,
        student_id: null,
        expires_at: null,
      };
    },
  );
}
