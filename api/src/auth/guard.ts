/**
 * The one guard pattern (api/README.md "Who may do what"): `preHandler: app.authenticated` or `app.financeEditor`,
 * or `config: { public: true }`. An /api route declaring none fails at startup, so no endpoint forgets its guard.
 */
import fastifyJwt from '@fastify/jwt';
import { EMBED_MESSAGES, EMBED_TOKEN_MAX_MINUTES, isFinanceEditor } from '@keuangan/shared/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { forbidden, MESSAGES, unauthenticated } from '../lib/errors';
import { isDocsRoute } from '../openapi/plugin';
import type { EmbedAccess } from '../openapi/route-docs';
import { EMBED_AUDIENCE, type EmbedClaims, embedReaches, loadEmbedCaller } from './embed-tokens';
import { type AuthContext, loadAuthContext, type TokenClaims } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    authenticated: preHandlerAsyncHookHandler;
    financeEditor: preHandlerAsyncHookHandler;
    /** Signs a session token for this user and active branch. */
    signToken(claims: TokenClaims): string;
    /** Signs an embed token for a row of embed_tokens, valid until `expiresAt` (embed-tokens.ts). */
    signEmbedToken(claims: EmbedClaims, expiresAt: Date): string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Marks an /api route that needs no session. */
    public?: boolean;
    /** What embed tokens may call this route (none when absent): embed-tokens.ts. */
    embed?: EmbedAccess;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims | EmbedClaims;
    user: TokenClaims | EmbedClaims;
  }
}

export interface AuthOptions {
  database: Database;
  secret: string;
  /** Session lifetime in seconds. */
  tokenTtlSeconds: number;
}

/** The `aud` of our tokens: only this API accepts them (ASVS 9.2.3). */
export const TOKEN_AUDIENCE = 'keuangan-api';

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
/** Clock difference tolerated between API instances when checking `iat`. */
const CLOCK_SKEW_SECONDS = 60;

interface VerifiedClaims extends TokenClaims {
  iat?: unknown;
  exp?: unknown;
  aud?: unknown;
  eid?: unknown;
}

/**
 * Only tokens as this server issues them (signature, algorithm, `aud` and a passed `exp` are checked by
 * @fastify/jwt before this): an `exp` (a signed token without one would never end), a lifetime
 * no longer than the configured one, an `iat` not in the future, and numeric ids and version.
 */
function wellFormed(claims: VerifiedClaims, ttlSeconds: number, now: number): boolean {
  const { iat, exp } = claims;
  return (
    isId(claims.uid) &&
    isId(claims.bid) &&
    (claims.aud === EMBED_AUDIENCE ? isId(claims.eid) : isCount(claims.ver)) &&
    typeof iat === 'number' &&
    typeof exp === 'number' &&
    iat <= now + CLOCK_SKEW_SECONDS &&
    exp - iat <= ttlSeconds
  );
}

export async function setupAuth(
  app: FastifyInstance,
  { database, secret, tokenTtlSeconds }: AuthOptions,
): Promise<void> {
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: `${tokenTtlSeconds}s`, aud: TOKEN_AUDIENCE },
    verify: { algorithms: ['HS256'], allowedAud: [TOKEN_AUDIENCE, EMBED_AUDIENCE] },
  });

  app.decorateRequest('auth', null);
  app.decorate('signToken', ({ uid, bid, ver }: TokenClaims) => app.jwt.sign({ uid, bid, ver }));
  app.decorate('signEmbedToken', ({ eid, uid, bid }: EmbedClaims, expiresAt: Date) =>
    app.jwt.sign(
      { eid, uid, bid },
      { aud: EMBED_AUDIENCE, expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)) },
    ),
  );
  // An embed token lives at most as long as the longest one minted (12 hours), a session as configured.
  const lifetimeOf = (claims: VerifiedClaims) =>
    claims.aud === EMBED_AUDIENCE ? EMBED_TOKEN_MAX_MINUTES * 60 + CLOCK_SKEW_SECONDS : tokenTtlSeconds;

  const authenticated: preHandlerAsyncHookHandler = async (request) => {
    let claims: VerifiedClaims;
    try {
      claims = await request.jwtVerify<VerifiedClaims>();
    } catch (error) {
      throw unauthenticated(unverifiedMessage(request, error)); // missing, garbled, wrongly signed or expired
    }
    if (!wellFormed(claims, lifetimeOf(claims), Math.floor(Date.now() / 1000))) throw unauthenticated();
    if (claims.aud === EMBED_AUDIENCE) {
      const caller = await loadEmbedCaller(database.db, claims as unknown as EmbedClaims);
      if (!caller.ok) throw unauthenticated(caller.message);
      // An embed token reaches only the routes that say so, and a read token none that writes.
      if (!embedReaches(request.routeOptions.config.embed, caller.grant.scope)) {
        throw forbidden(EMBED_MESSAGES.outOfScope);
      }
      // Only a kasir token records payments at the counter; a portal's may only pay online ('pay_online').
      if (request.routeOptions.config.embed === 'pay' && caller.grant.cashierName === null) {
        throw forbidden(EMBED_MESSAGES.notCashier);
      }
      request.auth = { ...caller.scope, tokenVersion: 0, embed: caller.grant };
      return;
    }
    const auth = await loadAuthContext(database.db, claims);
    if (!auth) throw unauthenticated(); // user gone or inactive, or the branch is no longer theirs
    request.auth = auth;
  };

  const financeEditor: preHandlerAsyncHookHandler = async function (request, reply) {
    await authenticated.call(this, request, reply);
    if (!isFinanceEditor(requireAuth(request).roleSlugs)) throw forbidden(MESSAGES.notFinanceEditor);
  };

  app.decorate('authenticated', authenticated);
  app.decorate('financeEditor', financeEditor);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public || isDocsRoute(route.url)) return;
    const handlers = [route.preHandler ?? []].flat();
    if (!handlers.includes(authenticated) && !handlers.includes(financeEditor)) {
      throw new Error(
        `Route ${route.method} ${route.url} has no access guard (authenticated/financeEditor/public)`,
      );
    }
  });
}

/**
 * Why a token did not verify, in words for its holder: an embed view shows the message as is (an expired embed
 * token says so); a session's screens only sign out.
 */
function unverifiedMessage(request: FastifyRequest, error: unknown): string | undefined {
  const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
  let audience: unknown;
  try {
    audience = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))?.aud;
  } catch {
    return undefined;
  }
  if (audience !== EMBED_AUDIENCE) return undefined;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? EMBED_MESSAGES.expired : EMBED_MESSAGES.invalid;
}

/** The caller of a guarded route (401 if the route had no guard, which the startup check prevents). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
