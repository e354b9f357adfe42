/**
 * Regression tests of the security review (issue 7): one describe per defect. Each of these failed on the
 * code before the fix (see api/README.md, "Security").
 */
import type { Employee, RefItem, TokenResponse } from '@keuangan/shared/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { employees, roles, user_branches, user_roles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { todayIn } from '../src/lib/time';
import {
  bearer,
  craftToken,
  createOtherClient,
  createTestContext,
  editPayloadOf,
  login,
  newStaffPayload,
  nowSeconds,
  type OtherClient,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let admin: TokenResponse;
let keuangan: TokenResponse;
let bandungId: number;
let religionId: number;
let ethnicId: number;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'admin');
  keuangan = await login(ctx.app, 'keuangan');
  bandungId = keuangan.user.active_branch.id;
  religionId = (await call('GET', '/api/ref-religions-getall', admin.token)).json<RefItem[]>()[0]
    ?.id as number;
  ethnicId = (await call('GET', '/api/ref-ethnics-getall', admin.token)).json<RefItem[]>()[0]?.id as number;
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, token?: string, payload?: unknown, remoteAddress?: string) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A valid add payload (Bandung, no roles). */
const newStaff = (overrides: Record<string, unknown> = {}) =>
  newStaffPayload(
    { religionId, ethnicId, branchId: bandungId },
    { name: 'Staf Uji', final_degree: '', ...overrides },
  );

async function createStaff(overrides: Record<string, unknown> = {}, token = admin.token): Promise<Employee> {
  const res = await call('POST', '/api/employee', token, newStaff(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Employee>();
}

/** A demo staff member holding `slug`, working in Bandung (among others), as the API shows them. */
async function staffWithRole(slug: string): Promise<Employee> {
  const { db } = ctx.database;
  const candidates = await db
    .select({ id: employees.id, user_id: employees.user_id })
    .from(employees)
    .innerJoin(user_roles, eq(user_roles.user_id, employees.user_id))
    .innerJoin(roles, eq(roles.id, user_roles.role_id))
    .where(eq(roles.slug, slug));
  for (const candidate of candidates) {
    const branchRows = await db
      .select({ id: user_branches.branch_id })
      .from(user_branches)
      .where(eq(user_branches.user_id, candidate.user_id));
    if (branchRows.some((b) => b.id === bandungId)) {
      return (await call('GET', `/api/employee/${candidate.id}`, admin.token)).json<Employee>();
    }
  }
  throw new Error(`no staff member in Bandung with role ${slug}`);
}

/** A user with a password of its own, for tests that lock or change accounts. */
async function accountWithPassword(
  name: string,
  password: string,
): Promise<{ email: string; password: string }> {
  const employee = await createStaff({ name });
  const password_hash = await hashPassword(password);
  await ctx.database.transaction((tx) =>
    tx.update(users).set({ password_hash }).where(eq(users.uname, employee.user.uname)),
  );
  return { email: employee.user.uname, password };
}

// -------------------------------------------------------------------------------------------------------
describe('1. who may change or delete whom', () => {
  it('refuses a finance user changing or deleting senior staff (superadmin, principal, ...)', async () => {
    const adminStaff = (await call('GET', '/api/employee?q=admin', admin.token))
      .json<{ data: Employee[] }>()
      .data.find((e) => e.user.uname === 'admin') as Employee;
    // One branch only: would lock the admin out of Jakarta.
    const lockOut = await call(
      'PUT',
      `/api/employee/${adminStaff.id}`,
      keuangan.token,
      editPayloadOf(adminStaff, { branch_ids: [bandungId] }),
    );
    expect(lockOut.statusCode).toBe(403);
    expect(lockOut.json().message).toBe('Anda tidak berhak mengubah data pegawai ini');
    expect((await call('GET', '/api/auth/me', admin.token)).statusCode).toBe(200);

    for (const slug of ['principal', 'headmaster', 'headfoundation', 'finance-manager']) {
      const senior = await staffWithRole(slug);
      const rename = await call(
        'PUT',
        `/api/employee/${senior.id}`,
        keuangan.token,
        editPayloadOf(senior, { name: 'Diganti' }),
      );
      expect(rename.statusCode, slug).toBe(403);
      const remove = await call('DELETE', `/api/employee/${senior.id}`, keuangan.token);
      expect(remove.statusCode, slug).toBe(403);
      expect(remove.json().message).toBe('Anda tidak berhak menghapus data pegawai ini');
      expect(await call('GET', `/api/employee/${senior.id}`, admin.token).then((r) => r.json())).toEqual(
        senior,
      );
    }
  });

  it('refuses a photo upload onto senior staff by a finance user', async () => {
    const senior = await staffWithRole('principal');
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const res = await uploadPhoto(senior.id, keuangan.token, photo);
    expect(res.statusCode).toBe(403);
  });

  it('still lets finance staff keep the records of teaching staff and staff without roles', async () => {
    const teacher = await staffWithRole('academic');
    const res = await call('PUT', `/api/employee/${teacher.id}`, keuangan.token, editPayloadOf(teacher));
    expect(res.statusCode, res.body).toBe(200);
    const plain = await createStaff({ name: 'Tanpa Peran' }, keuangan.token);
    expect((await call('DELETE', `/api/employee/${plain.id}`, keuangan.token)).statusCode).toBe(200);
  });

  it('lets the superadmin change senior staff', async () => {
    const senior = await staffWithRole('headmaster');
    const res = await call('PUT', `/api/employee/${senior.id}`, admin.token, editPayloadOf(senior));
    expect(res.statusCode, res.body).toBe(200);
  });
});

// -------------------------------------------------------------------------------------------------------
describe('2. NIP numbering stays within what it can count', () => {
  const year = todayIn().slice(0, 4);

  async function insertLegacyNip(nip: string) {
    // Stored before the bound existed: straight into the table.
    await ctx.database.transaction(async (tx) => {
      const [me] = await tx
        .select({ client_id: users.client_id })
        .from(users)
        .where(eq(users.id, admin.user.id));
      const [user] = await tx
        .insert(users)
        .values({
          client_id: me?.client_id as number,
          uname: `lama.${nip.slice(-6)}.${Math.random().toString(36).slice(2, 7)}`,
          password_hash: '!',
          name: 'Lama',
          utype_name: 'Pegawai',
        })
        .returning();
      if (!user) throw new Error('no user');
      await tx.insert(user_branches).values({ user_id: user.id, branch_id: bandungId });
      await tx
        .insert(employees)
        .values({ client_id: user.client_id, user_id: user.id, nip, name: 'Lama', gender_id: 1 });
    });
  }

  it('refuses a NIP longer than 16 digits', async () => {
    const res = await call(
      'POST',
      '/api/employee',
      admin.token,
      newStaff({ nip: `${year}${'9'.repeat(20)}` }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ nip: ['NIP maksimal 16 digit'] });
  });

  it('ignores stored NIPs it cannot count, and never repeats one in use', async () => {
    await insertLegacyNip(`${year}${'9'.repeat(20)}`);
    await insertLegacyNip(`${year}9007199254740993`);
    const first = await createStaff({ name: 'Nomor Satu' });
    const second = await createStaff({ name: 'Nomor Dua' });
    expect(first.nip).toMatch(new RegExp(`^${year}\\d{4,12}$`));
    expect(Number(second.nip) - Number(first.nip)).toBe(1);
  });

  it('falls back to the first free number once the highest one cannot grow', async () => {
    await createStaff({ name: 'Nomor Tertinggi', nip: `${year}999999999999` });
    const next = await createStaff({ name: 'Nomor Berikut' });
    expect(next.nip).toMatch(new RegExp(`^${year}\\d{4,12}$`));
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(employees)
      .where(eq(employees.nip, next.nip as string));
    expect(row?.n).toBe(1);
  });
});

// -------------------------------------------------------------------------------------------------------
describe('3. bad input is a 4xx, never a 500', () => {
  it('refuses a NUL character in any text with 400', async () => {
    const cases = [
      call('POST', '/api/auth/login', undefined, { email: 'a\u0000b', password: 'x' }),
      call('GET', '/api/employee?q=a%00b', admin.token),
      call('GET', '/api/ref-religions-getall?q=%00', admin.token),
      call('POST', '/api/employee', admin.token, newStaff({ name: 'Nul\u0000Nama' })),
      call('POST', '/api/employee', admin.token, { ...newStaff(), 'x\u0000': 1 }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Teks tidak boleh berisi karakter NUL');
    }
  });

  it('answers broken multipart on the photo upload with 400', async () => {
    const employee = await createStaff({ name: 'Foto Rusak' });
    const url = `/api/employee-photo/${employee.id}`;
    const multipart = (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...bearer(admin.token), 'content-type': contentType },
      });
    const cases = [
      multipart('multipart/form-data', 'xxxx'),
      multipart(
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="pics"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xffabc',
      ),
      multipart('multipart/form-data; boundary=XX', 'sampah sampah sampah'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Format unggahan tidak valid');
    }
  });
});

// -------------------------------------------------------------------------------------------------------
describe('4. sign-in attempts are limited', () => {
  it('locks an account after 10 wrong passwords, even for the right one, with Retry-After', async () => {
    const account = await accountWithPassword('Kunci Akun', 'Benar#2026');
    for (let i = 0; i < 10; i++) {
      const res = await call(
        'POST',
        '/api/auth/login',
        undefined,
        { ...account, password: 'salah' },
        `10.1.0.${i}`,
      );
      expect(res.statusCode).toBe(401);
    }
    const locked = await call('POST', '/api/auth/login', undefined, account, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Terlalu banyak percobaan login\. Coba lagi dalam \d+ menit\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits failures per address, across usernames', async () => {
    const address = '10.2.0.1';
    for (let i = 0; i < 30; i++) {
      const res = await call(
        'POST',
        '/api/auth/login',
        undefined,
        { email: `tidak.ada.${i}`, password: 'x' },
        address,
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call(
      'POST',
      '/api/auth/login',
      undefined,
      { email: 'keuangan', password: 'Keuangan#2026' },
      address,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect(
      (
        await call(
          'POST',
          '/api/auth/login',
          undefined,
          { email: 'keuangan', password: 'Keuangan#2026' },
          '10.2.0.2',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('holds across several API instances sharing the database', async () => {
    const account = await accountWithPassword('Kunci Bersama', 'Benar#2026');
    const second = await buildApp({
      database: ctx.database,
      jwtSecret: 'y'.repeat(40),
      uploadsDir: ctx.uploadsDir,
    });
    try {
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? ctx.app : second;
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { ...account, password: 'salah' },
          remoteAddress: `10.3.0.${i}`,
        });
        expect(res.statusCode).toBe(401);
      }
      for (const app of [ctx.app, second]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: account,
          remoteAddress: '10.3.1.1',
        });
        expect(res.statusCode).toBe(429);
      }
    } finally {
      await second.close();
    }
  });

  it('limits wrong old passwords on update-password', async () => {
    const account = await accountWithPassword('Kunci Sandi', 'Benar#2026');
    const { token } = (
      await call('POST', '/api/auth/login', undefined, account, '10.4.0.1')
    ).json<TokenResponse>();
    const change = (old_password: string) =>
      call('POST', '/api/profile/update-password', token, {
        old_password,
        new_password: 'Baru#20260',
        new_password_confirmation: 'Baru#20260',
      });
    for (let i = 0; i < 5; i++) expect((await change('salah')).statusCode).toBe(422);
    const blocked = await change(account.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Terlalu banyak percobaan password lama yang salah/);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

// -------------------------------------------------------------------------------------------------------
describe('5. sessions end on password change and sign-out', () => {
  it('refuses tokens issued before a password change; the change answers a fresh token', async () => {
    const account = await accountWithPassword('Ganti Sandi', 'Lama#20260');
    const first = (await call('POST', '/api/auth/login', undefined, account)).json<TokenResponse>();
    const second = (await call('POST', '/api/auth/login', undefined, account)).json<TokenResponse>();
    const res = await call('POST', '/api/profile/update-password', first.token, {
      old_password: account.password,
      new_password: 'Baru#20260',
      new_password_confirmation: 'Baru#20260',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/auth/me', first.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', second.token)).statusCode).toBe(401);
    const { token } = res.json<{ message: string; token: string }>();
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('signs out on the server: the token is refused afterwards', async () => {
    const account = await accountWithPassword('Keluar Server', 'Keluar#2026');
    const { token } = (await call('POST', '/api/auth/login', undefined, account)).json<TokenResponse>();
    const out = await call('POST', '/api/auth/logout', token);
    expect(out.statusCode, out.body).toBe(200);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
    // Signing in again works.
    const again = (await call('POST', '/api/auth/login', undefined, account)).json<TokenResponse>();
    expect((await call('GET', '/api/auth/me', again.token)).statusCode).toBe(200);
  });

  it('refuses the tokens of a deactivated user', async () => {
    const account = await accountWithPassword('Nonaktif', 'Aktif#2026x');
    const { token } = (await call('POST', '/api/auth/login', undefined, account)).json<TokenResponse>();
    await ctx.database.transaction((tx) =>
      tx.update(users).set({ status: 0 }).where(eq(users.uname, account.email)),
    );
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
  });
});

// -------------------------------------------------------------------------------------------------------
function uploadPhoto(id: number, token: string, bytes: Buffer, fields: [string, string][] = []) {
  const boundary = '----keuangan-security';
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="pics"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/employee-photo/${id}`,
    payload,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('6. security headers and photo re-encoding', () => {
  it('sends nosniff, a frame policy and a strict CSP on API answers', async () => {
    for (const url of ['/api/health', '/api/tidak-ada']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('lets the screens (another origin) show pictures, with nosniff', async () => {
    for (const url of ['/uploads/users/avatar.png', '/uploads/employees/default.png']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('marks every answer carrying a token no-store', async () => {
    const res = await call('POST', '/api/auth/login', undefined, {
      email: 'keuangan',
      password: 'Keuangan#2026',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const switched = await call('GET', `/api/auth/set-active-branch/${bandungId}`, keuangan.token);
    expect(switched.headers['cache-control']).toBe('no-store');
  });

  it('refuses a file that only starts like a JPEG', async () => {
    const employee = await createStaff({ name: 'Foto Palsu' });
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600)]);
    const res = await uploadPhoto(employee.id, admin.token, fake);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('File harus berupa jpg atau png');
  });

  it('re-encodes photos and drops their metadata', async () => {
    const employee = await createStaff({ name: 'Foto Exif' });
    const withExif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c00' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Rahasia GPS', Copyright: 'lokasi' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await uploadPhoto(employee.id, admin.token, withExif);
    expect(res.statusCode, res.body).toBe(200);
    const { pics } = res.json<Employee>();
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/employees/${pics}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBe(16);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Rahasia GPS'))).toBe(false);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

// -------------------------------------------------------------------------------------------------------
describe('7. JWT secret and lifetime', () => {
  it('refuses a JWT_SECRET shorter than 32 bytes at start', async () => {
    expect(() => loadConfig({ JWT_SECRET: 'pendek' })).toThrow(/JWT_SECRET/);
    await expect(
      buildApp({ database: ctx.database, jwtSecret: 'x'.repeat(31), uploadsDir: ctx.uploadsDir }),
    ).rejects.toThrow(/JWT_SECRET/);
  });

  it('refuses tokens without exp, or living longer than the configured lifetime', async () => {
    const { user } = keuangan;
    const claims = { uid: user.id, bid: user.active_branch.id, ver: 0 };
    const noExp = craftToken({ ...claims, iat: nowSeconds() });
    const tooLong = craftToken({ ...claims, iat: nowSeconds(), exp: nowSeconds() + 30 * 24 * 3600 });
    const otherAudience = craftToken({ ...claims, aud: 'lain', iat: nowSeconds(), exp: nowSeconds() + 60 });
    for (const token of [noExp, tooLong, otherAudience]) {
      expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
    }
    // As the server issues them: accepted.
    const fine = craftToken({ ...claims, iat: nowSeconds(), exp: nowSeconds() + 60 });
    expect((await call('GET', '/api/auth/me', fine)).statusCode).toBe(200);
  });
});

// -------------------------------------------------------------------------------------------------------
describe('8. google-set hand-off', () => {
  it('exchanges a one-use hand-off code the API issued for a session token', async () => {
    const issued = await call('POST', '/api/auth/handoff', keuangan.token);
    expect(issued.statusCode, issued.body).toBe(200);
    const { code, expires_in } = issued.json<{ code: string; expires_in: number }>();
    expect(expires_in).toBeLessThanOrEqual(120);
    const exchanged = await call('POST', '/api/auth/handoff/exchange', undefined, { code });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.headers['cache-control']).toBe('no-store');
    const session = exchanged.json<TokenResponse>();
    expect(session.user.uname).toBe('keuangan');
    expect((await call('GET', '/api/auth/me', session.token)).statusCode).toBe(200);
    // One use only.
    const again = await call('POST', '/api/auth/handoff/exchange', undefined, { code });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a session token, an unknown code or an expired one in place of a hand-off code', async () => {
    const issued = (await call('POST', '/api/auth/handoff', keuangan.token)).json<{ code: string }>();
    await ctx.database.db.execute(sql`update auth_handoffs set expires_at = now() - interval '1 second'`);
    for (const code of [keuangan.token, 'tidak-ada', issued.code]) {
      const res = await call('POST', '/api/auth/handoff/exchange', undefined, { code });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Tautan masuk tidak valid atau sudah kedaluwarsa');
    }
    expect((await call('POST', '/api/auth/handoff')).statusCode).toBe(401);
  });
});

// -------------------------------------------------------------------------------------------------------
describe('9. usernames across clients', () => {
  let other: OtherClient;
  beforeAll(async () => {
    other = await createOtherClient(ctx.database);
  });

  // PGlite runs one transaction at a time; the race needs PostgreSQL's concurrent transactions.
  it.skipIf(!onPostgres)(
    'concurrent adds of the same name in two clients get distinct usernames',
    async () => {
      const otherToken = (
        await call('POST', '/api/auth/login', undefined, other.account)
      ).json<TokenResponse>().token;
      const requests = Array.from({ length: 8 }, (_, i) => [
        call('POST', '/api/employee', admin.token, newStaff({ name: `Kembar Nama ${i}` })),
        call(
          'POST',
          '/api/employee',
          otherToken,
          newStaff({ name: `Kembar Nama ${i}`, branch_ids: [other.branchId] }),
        ),
      ]).flat();
      const answers = await Promise.all(requests);
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
      const unames = answers.map((r) => r.json<Employee>().user.uname);
      expect(new Set(unames).size).toBe(unames.length);
    },
  );
});

// -------------------------------------------------------------------------------------------------------
describe('10. multipart counts are bounded', () => {
  it('refuses an upload carrying many fields before the file', async () => {
    const employee = await createStaff({ name: 'Banyak Bagian' });
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#080' } })
      .jpeg()
      .toBuffer();
    const fields = Array.from({ length: 50 }, (_, i): [string, string] => [`f${i}`, 'v']);
    const res = await uploadPhoto(employee.id, admin.token, photo, fields);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Unggahan berisi terlalu banyak bagian');
    const [row] = await ctx.database.db
      .select({ pics: employees.pics })
      .from(employees)
      .where(and(eq(employees.id, employee.id), inArray(employees.id, [employee.id])));
    expect(row?.pics).toBeNull();
  });
});
