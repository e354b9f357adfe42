/** Sign-in, the session user, branch switching and password change (spec part 1, sections 3, 5, 7). */
import {
  LoginRequestSchema,
  type MessageResponse,
  PasswordChangeSchema,
  type SessionUser,
  type TokenResponse,
} from '@keuangan/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { loadSessionUser, userBranches } from '../auth/session';
import { users } from '../db/schema';
import { ApiError, fieldError, forbidden } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/password';
import { validate } from '../lib/validate';

const LOGIN_FAILED = 'Username atau password salah';
const MIN_PASSWORD_LENGTH = 8;

const BranchParamsSchema = v.object({
  branchId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'Cabang tidak valid'), v.transform(Number)),
});

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  /** Issues a token for the user in a branch and returns it with the session user. */
  async function tokenResponse(userId: number, branchId: number): Promise<TokenResponse> {
    return {
      token: app.signToken({ uid: userId, bid: branchId }),
      user: await loadSessionUser(db, userId, branchId),
    };
  }

  app.post('/auth/login', { config: { public: true } }, async (request): Promise<TokenResponse> => {
    const body = validate(LoginRequestSchema, request.body);
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.uname})`, body.email.toLowerCase()))
      .limit(1);
    // Verify even for an unknown username, so response time does not reveal which usernames exist.
    const valid = await verifyPassword(body.password, user?.password_hash);
    if (!user || !valid) throw new ApiError(401, LOGIN_FAILED);
    if (user.status !== 1) throw forbidden('Akun Anda tidak aktif, hubungi administrator');

    const branchRows = await userBranches(db, user.id, user.client_id);
    const branch = branchRows.find((b) => b.id === user.last_branch_id) ?? branchRows[0];
    if (!branch) throw forbidden('Akun Anda belum terdaftar di cabang mana pun');
    return tokenResponse(user.id, branch.id);
  });

  app.get('/auth/me', { preHandler: app.authenticated }, async (request): Promise<SessionUser> => {
    const auth = requireAuth(request);
    return loadSessionUser(db, auth.userId, auth.branchId);
  });

  app.get(
    '/auth/set-active-branch/:branchId',
    { preHandler: app.authenticated },
    async (request): Promise<TokenResponse> => {
      const auth = requireAuth(request);
      const { branchId } = validate(BranchParamsSchema, request.params);
      const allowed = await userBranches(db, auth.userId, auth.clientId);
      // The same answer whether the branch does not exist or is someone else's.
      if (!allowed.some((b) => b.id === branchId)) throw forbidden('Anda tidak terdaftar di cabang tersebut');
      await app.database.transaction((tx) =>
        tx
          .update(users)
          .set({ last_branch_id: branchId, updated_at: new Date() })
          .where(eq(users.id, auth.userId)),
      );
      return tokenResponse(auth.userId, branchId);
    },
  );

  app.post(
    '/profile/update-password',
    { preHandler: app.authenticated },
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const body = validate(PasswordChangeSchema, request.body);
      const [user] = await db
        .select({ password_hash: users.password_hash })
        .from(users)
        .where(eq(users.id, auth.userId));
      if (!(await verifyPassword(body.old_password, user?.password_hash))) {
        throw fieldError('old_password', 'Password Lama salah');
      }
      // Server-side floor on top of the form's rules (the form itself only requires a value).
      if (body.new_password.length < MIN_PASSWORD_LENGTH) {
        throw fieldError('new_password', `Password Baru minimal ${MIN_PASSWORD_LENGTH} karakter`);
      }
      const password_hash = await hashPassword(body.new_password); // slow: outside the transaction
      await app.database.transaction((tx) =>
        tx.update(users).set({ password_hash, updated_at: new Date() }).where(eq(users.id, auth.userId)),
      );
      return { message: 'Password berhasil diubah.' };
    },
  );
}
