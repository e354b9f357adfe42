/** Sign-in, the session user, branch switching and password change (docs/data.md, docs/validation.md, api/ROUTES.md). */
import {
  HANDOFF_INVALID_MESSAGE,
  type HandoffResponse,
  type MessageResponse,
  type PasswordChangeResponse,
  ROUTES,
  type SessionUser,
  type TokenResponse,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden, unauthenticated } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/password';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { requireAuth } from './guard';
import { HANDOFF_SECONDS, issueHandoff, redeemHandoff } from './handoff';
import { passwordHashOf, tokenVersionOf, userByUsername } from './queries';
import { loadAuthContext, loadSessionUser } from './session';
import { userBranches } from './session-queries';
import { accountKey, addressKey, forgive, oldPasswordKey, takeAttempt } from './throttle';
import { chooseBranch, setPassword, signOut } from './writes';

const LOGIN_FAILED = 'Username atau password salah';
const tooManyLogins = (minutes: number) =>
  `Terlalu banyak percobaan login. Coba lagi dalam ${minutes} menit.`;
const tooManyOldPasswords = (minutes: number) =>
  `Terlalu banyak percobaan password lama yang salah. Coba lagi dalam ${minutes} menit.`;
const MIN_PASSWORD_LENGTH = 8;

const BranchParamsSchema = v.object({
  branchId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'Cabang tidak valid'), v.transform(Number)),
});

const documented = routeDocs('Sessions');

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  /** Issues a token for the user in a branch (at their current token version) with the session user. */
  async function tokenResponse(userId: number, branchId: number, ver: number): Promise<TokenResponse> {
    return {
      token: app.signToken({ uid: userId, bid: branchId, ver }),
      user: await loadSessionUser(db, userId, branchId),
    };
  }

  app.post(
    ROUTES.auth.login.local,
    documented(
      { config: { public: true } },
      {
        summary: 'Sign in with username and password',
        response: 'TokenResponse',
      },
    ),
    async (request): Promise<TokenResponse> => {
      const body = validate(ROUTE_INPUTS.auth.login.body, request.body);
      const account = accountKey(body.email);
      const address = addressKey(request.ip);
      await takeAttempt(app.database, [account, address], tooManyLogins);
      const user = await userByUsername(db, body.email);
      // Verify even for an unknown username, so response time does not reveal which usernames exist.
      const valid = await verifyPassword(body.password, user?.password_hash);
      if (!user || !valid) {
        // One record per failed sign-in: the name tried, never the password.
        await recordAudit(
          db,
          { clientId: user?.client_id ?? null, branchId: null, userId: null },
          {
            action: 'auth.login_failed',
            entity: 'user',
            entityId: user?.id ?? null,
            after: { username: body.email },
          },
        );
        throw new ApiError(401, LOGIN_FAILED);
      }
      await forgive(app.database, [account], [address]);
      if (user.status !== 1) throw forbidden('Akun Anda tidak aktif, hubungi administrator');

      const branchRows = await userBranches(db, user.id, user.client_id);
      const branch = branchRows.find((b) => b.id === user.last_branch_id) ?? branchRows[0];
      if (!branch) throw forbidden('Akun Anda belum terdaftar di cabang mana pun');
      return tokenResponse(user.id, branch.id, user.token_version);
    },
  );

  /** Server-side sign-out: every token of the user issued so far is refused from now on (all devices). */
  app.post(
    ROUTES.auth.logout.local,
    documented(
      { preHandler: app.authenticated },
      {
        summary: 'End every session of the caller (raises the token version)',
        input: 'none',
        response: 'MessageResponse',
      },
    ),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      await signOut(app.database, auth.userId);
      return { message: 'Anda telah keluar' };
    },
  );

  /** A one-use code for `/google-set?token={code}` (src/auth/handoff.ts): the session travels, not the token. */
  app.post(
    ROUTES.auth.handoff.local,
    documented(
      { preHandler: app.authenticated },
      {
        summary: 'A one-use code handing this session to /google-set (60 s)',
        input: 'none',
        response: 'HandoffResponse',
      },
    ),
    async (request): Promise<HandoffResponse> => {
      const auth = requireAuth(request);
      const code = await issueHandoff(app.database, auth.userId, auth.branchId);
      return { code, expires_in: HANDOFF_SECONDS };
    },
  );

  app.post(
    ROUTES.auth.handoffExchange.local,
    documented(
      { config: { public: true } },
      {
        summary: 'Exchange a hand-off code for a session',
        response: 'TokenResponse',
      },
    ),
    async (request): Promise<TokenResponse> => {
      const invalid = () => unauthenticated(HANDOFF_INVALID_MESSAGE);
      const { code } = validate(ROUTE_INPUTS.auth.handoffExchange.body, request.body);
      const handoff = await redeemHandoff(app.database, code);
      if (!handoff) throw invalid();
      const version = await tokenVersionOf(db, handoff.userId);
      // The user must still be active and in that branch.
      const claims = { uid: handoff.userId, bid: handoff.branchId, ver: version ?? -1 };
      if (version === undefined || !(await loadAuthContext(db, claims))) throw invalid();
      return tokenResponse(claims.uid, claims.bid, claims.ver);
    },
  );

  app.get(
    ROUTES.auth.me.local,
    documented(
      { preHandler: app.authenticated },
      { summary: 'The signed-in user, roles and branches', input: 'none', response: 'SessionUser' },
    ),
    async (request): Promise<SessionUser> => {
      const auth = requireAuth(request);
      return loadSessionUser(db, auth.userId, auth.branchId);
    },
  );

  app.get(
    ROUTES.auth.setActiveBranch.local,
    documented(
      { preHandler: app.authenticated },
      {
        summary: 'Switch the active branch: a new session token',
        input: { params: BranchParamsSchema },
        response: 'TokenResponse',
      },
    ),
    async (request): Promise<TokenResponse> => {
      const auth = requireAuth(request);
      const { branchId } = validate(BranchParamsSchema, request.params);
      const allowed = await userBranches(db, auth.userId, auth.clientId);
      // The same answer whether the branch does not exist or is someone else's.
      if (!allowed.some((b) => b.id === branchId)) throw forbidden('Anda tidak terdaftar di cabang tersebut');
      // Written only when it changes, so choosing the active branch again writes nothing.
      await chooseBranch(app.database, auth.userId, branchId);
      return tokenResponse(auth.userId, branchId, auth.tokenVersion);
    },
  );

  app.post(
    ROUTES.auth.updatePassword.local,
    documented(
      { preHandler: app.authenticated },
      {
        summary: 'Change the password; ends other sessions, answers a new token',
        response: 'PasswordChangeResponse',
      },
    ),
    async (request): Promise<PasswordChangeResponse> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.auth.updatePassword.body, request.body);
      const guesses = oldPasswordKey(auth.userId);
      await takeAttempt(app.database, [guesses], tooManyOldPasswords);
      if (!(await verifyPassword(body.old_password, await passwordHashOf(db, auth.userId)))) {
        throw fieldError('old_password', 'Password Lama salah');
      }
      await forgive(app.database, [guesses]);
      // Server-side floor on top of the form's rules (the form itself only requires a value).
      if (body.new_password.length < MIN_PASSWORD_LENGTH) {
        throw fieldError('new_password', `Password Baru minimal ${MIN_PASSWORD_LENGTH} karakter`);
      }
      const password_hash = await hashPassword(body.new_password); // slow: outside the transaction
      // Every session issued before ends; this one continues with the token answered here.
      const version = await setPassword(app.database, auth.userId, password_hash);
      if (version === undefined) throw unauthenticated();
      return {
        message: 'Password berhasil diubah.',
        token: app.signToken({ uid: auth.userId, bid: auth.branchId, ver: version }),
      };
    },
  );
}
