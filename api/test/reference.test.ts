import type {
  ClassRef,
  DepartmentRef,
  RefItem,
  Role,
  YearOfStudyRef,
  YosPeriode,
} from '@keuangan/shared/contract';
import { ROLE_SLUGS } from '@keuangan/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from './helpers';

let ctx: TestContext;
let bandung: string; // keuangan's token in Bandung
let jakarta: string; // keuangan's token in Jakarta
let guru: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const session = await login(ctx.app, 'keuangan');
  bandung = session.token;
  const jakartaId = session.user.branches[1]?.id;
  jakarta = (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/set-active-branch/${jakartaId}`,
      headers: bearer(bandung),
    })
  ).json().token;
  // Leave keuangan's next sign-in in Bandung again.
  await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/set-active-branch/${session.user.branches[0]?.id}`,
    headers: bearer(jakarta),
  });
  guru = (await login(ctx.app, 'guru')).token;
});
afterAll(() => ctx.close());

async function get<T>(url: string, token?: string, status = 200): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  return res.json<T>();
}

describe('global reference lists (any session)', () => {
  it('lists religions, ethnics and roles', async () => {
    const religions = await get<RefItem[]>('/api/ref-religions-getall', guru);
    expect(religions.map((r) => r.name)).toEqual([
      'Islam',
      'Kristen',
      'Katolik',
      'Hindu',
      'Buddha',
      'Konghucu',
    ]);
    const ethnics = await get<RefItem[]>('/api/ref-ethnics-getall', guru);
    expect(ethnics.map((e) => e.name)).toEqual(
      expect.arrayContaining(['Jawa', 'Sunda', 'Batak', 'Minang', 'Betawi', 'Bugis']),
    );
    const roles = await get<Role[]>('/api/ref-roles-getall', bandung);
    expect(roles.map((r) => r.slug)).toEqual([...ROLE_SLUGS]);
    expect(roles[0]).toEqual({
      id: expect.any(Number),
      slug: 'superadmin',
      title: 'Super Admin',
      bg_color: '#722ed1',
    });
  });

  it('needs a session', async () => {
    for (const path of ['religions', 'ethnics', 'roles']) {
      const body = await get<{ message: string }>(`/api/ref-${path}-getall`, undefined, 401);
      expect(body.message).toMatch(/login kembali/);
    }
  });
});

describe('branch reference lists (finance editors, active branch only)', () => {
  const branchLists = [
    '/api/ref-department-getall',
    '/api/ref-fee-types-getall',
    '/api/ref-year-of-study-getall',
    '/api/ref-level-getall',
    '/api/ref-class-getall',
    '/api/ref-yos-periode-getall',
  ];

  it('refuses non-editors (403) and anonymous callers (401)', async () => {
    for (const url of branchLists) {
      expect(await get(url, guru, 403)).toEqual({ message: 'Anda tidak memiliki akses ke modul keuangan' });
      await get(url, undefined, 401);
    }
  });

  it('lists departments by sequence, different per branch', async () => {
    const here = await get<DepartmentRef[]>('/api/ref-department-getall', bandung);
    const there = await get<DepartmentRef[]>('/api/ref-department-getall', jakarta);
    expect(here.map((d) => d.name)).toEqual(['SD', 'SMP']);
    expect(there.map((d) => d.name)).toEqual(['SD', 'SMP']);
    expect(here.map((d) => d.id)).not.toEqual(there.map((d) => d.id));
  });

  it('lists fee types', async () => {
    const types = await get<RefItem[]>('/api/ref-fee-types-getall', bandung);
    expect(types.map((t) => t.name)).toEqual(
      expect.arrayContaining(['SPP', 'Uang Gedung', 'Seragam', 'Buku', 'Kegiatan']),
    );
  });

  it('filters years, levels, classes and periods by their parents', async () => {
    const [sd, smp] = await get<DepartmentRef[]>('/api/ref-department-getall', bandung);
    const years = await get<YearOfStudyRef[]>(
      `/api/ref-year-of-study-getall?department_id=${smp?.id}`,
      bandung,
    );
    expect(years).toHaveLength(2);
    expect(years.every((y) => y.department_id === smp?.id)).toBe(true);
    expect((years[0]?.start_date ?? '') > (years[1]?.start_date ?? '')).toBe(true); // newest first

    const levels = await get<RefItem[]>(`/api/ref-level-getall?department_id=${sd?.id}`, bandung);
    expect(levels.map((l) => l.name)).toEqual([
      'Kelas 1',
      'Kelas 2',
      'Kelas 3',
      'Kelas 4',
      'Kelas 5',
      'Kelas 6',
    ]);

    const sdYears = await get<YearOfStudyRef[]>(
      `/api/ref-year-of-study-getall?department_id=${sd?.id}`,
      bandung,
    );
    const query = `department_id=${sd?.id}&level_id=${levels[0]?.id}&year_of_study_id=${sdYears[0]?.id}`;
    const classes = await get<ClassRef[]>(`/api/ref-class-getall?${query}`, bandung);
    expect(classes.map((c) => c.name)).toEqual(['1A', '1B']);
    expect(classes[0]).toMatchObject({
      level_id: levels[0]?.id,
      year_of_study_id: sdYears[0]?.id,
      capacity: 28,
    });

    const periods = await get<YosPeriode[]>(
      `/api/ref-yos-periode-getall?year_of_study_id=${sdYears[0]?.id}`,
      bandung,
    );
    expect(periods.map((p) => p.periode.name)).toEqual(['Semester Ganjil', 'Semester Genap']);
    const start = Number(sdYears[0]?.name.slice(0, 4));
    expect(periods[0]).toMatchObject({ start_date: `${start}-07-01`, end_date: `${start}-12-31` });
    expect(periods[1]).toMatchObject({ start_date: `${start + 1}-01-01`, end_date: `${start + 1}-06-30` });
  });

  it('returns nothing for a parent id of another branch', async () => {
    const [jakartaSd] = await get<DepartmentRef[]>('/api/ref-department-getall', jakarta);
    const jakartaYears = await get<YearOfStudyRef[]>(
      `/api/ref-year-of-study-getall?department_id=${jakartaSd?.id}`,
      jakarta,
    );
    expect(jakartaYears.length).toBeGreaterThan(0);
    // The same ids asked from a Bandung session.
    expect(await get(`/api/ref-year-of-study-getall?department_id=${jakartaSd?.id}`, bandung)).toEqual([]);
    expect(await get(`/api/ref-level-getall?department_id=${jakartaSd?.id}`, bandung)).toEqual([]);
    expect(await get(`/api/ref-class-getall?department_id=${jakartaSd?.id}`, bandung)).toEqual([]);
    expect(await get(`/api/ref-yos-periode-getall?year_of_study_id=${jakartaYears[0]?.id}`, bandung)).toEqual(
      [],
    );
  });

  it('rejects a filter that is not an id (422), ignores an empty one', async () => {
    const body = await get<{ message: string; errors: Record<string, string[]> }>(
      '/api/ref-class-getall?department_id=abc&level_id=-1',
      bandung,
      422,
    );
    expect(body.message).toBe('Departemen tidak valid, Tingkat tidak valid');
    expect(body.errors).toEqual({
      department_id: ['Departemen tidak valid'],
      level_id: ['Tingkat tidak valid'],
    });
    const all = await get<ClassRef[]>('/api/ref-class-getall?department_id=', bandung);
    expect(all.length).toBeGreaterThan(2);
  });
});
