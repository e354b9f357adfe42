import {
  type ClassRef,
  type DepartmentRef,
  type FeeComponentCopyResponse,
  type FeeComponentGenerateResponse,
  type FeeTypeRef,
  type LevelRef,
  type Paged,
  periodMonths,
  type StudentFeeComponent,
  type YearOfStudyRef,
  type YosPeriode,
} from '@keuangan/shared/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  class_students,
  departments,
  levels,
  student_auto_fees,
  student_fee_components,
  years_of_study,
  yos_periodes,
} from '../src/db/schema';
import { addMonths, monthOf, todayIn } from '../src/lib/time';
import { call as callApp, createTestContext, login, type TestContext } from './helpers';

let ctx: TestContext;
let bandung: string; // keuangan, active branch Bandung
let jakarta: string; // keuangan, active branch Jakarta
let guru: string;

/** The six filters of a class-month, and the same as a query string. */
interface Filter {
  department_id: number;
  year_of_study_id: number;
  yos_periode_id: number;
  level_id: number;
  class_id: number;
  mm: string;
}
const queryOf = (f: object) =>
  new URLSearchParams(Object.entries(f).map(([k, value]): [string, string] => [k, String(value)])).toString();

const call = <T = { message: string; errors?: Record<string, string[]> }>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: unknown,
) => callApp<T>(ctx.app, method, url, token, payload).then(({ status, body }) => ({ status, body }));

const thisMonth = monthOf(todayIn());
const lastMonth = addMonths(thisMonth, -1);

/** Bandung, SD, the current year, the period holding today, Kelas 1, class 1A. */
let base: Omit<Filter, 'mm'>;
let otherLevelClass: ClassRef; // 2A: a class of another level
let months: string[]; // the period's months
let free: [string, string]; // two consecutive months of the period without seeded components
let feeTypes: FeeTypeRef[];
let sppPriceThisMonth: number;

const seeded = (): Filter => ({ ...base, mm: thisMonth });
const list = (f: Filter, token = bandung, extra = '') =>
  call<Paged<StudentFeeComponent>>('GET', `/api/student-fee-component?${queryOf(f)}${extra}`, token);

beforeAll(async () => {
  ctx = await createTestContext();
  const session = await login(ctx.app, 'keuangan');
  bandung = session.token;
  const jakartaId = session.user.branches[1]?.id;
  jakarta = (await call<{ token: string }>('GET', `/api/auth/set-active-branch/${jakartaId}`, bandung)).body
    .token;
  await call('GET', `/api/auth/set-active-branch/${session.user.branches[0]?.id}`, jakarta);
  guru = (await login(ctx.app, 'guru')).token;

  const get = async <T>(url: string) => (await call<T>('GET', url, bandung)).body;
  const [sd] = await get<DepartmentRef[]>('/api/ref-department-getall');
  const [year] = await get<YearOfStudyRef[]>(`/api/ref-year-of-study-getall?department_id=${sd?.id}`);
  const periods = await get<YosPeriode[]>(`/api/ref-yos-periode-getall?year_of_study_id=${year?.id}`);
  const period = periods.find((p) => periodMonths(p.start_date, p.end_date).includes(thisMonth));
  const [level1, level2] = await get<LevelRef[]>(`/api/ref-level-getall?department_id=${sd?.id}`);
  const classQuery = (level?: LevelRef) =>
    `/api/ref-class-getall?department_id=${sd?.id}&level_id=${level?.id}&year_of_study_id=${year?.id}`;
  const [class1a] = await get<ClassRef[]>(classQuery(level1));
  [otherLevelClass] = (await get<ClassRef[]>(classQuery(level2))) as [ClassRef];
  if (!sd || !year || !period || !level1 || !class1a) throw new Error('the demo data lacks SD 1A');
  base = {
    department_id: sd.id,
    year_of_study_id: year.id,
    yos_periode_id: period.id,
    level_id: level1.id,
    class_id: class1a.id,
  };
  months = periodMonths(period.start_date, period.end_date);
  // Every period has two such months whatever today is (the seed fills only this month and last month).
  const empty = months.filter((m) => m !== thisMonth && m !== lastMonth);
  const start = empty.find((m) => empty.includes(addMonths(m, 1)));
  if (!start) throw new Error('no two free months in the period');
  free = [start, addMonths(start, 1)];
  feeTypes = await get<FeeTypeRef[]>('/api/ref-fee-types-getall');
  const rows = (await list(seeded())).body.data;
  sppPriceThisMonth = rows.find((r) => r.name === 'SPP')?.price ?? 0;
});
afterAll(() => ctx.close());

const feeType = (name: string) => feeTypes.find((t) => t.name === name)?.id as number;

/** A valid create payload in a free month. */
const newComponent = (overrides: object = {}) => ({
  ...base,
  mm: free[0],
  fee_type_id: feeType('Seragam'),
  ftype: 1,
  name: 'Seragam Olahraga',
  price: 185_000,
  description: 'Satu stel',
  ...overrides,
});

async function create(overrides: object = {}): Promise<StudentFeeComponent> {
  const res = await call<StudentFeeComponent>(
    'POST',
    '/api/student-fee-component',
    bandung,
    newComponent(overrides),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function removeAll(f: Filter) {
  await ctx.database.db
    .delete(student_fee_components)
    .where(and(eq(student_fee_components.class_id, f.class_id), eq(student_fee_components.mm, f.mm)));
}

describe('the list call GET /api/student-fee-component', () => {
  it("lists the class-month's components with fee type and lock state", async () => {
    const { status, body } = await list(seeded());
    expect(status).toBe(200);
    expect(body.data.map((r) => r.name)).toEqual([
      'SPP',
      'Kegiatan Siswa',
      'Ekstrakurikuler',
      'Sumbangan Pengembangan Sekolah',
      'Buku Paket Semester',
    ]);
    expect(body).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, from: 1, total: 5 });
    const [spp] = body.data;
    expect(spp).toMatchObject({ ...seeded(), ftype: 1, fee_type: { name: 'SPP' } });
    expect(spp?.price).toBeGreaterThan(0);
    // Every seeded component is already on the students' bills.
    expect(body.data.every((r) => r.student_billing_item !== null)).toBe(true);
  });

  it('pages, searches and orders', async () => {
    const page2 = (await list(seeded(), bandung, '&page=2&limit=2')).body;
    expect(page2).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, from: 3, total: 5 });
    expect(page2.data.map((r) => r.name)).toEqual(['Ekstrakurikuler', 'Sumbangan Pengembangan Sekolah']);
    const found = (await list(seeded(), bandung, '&q=kegiatan')).body;
    expect(found.data.map((r) => r.name)).toEqual(['Kegiatan Siswa']);
    expect((await list(seeded(), bandung, '&q=100%25')).body.total).toBe(0); // '%' is literal
    const byPrice = (await list(seeded(), bandung, '&orderby=price&sort=desc')).body.data.map((r) => r.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
    const past = (await list(seeded(), bandung, '&page=9')).body;
    expect(past).toMatchObject({ data: [], from: null, total: 5 });
  });

  it('needs all six filters', async () => {
    const res = await call('GET', '/api/student-fee-component', bandung);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'filter Departemen is required, filter Tahun Ajaran is required, filter Periode KBM is required, ' +
        'filter Tingkat is required, filter Kelas is required, filter Bulan is required',
    );
    const { class_id: _omitted, ...noClass } = seeded();
    expect((await call('GET', `/api/student-fee-component?${queryOf(noClass)}`, bandung)).body.message).toBe(
      'filter Kelas is required',
    );
    const bad = await list({ ...seeded(), mm: '2026-13' }, bandung, '&limit=500');
    expect(bad.status).toBe(422);
    expect((bad.body as unknown as { message: string }).message).toBe(
      'Bulan tidak valid, Jumlah per halaman harus 1 sampai 100',
    );
  });

  it('refuses non-editors and anonymous callers', async () => {
    expect((await list(seeded(), guru)).status).toBe(403);
    expect((await call('GET', `/api/student-fee-component?${queryOf(seeded())}`, undefined)).status).toBe(
      401,
    );
    expect((await call('POST', '/api/student-fee-component-batch', guru, seeded())).status).toBe(403);
  });
});

describe('generate (POST /api/student-fee-component-batch)', () => {
  it("creates the level's default fees once: running it twice creates nothing new", async () => {
    const target = { ...base, mm: free[0] };
    await removeAll(target);
    const first = await call<FeeComponentGenerateResponse>(
      'POST',
      '/api/student-fee-component-batch',
      bandung,
      target,
    );
    expect(first).toEqual({
      status: 200,
      body: { message: 'Berhasil Generate Komponen', created: 4, skipped: 0 },
    });
    const second = await call<FeeComponentGenerateResponse>(
      'POST',
      '/api/student-fee-component-batch',
      bandung,
      target,
    );
    expect(second.body).toEqual({ message: 'Berhasil Generate Komponen', created: 0, skipped: 4 });

    const rows = (await list(target)).body.data;
    expect(rows.map((r) => [r.name, r.ftype, r.student_billing_item])).toEqual([
      ['SPP', 1, null],
      ['Kegiatan Siswa', 1, null],
      ['Ekstrakurikuler', 1, null],
      ['Sumbangan Pengembangan Sekolah', 0, null],
    ]);
    // The defaults are the prices the seeded months were generated with.
    expect(rows[0]?.price).toBe(sppPriceThisMonth);
    await removeAll(target);
  });

  it('adds only the missing fee types, and skips a month that already has them all', async () => {
    const target = { ...base, mm: free[0] };
    await removeAll(target);
    await create({ fee_type_id: feeType('SPP'), name: 'SPP khusus', price: 1 });
    const res = await call<FeeComponentGenerateResponse>(
      'POST',
      '/api/student-fee-component-batch',
      bandung,
      target,
    );
    expect(res.body).toMatchObject({ created: 3, skipped: 1 });
    expect((await list(target)).body.data.find((r) => r.fee_type.name === 'SPP')?.price).toBe(1);
    const seededMonth = await call<FeeComponentGenerateResponse>(
      'POST',
      '/api/student-fee-component-batch',
      bandung,
      seeded(),
    );
    expect(seededMonth.body).toMatchObject({ created: 0, skipped: 4 });
    await removeAll(target);
  });

  it('creates nothing for a level without default fees', async () => {
    const target = { ...base, mm: free[0] };
    await removeAll(target);
    const saved = await ctx.database.db
      .delete(student_auto_fees)
      .where(eq(student_auto_fees.level_id, base.level_id))
      .returning();
    try {
      const res = await call<FeeComponentGenerateResponse>(
        'POST',
        '/api/student-fee-component-batch',
        bandung,
        target,
      );
      expect(res.body).toMatchObject({ created: 0, skipped: 0 });
    } finally {
      await ctx.database.db.insert(student_auto_fees).values(saved);
    }
  });

  it('refuses filters that do not describe one class-month (422), of another branch (404)', async () => {
    const cases: [object, string][] = [
      [{}, 'filter Departemen is required'],
      [{ ...base, mm: '' }, 'filter Bulan is required'],
      [
        { ...base, class_id: otherLevelClass.id, mm: free[0] },
        'Kelas tidak sesuai dengan Tingkat dan Tahun Ajaran',
      ],
      [
        { ...base, mm: addMonths(months[months.length - 1] as string, 1) },
        'Bulan tidak termasuk dalam Periode KBM',
      ],
    ];
    // Ids of the branch that belong to another department or year (the checks run in one statement).
    const db = ctx.database.db;
    const [department] = await db
      .select({ branch_id: departments.branch_id })
      .from(departments)
      .where(eq(departments.id, base.department_id));
    const branchId = department?.branch_id ?? 0;
    const [otherYear] = await db
      .select({ id: years_of_study.id })
      .from(years_of_study)
      .where(
        and(eq(years_of_study.branch_id, branchId), ne(years_of_study.department_id, base.department_id)),
      );
    const [otherPeriod] = await db
      .select({ id: yos_periodes.id })
      .from(yos_periodes)
      .where(
        and(eq(yos_periodes.branch_id, branchId), ne(yos_periodes.year_of_study_id, base.year_of_study_id)),
      );
    const [otherLevel] = await db
      .select({ id: levels.id })
      .from(levels)
      .where(and(eq(levels.branch_id, branchId), ne(levels.department_id, base.department_id)));
    if (!otherYear || !otherPeriod || !otherLevel) throw new Error('the demo data has one department only');
    cases.push(
      [
        { ...base, year_of_study_id: otherYear.id, mm: free[0] },
        'Tahun Ajaran tidak sesuai dengan Departemen',
      ],
      [
        { ...base, yos_periode_id: otherPeriod.id, mm: free[0] },
        'Periode KBM tidak sesuai dengan Tahun Ajaran',
      ],
      [{ ...base, level_id: otherLevel.id, mm: free[0] }, 'Tingkat tidak sesuai dengan Departemen'],
    );
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/student-fee-component-batch', bandung, payload);
      expect(res.status, message).toBe(422);
      expect(res.body.message.split(', ')[0]).toBe(message);
    }
    const other = await call('POST', '/api/student-fee-component-batch', jakarta, { ...base, mm: free[0] });
    expect(other).toEqual({ status: 404, body: { message: 'Data tidak ditemukan' } });
    expect((await list({ ...base, mm: free[0] })).body.total).toBe(0);
  });
});

describe('copy the previous month (POST /api/student-fee-component-copy-prev-month)', () => {
  it("copies the class's previous month, says how many, and skips what is already there", async () => {
    const [source, target] = free;
    await removeAll({ ...base, mm: source });
    await removeAll({ ...base, mm: target });
    await call('POST', '/api/student-fee-component-batch', bandung, { ...base, mm: source });
    const sourceRows = (await list({ ...base, mm: source })).body.data;
    const spp = sourceRows.find((r) => r.name === 'SPP') as StudentFeeComponent;
    await call('POST', `/api/student-fee-component-xupdate/${spp.id}`, bandung, {
      field: 'price',
      value: 123_000,
    });

    const url = '/api/student-fee-component-copy-prev-month';
    const first = await call<FeeComponentCopyResponse>('POST', url, bandung, { ...base, mm: target });
    expect(first).toEqual({
      status: 200,
      body: {
        message: 'Berhasil Menyalin Komponen Bulan Sebelumnya',
        source_mm: source,
        copied: 4,
        skipped: 0,
      },
    });
    const copies = (await list({ ...base, mm: target })).body.data;
    expect(copies.map((r) => [r.name, r.price, r.ftype, r.yos_periode_id])).toEqual(
      sourceRows.map((r) => [r.name, r.name === 'SPP' ? 123_000 : r.price, r.ftype, base.yos_periode_id]),
    );
    const sourceIds = new Set(sourceRows.map((r) => r.id));
    expect(copies.some((r) => sourceIds.has(r.id))).toBe(false);

    const again = await call<FeeComponentCopyResponse>('POST', url, bandung, { ...base, mm: target });
    expect(again.body).toMatchObject({ copied: 0, skipped: 4 });

    // Delete one copy: only that one comes back.
    const kegiatan = copies.find((r) => r.name === 'Kegiatan Siswa') as StudentFeeComponent;
    await call('DELETE', `/api/student-fee-component/${kegiatan.id}`, bandung);
    const partial = await call<FeeComponentCopyResponse>('POST', url, bandung, { ...base, mm: target });
    expect(partial.body).toMatchObject({ copied: 1, skipped: 3 });
    expect((await list({ ...base, mm: target })).body.total).toBe(4);
  });

  it('copies nothing when the previous month has no components', async () => {
    const [source, target] = free;
    await removeAll({ ...base, mm: source });
    await removeAll({ ...base, mm: target });
    const res = await call<FeeComponentCopyResponse>(
      'POST',
      '/api/student-fee-component-copy-prev-month',
      bandung,
      {
        ...base,
        mm: target,
      },
    );
    expect(res.body).toEqual({
      message: 'Berhasil Menyalin Komponen Bulan Sebelumnya',
      source_mm: source,
      copied: 0,
      skipped: 0,
    });
  });

  it('works only in the branch of the session', async () => {
    const res = await call('POST', '/api/student-fee-component-copy-prev-month', jakarta, {
      ...base,
      mm: free[1],
    });
    expect(res.status).toBe(404);
  });
});

describe('create, read, update, delete', () => {
  it('refuses an empty form with every message of the spec, in form order', async () => {
    const res = await call('POST', '/api/student-fee-component', bandung, {});
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      [
        'Departemen Tidak Boleh Kosong',
        'Tahun Ajaran Tidak Boleh Kosong',
        'Periode KBM Tidak Boleh Kosong',
        'Tingkat Tidak Boleh Kosong',
        'Kelas Tidak Boleh Kosong',
        'Bulan Tidak Boleh Kosong',
        'Tipe Komponen Tidak Boleh Kosong',
        'Harap pilih salah satu',
        'Nama tidak boleh kosong',
        'Biaya tidak boleh kosong',
      ].join(', '),
    );
    expect(res.body.errors?.ftype).toEqual(['Harap pilih salah satu']);
  });

  it('refuses bad values with a clear message and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ price: 1500.5 }, 'Biaya harus bilangan bulat'],
      [{ price: -1 }, 'Biaya tidak boleh kurang dari 0'],
      [{ price: '150000' }, 'Biaya tidak boleh kosong'],
      [{ name: '   ' }, 'Nama tidak boleh kosong'],
      [{ ftype: 2 }, 'Harap pilih salah satu'],
      [{ mm: '2026-7' }, 'Bulan tidak valid'],
      [{ level_id: otherLevelClass.level_id }, 'Kelas tidak sesuai dengan Tingkat dan Tahun Ajaran'],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', '/api/student-fee-component', bandung, newComponent(overrides));
      expect(res.status, message).toBe(422);
      expect(res.body.message).toBe(message);
    }
    expect((await list({ ...base, mm: free[0] }, bandung, '&q=Seragam')).body.total).toBe(0);
  });

  it('creates, reads, updates and deletes a component', async () => {
    await removeAll({ ...base, mm: free[0] });
    const created = await create({ ftype: 0, description: '  ' });
    expect(created).toMatchObject({
      ...newComponent(),
      ftype: 0,
      description: null,
      fee_type: { name: 'Seragam' },
      student_billing_item: null,
    });
    expect((await call('GET', `/api/student-fee-component/${created.id}`, bandung)).body).toEqual(created);

    const duplicate = await call('POST', '/api/student-fee-component', bandung, newComponent());
    expect(duplicate).toMatchObject({
      status: 422,
      body: { message: 'Tipe Komponen sudah ada pada kelas dan bulan ini' },
    });

    const updated = await call<StudentFeeComponent>(
      'PUT',
      `/api/student-fee-component/${created.id}`,
      bandung,
      newComponent({ name: 'Seragam Batik', price: 210_000, mm: free[1] }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Seragam Batik', price: 210_000, mm: free[1], ftype: 1 });

    const deleted = await call('DELETE', `/api/student-fee-component/${created.id}`, bandung);
    expect(deleted).toEqual({ status: 200, body: { message: 'Data berhasil dihapus' } });
    expect((await call('GET', `/api/student-fee-component/${created.id}`, bandung)).status).toBe(404);
    expect((await call('GET', '/api/student-fee-component/abc', bandung)).status).toBe(404);
  });

  it('edits name or price inline (xupdate) with the same rules', async () => {
    await removeAll({ ...base, mm: free[0] });
    const { id } = await create();
    const url = `/api/student-fee-component-xupdate/${id}`;
    expect(
      (await call<StudentFeeComponent>('POST', url, bandung, { field: 'name', value: ' Seragam Pramuka ' }))
        .body,
    ).toMatchObject({ name: 'Seragam Pramuka' });
    expect(
      (await call<StudentFeeComponent>('POST', url, bandung, { field: 'price', value: 99_000 })).body,
    ).toMatchObject({
      price: 99_000,
    });
    const cases: [object, string][] = [
      [{ field: 'name', value: '' }, 'Nama tidak boleh kosong'],
      [{ field: 'price', value: 1.5 }, 'Biaya harus bilangan bulat'],
      [{ field: 'price', value: null }, 'Biaya tidak boleh kosong'],
      [{ field: 'qty', value: 2 }, 'Kolom yang diubah harus name, price atau due_day'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', url, bandung, payload);
      expect(res, message).toMatchObject({ status: 422, body: { message } });
    }
    expect(
      (await call<StudentFeeComponent>('GET', `/api/student-fee-component/${id}`, bandung)).body,
    ).toMatchObject({
      name: 'Seragam Pramuka',
      price: 99_000,
    });
  });
});

describe('a component charged to a student is frozen', () => {
  let locked: StudentFeeComponent;
  beforeAll(async () => {
    locked = (await list(seeded())).body.data[0] as StudentFeeComponent;
    expect(locked.student_billing_item).not.toBeNull();
  });

  it('refuses update, inline update and delete with 409, and changes nothing', async () => {
    const put = await call('PUT', `/api/student-fee-component/${locked.id}`, bandung, {
      ...seeded(),
      fee_type_id: locked.fee_type_id,
      ftype: 1,
      name: 'Diubah',
      price: 1,
    });
    expect(put).toEqual({
      status: 409,
      body: { message: 'Komponen sudah dibebankan ke siswa sehingga tidak dapat diubah' },
    });
    for (const payload of [
      { field: 'name', value: 'Diubah' },
      { field: 'price', value: 1 },
    ]) {
      const res = await call('POST', `/api/student-fee-component-xupdate/${locked.id}`, bandung, payload);
      expect(res.status).toBe(409);
    }
    const del = await call('DELETE', `/api/student-fee-component/${locked.id}`, bandung);
    expect(del).toEqual({
      status: 409,
      body: { message: 'Komponen sudah dibebankan ke siswa sehingga tidak dapat dihapus' },
    });
    expect((await call('GET', `/api/student-fee-component/${locked.id}`, bandung)).body).toEqual(locked);
  });

  it('a batch holding one deletes nothing and names it', async () => {
    await removeAll({ ...base, mm: free[0] });
    const free1 = await create();
    const res = await call('DELETE', '/api/student-fee-component-batch', bandung, {
      item_ids: [free1.id, locked.id],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Tidak ada data yang dihapus. Komponen berikut sudah dibebankan ke siswa: ${locked.name}`,
    );
    expect((await call('GET', `/api/student-fee-component/${free1.id}`, bandung)).status).toBe(200);
    expect((await call('GET', `/api/student-fee-component/${locked.id}`, bandung)).status).toBe(200);
  });
});

describe('batch delete (DELETE /api/student-fee-component-batch)', () => {
  it('deletes the selected components', async () => {
    const target = { ...base, mm: free[0] };
    await removeAll(target);
    await call('POST', '/api/student-fee-component-batch', bandung, target);
    const [a, b, c] = (await list(target)).body.data;
    const res = await call('DELETE', '/api/student-fee-component-batch', bandung, {
      item_ids: [a?.id, b?.id, a?.id],
    });
    expect(res).toEqual({
      status: 200,
      body: { message: 'Item Yang Terpilih Berhasil Dihapus.', deleted: 2 },
    });
    expect((await list(target)).body.data.map((r) => r.id)).toEqual([c?.id, expect.any(Number)]);
  });

  it('refuses an empty selection, and an unknown or foreign id deletes nothing', async () => {
    const empty = await call('DELETE', '/api/student-fee-component-batch', bandung, { item_ids: [] });
    expect(empty).toMatchObject({ status: 422, body: { message: 'Item Harus Dipilih' } });
    expect((await call('DELETE', '/api/student-fee-component-batch', bandung, {})).body.message).toBe(
      'Item Harus Dipilih',
    );
    const target = { ...base, mm: free[0] };
    const before = (await list(target)).body.data.map((r) => r.id);
    expect(before.length).toBeGreaterThan(0);
    const unknown = await call('DELETE', '/api/student-fee-component-batch', bandung, {
      item_ids: [...before, 999_999],
    });
    expect(unknown).toEqual({ status: 404, body: { message: 'Data tidak ditemukan' } });
    const foreign = await call('DELETE', '/api/student-fee-component-batch', jakarta, { item_ids: before });
    expect(foreign.status).toBe(404);
    expect((await list(target)).body.data.map((r) => r.id)).toEqual(before);
  });
});

describe('another branch', () => {
  it("neither shows nor changes Bandung's components from a Jakarta session", async () => {
    const target = { ...base, mm: free[0] };
    await removeAll(target);
    const own = await create();
    const url = `/api/student-fee-component/${own.id}`;
    expect((await call('GET', url, jakarta)).status).toBe(404);
    expect((await call('PUT', url, jakarta, newComponent({ name: 'X' }))).status).toBe(404);
    expect(
      (
        await call('POST', `/api/student-fee-component-xupdate/${own.id}`, jakarta, {
          field: 'price',
          value: 1,
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', url, jakarta)).status).toBe(404);
    expect(
      (
        await call(
          'POST',
          '/api/student-fee-component',
          jakarta,
          newComponent({ fee_type_id: feeType('Buku') }),
        )
      ).status,
    ).toBe(404);
    expect((await list(target, jakarta)).body).toMatchObject({ data: [], total: 0 });
    expect((await call('GET', url, bandung)).body).toEqual(own);
  });
});

describe('GET /api/student-fee-component-all', () => {
  it('lists one class-month with the six filters', async () => {
    const res = await call<StudentFeeComponent[]>(
      'GET',
      `/api/student-fee-component-all?${queryOf(seeded())}&orderby=id&sort=asc`,
      bandung,
    );
    expect(res.body.map((r) => r.name)).toEqual((await list(seeded())).body.data.map((r) => r.name));
    const { mm: _omitted, ...noMonth } = seeded();
    const missing = await call('GET', `/api/student-fee-component-all?${queryOf(noMonth)}`, bandung);
    expect(missing).toMatchObject({ status: 422, body: { message: 'filter Bulan is required' } });
  });

  it("lists a student's components, or only those not yet on their bills", async () => {
    const target = { ...base, mm: free[0] };
    await removeAll(target);
    await call('POST', '/api/student-fee-component-batch', bandung, target);
    const [member] = await ctx.database.db
      .select({ id: class_students.student_id })
      .from(class_students)
      .where(eq(class_students.class_id, base.class_id))
      .limit(1);
    const url = `/api/student-fee-component-all?student_id=${member?.id}&orderby=id&sort=asc`;
    const all = (await call<StudentFeeComponent[]>('GET', url, bandung)).body;
    expect(all.every((r) => r.class_id === base.class_id)).toBe(true);
    expect([...new Set(all.map((r) => r.mm))]).toEqual(expect.arrayContaining([thisMonth, free[0]]));
    const available = (await call<StudentFeeComponent[]>('GET', `${url}&available_only=1`, bandung)).body;
    // The generated month is not billed yet; this month's main components are.
    expect(available.filter((r) => r.mm === free[0])).toHaveLength(4);
    expect(available.some((r) => r.mm === thisMonth && r.name === 'SPP')).toBe(false);

    expect(
      (await call('GET', `/api/student-fee-component-all?student_id=${member?.id}`, jakarta)).status,
    ).toBe(404);
    expect((await call('GET', '/api/student-fee-component-all?available_only=1', bandung)).status).toBe(422);
  });
});
