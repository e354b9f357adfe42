import { crc32, deflateSync } from 'node:zlib';
import type { Employee, Paged, RefItem, TokenResponse } from '@keuangan/shared/contract';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, classes, employees, roles, user_branches, user_roles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { todayIn } from '../src/lib/time';
import {
  bearer,
  createTestContext,
  editPayloadOf,
  login,
  newStaffPayload,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let admin: TokenResponse; // superadmin, Bandung + Jakarta, may assign roles
let keuangan: TokenResponse; // finance, Bandung + Jakarta, may not assign roles
let keuanganJakarta: string; // keuangan's token with Jakarta active
let single: string; // a finance manager of Bandung only
let guru: string; // not a finance editor
let bandungId: number;
let jakartaId: number;
let religionId: number;
let ethnicId: number;

const SINGLE_BRANCH_PASSWORD = 'Tunggal#2026';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'admin');
  keuangan = await login(ctx.app, 'keuangan');
  guru = (await login(ctx.app, 'guru')).token;
  [bandungId, jakartaId] = keuangan.user.branches.map((b) => b.id) as [number, number];
  keuanganJakarta = (await call('GET', `/api/auth/set-active-branch/${jakartaId}`, keuangan.token)).json()
    .token;
  await call('GET', `/api/auth/set-active-branch/${bandungId}`, keuanganJakarta);

  // Give a Bandung-only finance manager of the demo data a password, to sign in as them.
  const { db } = ctx.database;
  const [manager] = await db
    .select({ id: users.id, uname: users.uname })
    .from(users)
    .innerJoin(user_roles, eq(user_roles.user_id, users.id))
    .innerJoin(roles, eq(roles.id, user_roles.role_id))
    .innerJoin(user_branches, eq(user_branches.user_id, users.id))
    .where(and(eq(roles.slug, 'finance-manager'), eq(user_branches.branch_id, bandungId)))
    .limit(1);
  if (!manager) throw new Error('no finance manager in Bandung');
  const password_hash = await hashPassword(SINGLE_BRANCH_PASSWORD);
  await ctx.database.transaction((tx) =>
    tx.update(users).set({ password_hash }).where(eq(users.id, manager.id)),
  );
  const res = await call('POST', '/api/auth/login', undefined, {
    email: manager.uname,
    password: SINGLE_BRANCH_PASSWORD,
  });
  const session = res.json<TokenResponse>();
  expect(session.user.branches.map((b) => b.id)).toEqual([bandungId]);
  single = session.token;

  religionId = (await call('GET', '/api/ref-religions-getall', guru)).json<RefItem[]>()[0]?.id as number;
  ethnicId = (await call('GET', '/api/ref-ethnics-getall', guru)).json<RefItem[]>()[0]?.id as number;
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
): Promise<T> {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<T>();
}

const list = (query: string, token = keuangan.token) =>
  ok<Paged<Employee>>('GET', `/api/employee?${query}`, token);

/** A valid add payload (Bandung, no roles). */
const newStaff = (overrides: Record<string, unknown> = {}) =>
  newStaffPayload(
    { religionId, ethnicId, branchId: bandungId },
    { name: 'Budi Santoso', final_degree: 'S.Pd.', ...overrides },
  );

const create = (overrides: Record<string, unknown> = {}, token = admin.token) =>
  ok<Employee>('POST', '/api/employee', token, newStaff(overrides));

/** The first staff member matching the search, seen from Bandung. */
async function findStaff(q: string): Promise<Employee> {
  const page = await list(`q=${encodeURIComponent(q)}`);
  const found = page.data[0];
  if (!found) throw new Error(`no staff ${q}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------------

describe('GET /api/employee', () => {
  it('pages the staff of the active branch: 10 by default, with the paged shape and running numbers', async () => {
    const first = await list('');
    expect(first.per_page).toBe(10);
    expect(first.current_page).toBe(1);
    expect(first.from).toBe(1);
    expect(first.data).toHaveLength(10);
    expect(first.last_page).toBe(Math.ceil(first.total / 10));
    const second = await list('page=2&limit=5');
    expect(second).toMatchObject({ current_page: 2, per_page: 5, from: 6, total: first.total });
    expect(second.data.map((e) => e.id)).toEqual(first.data.slice(5, 10).map((e) => e.id));
    const beyond = await list(`page=${first.last_page + 1}`);
    expect(beyond).toMatchObject({ data: [], from: null, total: first.total });
  });

  it('returns the full employee shape: user with roles and branches, religion and ethnic names', async () => {
    const dewi = await findStaff('keuangan');
    expect(dewi).toMatchObject({
      name: 'Dewi Kartika Sari',
      gender_id: 2,
      status: 1,
      pics: null,
      user: {
        uname: 'keuangan',
        roles: [{ slug: 'finance', title: 'Staf Keuangan', bg_color: '#fa8c16' }],
        branches: [
          { id: bandungId, name: 'Sekolah Nusantara Cabang Bandung' },
          { id: jakartaId, name: 'Sekolah Nusantara Cabang Jakarta' },
        ],
      },
      religion: { name: expect.any(String) },
      ethnic: { name: expect.any(String) },
    });
    expect(dewi.nip).toMatch(/^\d{8}$/);
    expect(dewi).not.toHaveProperty('client_id');
    expect(dewi).not.toHaveProperty('user_id');
  });

  it('shows only staff whose user works in the active branch', async () => {
    const inBandung = await list('limit=100');
    const inJakarta = await list('limit=100', keuanganJakarta);
    expect(inBandung.data.every((e) => e.user.branches.some((b) => b.id === bandungId))).toBe(true);
    expect(inJakarta.data.every((e) => e.user.branches.some((b) => b.id === jakartaId))).toBe(true);
    // guru works in Bandung only.
    expect((await list('q=guru')).data.map((e) => e.user.uname)).toContain('guru');
    expect((await list('q=guru', keuanganJakarta)).data.map((e) => e.user.uname)).not.toContain('guru');
  });

  it('searches name, username and NIP, case-insensitively, with % and _ taken literally', async () => {
    const dewi = await findStaff('keuangan');
    expect((await list('q=dewi%20KARTIKA')).data.map((e) => e.id)).toEqual([dewi.id]);
    const byPart = (await list('q=kartika&limit=100')).data;
    expect(byPart.map((e) => e.id)).toContain(dewi.id);
    expect(byPart.every((e) => e.name.toLowerCase().includes('kartika'))).toBe(true);
    expect((await list('q=KEUANGAN')).data.map((e) => e.id)).toEqual([dewi.id]);
    expect((await list(`q=${dewi.nip}`)).data.map((e) => e.id)).toEqual([dewi.id]);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
  });

  it('orders by name by default, and by uname, nip or id either way', async () => {
    const names = (await list('limit=100')).data.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byNipDesc = (await list('orderby=nip&sort=desc&limit=100')).data.map((e) => e.nip ?? '');
    expect(byNipDesc).toEqual([...byNipDesc].sort().reverse());
    const byUname = (await list('orderby=uname&limit=100')).data.map((e) => e.user.uname);
    expect(byUname).toEqual([...byUname].sort());
  });

  it('refuses a bad query with 422', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'Jumlah per halaman harus 1 sampai 100'],
      ['limit=101', 'Jumlah per halaman harus 1 sampai 100'],
      ['page=abc', 'Halaman tidak valid'],
      ['orderby=password_hash', 'Urutan tidak valid'],
      ['sort=up', 'Arah urutan tidak valid'],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/api/employee?${query}`, keuangan.token);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message).toBe(message);
    }
  });

  it('is for finance editors only', async () => {
    expect((await call('GET', '/api/employee', guru)).statusCode).toBe(403);
    expect((await call('GET', '/api/employee')).statusCode).toBe(401);
  });
});

describe('GET /api/employee/{id}', () => {
  it('returns one employee of the active branch', async () => {
    const dewi = await findStaff('keuangan');
    expect(await ok<Employee>('GET', `/api/employee/${dewi.id}`, keuangan.token)).toEqual(dewi);
  });

  it('answers 404 for staff of another branch, unknown or malformed ids', async () => {
    const jakartaOnly = (await list('limit=100', keuanganJakarta)).data.find(
      (e) => e.user.branches.length === 1,
    ) as Employee;
    for (const id of [jakartaOnly.id, 999999, 'abc', '0']) {
      const res = await call('GET', `/api/employee/${id}`, keuangan.token);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: 'Data tidak ditemukan' });
    }
    expect((await call('GET', `/api/employee/${jakartaOnly.id}`, keuanganJakarta)).statusCode).toBe(200);
  });

  it('is for finance editors only', async () => {
    const dewi = await findStaff('keuangan');
    expect((await call('GET', `/api/employee/${dewi.id}`, guru)).statusCode).toBe(403);
  });
});

describe('POST /api/employee', () => {
  it('creates the employee and its user: a username from the name and the next NIP of this year', async () => {
    const res = await call('POST', '/api/employee', admin.token, newStaff({ roles: ['academic'] }));
    expect(res.statusCode).toBe(201);
    const created = res.json<Employee>();
    const year = todayIn().slice(0, 4);
    expect(created).toMatchObject({
      name: 'Budi Santoso',
      initial_degree: null,
      final_degree: 'S.Pd.',
      gender_id: 1,
      religion_id: religionId,
      ethnic_id: ethnicId,
      marital_status_id: 2,
      status: 1,
      pics: null,
      user: {
        uname: 'budi.santoso',
        roles: [{ slug: 'academic' }],
        branches: [{ id: bandungId }],
      },
    });
    expect(created.nip).toMatch(new RegExp(`^${year}\\d{4}$`));
    // The next one is numbered after it, and the same name gets the next free username.
    const again = await create();
    expect(again.user.uname).toBe('budi.santoso2');
    expect(Number(again.nip)).toBe(Number(created.nip) + 1);
    // The new user cannot sign in with a password (the suite's Google login is theirs).
    const [user] = await ctx.database.db
      .select({ hash: users.password_hash, utype: users.utype_name })
      .from(users)
      .where(eq(users.uname, 'budi.santoso'));
    expect(user).toEqual({ hash: '!', utype: 'Pegawai' });
  });

  it('keeps a NIP given by the caller, and refuses one already in use (409)', async () => {
    const created = await create({ name: 'Citra Lestari', nip: '19990001234' });
    expect(created.nip).toBe('19990001234');
    const res = await call('POST', '/api/employee', admin.token, newStaff({ nip: '19990001234' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('NIP sudah digunakan');
  });

  it('turns names without letters into a plain username', async () => {
    expect((await create({ name: 'Élodie Ñúñez' })).user.uname).toBe('elodie.nunez');
    expect((await create({ name: '---' })).user.uname).toBe('pegawai');
  });

  it('gives every validation message of the form, joined by commas, and stores nothing', async () => {
    const before = await list('');
    const res = await call('POST', '/api/employee', admin.token, {});
    expect(res.statusCode).toBe(422);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors).toMatchObject({
      name: ['Nama Tidak Boleh Kosong'],
      gender_id: ['Harap pilih salah satu'],
      religion_id: ['Agama Tidak Boleh Kosong'],
      ethnic_id: ['Suku Tidak Boleh Kosong'],
      marital_status_id: ['Harap pilih salah satu'],
      branch_ids: ['Harap pilih cabang minimal satu'],
    });
    expect(body.message.split(', ')).toEqual(
      expect.arrayContaining([
        'Nama Tidak Boleh Kosong',
        'Harap pilih salah satu',
        'Agama Tidak Boleh Kosong',
        'Suku Tidak Boleh Kosong',
        'Harap pilih cabang minimal satu',
        'Modul tidak valid',
      ]),
    );
    expect((await list('')).total).toBe(before.total);
  });

  it('refuses each invalid field on its own', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Nama Tidak Boleh Kosong'],
      [{ name: 'x'.repeat(151) }, 'Nama maksimal 150 karakter'],
      [{ gender_id: 3 }, 'Harap pilih salah satu'],
      [{ religion_id: null }, 'Agama Tidak Boleh Kosong'],
      [{ ethnic_id: '' }, 'Suku Tidak Boleh Kosong'],
      [{ marital_status_id: 99 }, 'Harap pilih salah satu'],
      [{ branch_ids: [] }, 'Harap pilih cabang minimal satu'],
      [{ nip: '12A' }, 'NIP hanya boleh berisi angka'],
      [{ roles: ['kepala-dunia'] }, 'Role tidak valid'],
      [{ fe: 'akademik' }, 'Modul tidak valid'],
      [{ religion_id: 9999 }, 'Agama tidak valid'],
      [{ ethnic_id: 9999 }, 'Suku tidak valid'],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', '/api/employee', admin.token, newStaff(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().message).toBe(message);
    }
  });

  it('lets only role assigners give roles, and only the roles of the add form', async () => {
    const byFinance = await call('POST', '/api/employee', keuangan.token, newStaff({ roles: ['academic'] }));
    expect(byFinance.statusCode).toBe(403);
    expect(byFinance.json().message).toBe('Anda tidak berhak mengatur role pegawai');
    for (const role of ['finance', 'superadmin', 'lecture']) {
      const res = await call('POST', '/api/employee', admin.token, newStaff({ roles: [role] }));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe('Role tersebut tidak dapat diatur dari formulir ini');
    }
    // Without roles a finance editor may add staff.
    expect((await create({ name: 'Tanpa Role' }, keuangan.token)).user.roles).toEqual([]);
  });

  it("accepts only the caller's own branches", async () => {
    const res = await call('POST', '/api/employee', single, newStaff({ branch_ids: [bandungId, jakartaId] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Anda tidak terdaftar di cabang tersebut');
    expect(
      (await call('POST', '/api/employee', admin.token, newStaff({ branch_ids: [9999] }))).statusCode,
    ).toBe(403);
    const both = await create({ name: 'Dua Cabang', branch_ids: [bandungId, jakartaId] });
    expect(both.user.branches.map((b) => b.id)).toEqual([bandungId, jakartaId]);
  });

  it('is refused to non-editors (403) and anonymous callers (401)', async () => {
    const res = await call('POST', '/api/employee', guru, newStaff());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Anda tidak memiliki akses ke modul keuangan');
    expect((await call('POST', '/api/employee', undefined, newStaff())).statusCode).toBe(401);
  });
});

describe('PUT /api/employee/{id}', () => {
  it('updates every field of the edit form and the user name', async () => {
    const employee = await create({ name: 'Eko Prasetyo' });
    const updated = await ok<Employee>(
      'PUT',
      `/api/employee/${employee.id}`,
      keuangan.token,
      editPayloadOf(employee, {
        name: '  Eko Prasetyo Wibowo ',
        initial_degree: 'Drs.',
        final_degree: 'M.Pd.',
        gender_id: 1,
        marital_status_id: 1,
        nip_pns: '198001012005011001',
        birth_place: 'Bandung',
        birth_date: '1980-01-01',
        nik: '3273010101800001',
        phone: '+62 812-3456-7890',
        address: 'Jl. Merdeka No. 1',
      }),
    );
    expect(updated).toMatchObject({
      id: employee.id,
      nip: employee.nip,
      name: 'Eko Prasetyo Wibowo',
      initial_degree: 'Drs.',
      final_degree: 'M.Pd.',
      marital_status_id: 1,
      nip_pns: '198001012005011001',
      birth_place: 'Bandung',
      birth_date: '1980-01-01',
      nik: '3273010101800001',
      phone: '+62 812-3456-7890',
      address: 'Jl. Merdeka No. 1',
      user: { uname: employee.user.uname },
    });
    const [user] = await ctx.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.uname, 'eko.prasetyo'));
    expect(user?.name).toBe('Eko Prasetyo Wibowo');

    // Clearing optional fields stores null; marital status 99 (Tidak Ditentukan) is kept on edit.
    const cleared = await ok<Employee>(
      'PUT',
      `/api/employee/${employee.id}`,
      keuangan.token,
      editPayloadOf(updated, { birth_date: '', nik: null, phone: '', marital_status_id: 99 }),
    );
    expect(cleared).toMatchObject({ birth_date: null, nik: null, phone: null, marital_status_id: 99 });
  });

  it('gives the validation messages and changes nothing', async () => {
    const employee = await create({ name: 'Fajar Nugroho' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Nama Tidak Boleh Kosong'],
      [{ gender_id: null }, 'Harap pilih salah satu'],
      [{ religion_id: undefined }, 'Agama Tidak Boleh Kosong'],
      [{ ethnic_id: 0 }, 'Suku Tidak Boleh Kosong'],
      [{ marital_status_id: 5 }, 'Harap pilih salah satu'],
      [{ branch_ids: [] }, 'Harap pilih cabang minimal satu'],
      [{ roles: [] }, 'Harap pilih role minimal satu'],
      [{ birth_date: '2001-02-30' }, 'Tanggal lahir tidak valid'],
      [{ birth_date: '3000-01-01' }, 'Tanggal lahir tidak valid'],
      [{ nik: '32-73' }, 'NIK hanya boleh berisi angka'],
      [{ nik: '1'.repeat(21) }, 'NIK maksimal 20 karakter'],
      [{ nip_pns: 'abc' }, 'NIP PNS hanya boleh berisi angka'],
      [{ phone: 'telepon' }, 'No. Handphone tidak valid'],
    ];
    for (const [overrides, message] of cases) {
      const res = await call(
        'PUT',
        `/api/employee/${employee.id}`,
        admin.token,
        editPayloadOf(employee, overrides),
      );
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect(await ok<Employee>('GET', `/api/employee/${employee.id}`, admin.token)).toEqual(employee);
  });

  it('lets role assigners change only the roles of the edit form, keeping the others', async () => {
    const employee = await create({ name: 'Gita Permata', roles: ['academic'] });
    const url = `/api/employee/${employee.id}`;
    const withFinance = await ok<Employee>(
      'PUT',
      url,
      admin.token,
      editPayloadOf(employee, { roles: ['academic', 'finance'] }),
    );
    expect(withFinance.user.roles.map((r) => r.slug)).toEqual(['finance', 'academic']);

    const removeAcademic = await call(
      'PUT',
      url,
      admin.token,
      editPayloadOf(employee, { roles: ['finance'] }),
    );
    expect(removeAcademic.statusCode).toBe(403);
    expect(removeAcademic.json().message).toBe('Role tersebut tidak dapat diatur dari formulir ini');
    const addAdmin = await call(
      'PUT',
      url,
      admin.token,
      editPayloadOf(employee, { roles: ['academic', 'finance', 'admin'] }),
    );
    expect(addAdmin.statusCode).toBe(403);

    // A finance editor senior to the staff member who may not assign roles (a finance manager): sending the
    // roles unchanged is fine, changing them is not.
    expect(
      (await call('PUT', url, single, editPayloadOf(employee, { roles: ['finance', 'academic'] })))
        .statusCode,
    ).toBe(200);
    const byManager = await call('PUT', url, single, editPayloadOf(employee, { roles: ['academic'] }));
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe('Anda tidak berhak mengatur role pegawai');
    // Without `roles` the roles stay.
    const untouched = await ok<Employee>('PUT', url, single, editPayloadOf(employee));
    expect(untouched.user.roles.map((r) => r.slug)).toEqual(['finance', 'academic']);
    // A finance colleague is not senior to them: no change at all.
    const byPeer = await call('PUT', url, keuangan.token, editPayloadOf(employee));
    expect(byPeer.statusCode).toBe(403);
    expect(byPeer.json().message).toBe('Anda tidak berhak mengubah data pegawai ini');
  });

  it("changes only the caller's branches and keeps the staff member's others", async () => {
    const employee = await create({ name: 'Hendra Gunawan', branch_ids: [bandungId, jakartaId] });
    const url = `/api/employee/${employee.id}`;
    // The Bandung-only manager sends only Bandung (their one checkbox): Jakarta stays.
    const kept = await ok<Employee>('PUT', url, single, editPayloadOf(employee, { branch_ids: [bandungId] }));
    expect(kept.user.branches.map((b) => b.id)).toEqual([bandungId, jakartaId]);
    const refused = await call('PUT', url, single, editPayloadOf(employee, { branch_ids: [jakartaId] }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Anda tidak terdaftar di cabang tersebut');
    // A two-branch caller may move them to Jakarta only; then Bandung no longer sees them.
    const moved = await ok<Employee>(
      'PUT',
      url,
      admin.token,
      editPayloadOf(employee, { branch_ids: [jakartaId] }),
    );
    expect(moved.user.branches.map((b) => b.id)).toEqual([jakartaId]);
    expect((await call('GET', url, keuangan.token)).statusCode).toBe(404);
  });

  it('answers 404 for staff of another branch', async () => {
    const employee = await create({ name: 'Indah Jakarta', branch_ids: [jakartaId] });
    const res = await call('PUT', `/api/employee/${employee.id}`, keuangan.token, editPayloadOf(employee));
    expect(res.statusCode).toBe(404);
  });

  it('is refused to non-editors', async () => {
    const employee = await findStaff('guru');
    const res = await call('PUT', `/api/employee/${employee.id}`, guru, editPayloadOf(employee));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Anda tidak memiliki akses ke modul keuangan');
  });
});

describe('DELETE /api/employee/{id}', () => {
  it('deletes the employee and its user', async () => {
    const employee = await create({ name: 'Joko Hapus', roles: ['academic'] });
    expect(await ok('DELETE', `/api/employee/${employee.id}`, keuangan.token)).toEqual({
      message: 'Data berhasil dihapus',
    });
    expect((await call('GET', `/api/employee/${employee.id}`, keuangan.token)).statusCode).toBe(404);
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.uname, employee.user.uname));
    expect(left?.n).toBe(0);
  });

  it('refuses staff still referred to (a homeroom teacher) with 409, and deletes nothing', async () => {
    const [homeroom] = await ctx.database.db
      .select({ id: employees.id })
      .from(classes)
      .innerJoin(employees, eq(employees.id, classes.employee_id))
      .where(and(isNotNull(classes.employee_id), eq(classes.branch_id, bandungId)))
      .limit(1);
    const res = await call('DELETE', `/api/employee/${homeroom?.id}`, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Data masih digunakan atau terkait dengan data lain');
    expect((await call('GET', `/api/employee/${homeroom?.id}`, admin.token)).statusCode).toBe(200);
  });

  it('refuses the caller themselves, and staff also working in a branch the caller is not in', async () => {
    const self = await findStaff('keuangan');
    const own = await call('DELETE', `/api/employee/${self.id}`, keuangan.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Anda tidak dapat menghapus data Anda sendiri');

    const both = await create({ name: 'Kartini Dua', branch_ids: [bandungId, jakartaId] });
    const res = await call('DELETE', `/api/employee/${both.id}`, single);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Pegawai ini juga terdaftar di cabang yang bukan cabang Anda');
  });

  it('answers 404 for another branch and 403 for non-editors', async () => {
    const jakarta = await create({ name: 'Lukman Jakarta', branch_ids: [jakartaId] });
    expect((await call('DELETE', `/api/employee/${jakarta.id}`, keuangan.token)).statusCode).toBe(404);
    const bandung = await create({ name: 'Maya Bandung' });
    expect((await call('DELETE', `/api/employee/${bandung.id}`, guru)).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Photo

/** A real PNG of `size`×`size` black pixels. */
function png(size = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((size * 3 + 1) * size))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A real JPEG of `size`×`size` grey pixels. */
const jpeg = (size = 8) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#777' } })
    .jpeg()
    .toBuffer();

function upload(
  id: number,
  token: string | undefined,
  file: { field?: string; name: string; type: string; bytes: Buffer },
) {
  const boundary = '----keuangan-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'pics'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/employee-photo/${id}`,
    payload,
    headers: { ...(token ? bearer(token) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('POST /api/employee-photo/{id}', () => {
  it('stores a PNG or JPEG under a generated name, serves it back and removes the replaced one', async () => {
    const employee = await create({ name: 'Nina Foto' });
    const first = await upload(employee.id, keuangan.token, {
      name: '../../evil.png',
      type: 'image/png',
      bytes: png(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const withPng = first.json<Employee>();
    expect(withPng.pics).toMatch(new RegExp(`^${employee.id}-[0-9a-f]{16}\\.png$`));
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/employees/${withPng.pics}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Re-encoded: the same picture, not the same bytes.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });

    // The type comes from the bytes: JPEG bytes named .png with a PNG content type are stored as .jpg.
    const second = await upload(employee.id, keuangan.token, {
      name: 'foto.png',
      type: 'image/png',
      bytes: await jpeg(),
    });
    const withJpeg = second.json<Employee>();
    expect(withJpeg.pics).toMatch(/\.jpg$/);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/uploads/employees/${withJpeg.pics}` })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/uploads/employees/${withPng.pics}` })).statusCode,
    ).toBe(404);
    expect((await ok<Employee>('GET', `/api/employee/${employee.id}`, keuangan.token)).pics).toBe(
      withJpeg.pics,
    );
  });

  it('serves the default photo', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/employees/default.png' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(true);
  });

  it('refuses what is not a JPEG or PNG by its bytes, whatever its name, and keeps the record', async () => {
    const employee = await create({ name: 'Oki Salah' });
    const files = [
      { name: 'foto.png', type: 'image/png', bytes: Buffer.from('bukan gambar') },
      { name: 'foto.gif', type: 'image/gif', bytes: Buffer.from('GIF89a......') },
      { name: 'kosong.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) },
    ];
    for (const file of files) {
      const res = await upload(employee.id, keuangan.token, file);
      expect(res.statusCode, file.name).toBe(422);
      expect(res.json()).toEqual({
        message: 'File harus berupa jpg atau png',
        errors: { pics: ['File harus berupa jpg atau png'] },
      });
    }
    expect(await ok<Employee>('GET', `/api/employee/${employee.id}`, keuangan.token)).toEqual(employee);
  });

  it('refuses a file over 2 MB with 413, and a request without the pics file with 422', async () => {
    const employee = await create({ name: 'Putri Besar' });
    const big = await upload(employee.id, keuangan.token, {
      name: 'besar.jpg',
      type: 'image/jpeg',
      // Over the limit: refused while reading, before any decoding.
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Ukuran foto maksimal 2 MB');

    const wrongField = await upload(employee.id, keuangan.token, {
      field: 'photo',
      name: 'a.png',
      type: 'image/png',
      bytes: png(),
    });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().message).toBe('Foto tidak boleh kosong');
    const json = await call('POST', `/api/employee-photo/${employee.id}`, keuangan.token, { pics: 'x' });
    expect(json.statusCode).toBe(422);
    expect((await ok<Employee>('GET', `/api/employee/${employee.id}`, keuangan.token)).pics).toBeNull();
  });

  it('answers 404 for another branch, 403 for non-editors', async () => {
    const jakarta = await create({ name: 'Rudi Jakarta', branch_ids: [jakartaId] });
    const file = { name: 'a.png', type: 'image/png', bytes: png() };
    expect((await upload(jakarta.id, keuangan.token, file)).statusCode).toBe(404);
    const guruEmployee = await findStaff('guru');
    expect((await upload(guruEmployee.id, guru, file)).statusCode).toBe(403);
    expect((await upload(guruEmployee.id, undefined, file)).statusCode).toBe(401);
  });
});

describe('NIP numbering', () => {
  it('continues after the highest NIP of this year, whatever order they were made in', async () => {
    const year = todayIn().slice(0, 4);
    await create({ name: 'Sari Nomor', nip: `${year}0950` });
    expect((await create({ name: 'Tono Nomor' })).nip).toBe(`${year}0951`);
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(employees)
      .where(sql`${employees.nip} = ${`${year}0951`}`);
    expect(row?.n).toBe(1);
  });
});

describe('staff changes in the audit log', () => {
  it('records an add, an edit (only the fields it changed) and a delete, once each', async () => {
    const recordsOf = async (employeeId: number) =>
      ctx.database.db
        .select({ action: audit_logs.action, before: audit_logs.before, after: audit_logs.after })
        .from(audit_logs)
        .where(and(eq(audit_logs.entity, 'employee'), eq(audit_logs.entity_id, employeeId)))
        .orderBy(audit_logs.id);
    const employee = await create({ name: 'Audit Pegawai' });
    await ok<Employee>('PUT', `/api/employee/${employee.id}`, keuangan.token, editPayloadOf(employee, {}));
    await ok<Employee>(
      'PUT',
      `/api/employee/${employee.id}`,
      keuangan.token,
      editPayloadOf(employee, { phone: '0812222' }),
    );
    await ok('DELETE', `/api/employee/${employee.id}`, keuangan.token);
    const records = await recordsOf(employee.id);
    // The save that changed nothing writes no record; the one that changed the phone says the phone only.
    expect(records.map((r) => r.action)).toEqual(['staff.create', 'staff.update', 'staff.delete']);
    expect(records[1]?.before).toEqual({ phone: null });
    expect(records[1]?.after).toEqual({ phone: '0812222' });
  });

  it("records the roles and the branches when they change, and each changed field's old and new value", async () => {
    const employee = await create({ name: 'Audit Peran', roles: ['academic'], branch_ids: [bandungId] });
    await ok<Employee>(
      'PUT',
      `/api/employee/${employee.id}`,
      admin.token,
      editPayloadOf(employee, {
        name: 'Audit Peran Baru',
        roles: ['academic', 'finance'],
        branch_ids: [bandungId, jakartaId],
      }),
    );
    const [record] = await ctx.database.db
      .select({ before: audit_logs.before, after: audit_logs.after })
      .from(audit_logs)
      .where(
        and(
          eq(audit_logs.action, 'staff.update'),
          eq(audit_logs.entity, 'employee'),
          eq(audit_logs.entity_id, employee.id),
        ),
      );
    expect(record?.before).toEqual({ name: 'Audit Peran', roles: ['academic'], branch_ids: [bandungId] });
    expect(record?.after).toEqual({
      name: 'Audit Peran Baru',
      roles: ['academic', 'finance'],
      branch_ids: [bandungId, jakartaId],
    });
  });
});
