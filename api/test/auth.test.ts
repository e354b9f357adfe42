import type { SessionUser, TokenResponse } from '@keuangan/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user_branches, users } from '../src/db/schema';
import {
  ACCOUNTS,
  bearer,
  craftToken,
  createTestContext,
  login,
  nowSeconds,
  type TestContext,
} from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('POST /api/auth/login', () => {
  it('returns a token and the session user', async () => {
    const res = await post('/api/auth/login', ACCOUNTS.keuangan);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenResponse>();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      uname: 'keuangan',
      name: 'Dewi Kartika Sari',
      utype_name: 'Staf Keuangan',
      email: 'keuangan@sekolahnusantara.sch.id',
      avatar: null,
      google_id_registran: null,
      roles: [{ slug: 'finance', title: 'Staf Keuangan' }],
      active_branch: { name: 'Sekolah Nusantara Cabang Bandung' },
    });
    expect(body.user.branches.map((b) => b.name)).toEqual([
      'Sekolah Nusantara Cabang Bandung',
      'Sekolah Nusantara Cabang Jakarta',
    ]);
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('matches the username case-insensitively', async () => {
    const res = await post('/api/auth/login', { email: 'KEUANGAN', password: ACCOUNTS.keuangan.password });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a wrong password or an unknown username with the same 401 message', async () => {
    for (const payload of [
      { email: 'keuangan', password: 'salah' },
      { email: 'tidak.ada', password: 'Keuangan#2026' },
    ]) {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Username atau password salah' });
    }
  });

  it('refuses staff without a password (sign-in through the suite only)', async () => {
    const [staff] = await ctx.database.db.select().from(users).where(eq(users.password_hash, '!')).limit(1);
    const res = await post('/api/auth/login', { email: staff?.uname, password: '!' });
    expect(res.statusCode).toBe(401);
  });

  it('validates the form with the spec messages (422)', async () => {
    const res = await post('/api/auth/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Username Tidak Boleh Kosong, Password Tidak Boleh Kosong',
      errors: { email: ['Username Tidak Boleh Kosong'], password: ['Password Tidak Boleh Kosong'] },
    });
    const blank = await post('/api/auth/login', { email: '   ', password: 'x' });
    expect(blank.json()).toMatchObject({ message: 'Username Tidak Boleh Kosong' });
  });

  it('answers a request without a body with the field messages', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('email');
  });
});

describe('GET /api/auth/me', () => {
  it('returns the session user itself', async () => {
    const { token, user } = await login(ctx.app, 'admin');
    const res = await get('/api/auth/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.json<SessionUser>()).toEqual(user);
    expect(user.roles.map((r) => r.slug)).toEqual(['superadmin']);
  });

  it('rejects a missing, garbled, forged or expired token with 401', async () => {
    const { user } = await login(ctx.app, 'keuangan');
    const claims = { uid: user.id, bid: user.active_branch.id, ver: 0 };
    const tokens = [
      undefined,
      'not-a-jwt',
      craftToken({ ...claims, iat: nowSeconds() }, 'another-secret-entirely-0123456789'),
      craftToken({ ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }),
      craftToken({ uid: 'x', bid: 1, iat: nowSeconds() }),
    ];
    for (const token of tokens) {
      const res = await get('/api/auth/me', token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().message).toMatch(/login kembali/);
    }
    // A correctly signed, unexpired token is accepted.
    const ok = await get(
      '/api/auth/me',
      craftToken({ ...claims, iat: nowSeconds(), exp: nowSeconds() + 60 }),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('rejects a token whose branch is no longer one of the user’s', async () => {
    const { token, user } = await login(ctx.app, 'admin');
    const jakarta = user.branches[1]?.id as number;
    const switched = (await get(`/api/auth/set-active-branch/${jakarta}`, token)).json<TokenResponse>();
    await ctx.database.transaction((tx) =>
      tx
        .delete(user_branches)
        .where(and(eq(user_branches.user_id, user.id), eq(user_branches.branch_id, jakarta))),
    );
    try {
      expect((await get('/api/auth/me', switched.token)).statusCode).toBe(401);
      expect((await get('/api/auth/me', token)).statusCode).toBe(200); // the Bandung token still holds
    } finally {
      await ctx.database.transaction((tx) =>
        tx.insert(user_branches).values({ user_id: user.id, branch_id: jakarta }),
      );
      // Leave the account as the seed made it.
      await ctx.database.transaction((tx) =>
        tx.update(users).set({ last_branch_id: null }).where(eq(users.id, user.id)),
      );
    }
  });
});

describe('GET /api/auth/set-active-branch/{branchId}', () => {
  it('switches the active branch and remembers it for the next sign-in', async () => {
    const { token, user } = await login(ctx.app, 'keuangan');
    const jakarta = user.branches.find((b) => b.name.endsWith('Jakarta'));
    const res = await get(`/api/auth/set-active-branch/${jakarta?.id}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenResponse>();
    expect(body.user.active_branch).toEqual(jakarta);
    expect((await get('/api/auth/me', body.token)).json<SessionUser>().active_branch).toEqual(jakarta);
    expect((await login(ctx.app, 'keuangan')).user.active_branch).toEqual(jakarta);
    // Back to Bandung for the other tests.
    const bandung = user.branches[0];
    expect((await get(`/api/auth/set-active-branch/${bandung?.id}`, body.token)).statusCode).toBe(200);
  });

  it('refuses a branch the user does not belong to, or one that does not exist (403)', async () => {
    const { token, user } = await login(ctx.app, 'guru');
    expect(user.branches).toHaveLength(1);
    const { user: keuangan } = await login(ctx.app, 'keuangan');
    const jakarta = keuangan.branches[1]?.id;
    for (const id of [jakarta, 9999]) {
      const res = await get(`/api/auth/set-active-branch/${id}`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Anda tidak terdaftar di cabang tersebut' });
    }
  });

  it('validates the id (422) and needs a session (401)', async () => {
    const { token } = await login(ctx.app, 'guru');
    const bad = await get('/api/auth/set-active-branch/abc', token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Cabang tidak valid');
    expect((await get('/api/auth/set-active-branch/1')).statusCode).toBe(401);
  });
});

describe('POST /api/profile/update-password', () => {
  const url = '/api/profile/update-password';

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { token } = await login(ctx.app, 'guru');
    const res = await post(
      url,
      {
        old_password: 'Guru#2026',
        new_password: 'GuruBaru#2026',
        new_password_confirmation: 'GuruBaru#2026',
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password berhasil diubah.', token: expect.any(String) });
    expect((await post('/api/auth/login', { email: 'guru', password: 'Guru#2026' })).statusCode).toBe(401);
    const relog = await post('/api/auth/login', { email: 'guru', password: 'GuruBaru#2026' });
    expect(relog.statusCode).toBe(200);
    // Restore the documented password.
    const back = await post(
      url,
      { old_password: 'GuruBaru#2026', new_password: 'Guru#2026', new_password_confirmation: 'Guru#2026' },
      relog.json<TokenResponse>().token,
    );
    expect(back.statusCode).toBe(200);
  });

  it('rejects a confirmation that does not match', async () => {
    const { token } = await login(ctx.app, 'guru');
    const res = await post(
      url,
      { old_password: 'Guru#2026', new_password: 'Rahasia#123', new_password_confirmation: 'Rahasia#124' },
      token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Konfirmasi Password tidak cocok',
      errors: { new_password_confirmation: ['Konfirmasi Password tidak cocok'] },
    });
  });

  it('rejects a wrong old password', async () => {
    const { token } = await login(ctx.app, 'guru');
    const res = await post(
      url,
      { old_password: 'bukan-ini', new_password: 'Rahasia#123', new_password_confirmation: 'Rahasia#123' },
      token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Password Lama salah',
      errors: { old_password: ['Password Lama salah'] },
    });
  });

  it('requires every field, and a new password of at least 8 characters', async () => {
    const { token } = await login(ctx.app, 'guru');
    const empty = await post(url, {}, token);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(
      'Password Lama tidak boleh kosong, Password Baru tidak boleh kosong, Konfirmasi Password Baru tidak boleh kosong',
    );
    const short = await post(
      url,
      { old_password: 'Guru#2026', new_password: 'pendek', new_password_confirmation: 'pendek' },
      token,
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ new_password: ['Password Baru minimal 8 karakter'] });
  });

  it('needs a session', async () => {
    expect((await post(url, {})).statusCode).toBe(401);
  });
});
