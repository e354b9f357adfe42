/**
 * Students, classes and the academic lists (api/ROUTES.md): filters, paging, the current class, the edit
 * and add rules, class capacity (also two placements racing for the last seat), refused deletes, another
 * branch and non-editors.
 */
import type {
  BatchRef,
  DepartmentRef,
  LevelRef,
  Paged,
  SchoolClass,
  Student,
  YearOfStudyRef,
} from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_BILLS, HAS_FEES, HAS_STUDENTS } from '../src/classes/rules';
import { class_students, student_fee_components, students, yos_periodes } from '../src/db/schema';
import { monthOf, todayIn } from '../src/lib/time';
import { callerOf, createTestContext, sessions, type TestContext } from './helpers';

let ctx: TestContext;
let bandung: string;
let jakarta: string;
let guru: string;
let sd: DepartmentRef;
let smp: DepartmentRef;
let currentYear: YearOfStudyRef;
let level1: LevelRef;
let level2: LevelRef;

const call = callerOf(
  () => ctx.app,
  () => bandung,
);

async function get<T>(url: string, token = bandung): Promise<T> {
  const res = await call<T>('GET', url, token);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ bandung, jakarta, guru } = await sessions(ctx.app));
  [sd, smp] = (await get<Paged<DepartmentRef>>('/api/department?orderby=sequence')).data as [
    DepartmentRef,
    DepartmentRef,
  ];
  [currentYear] = (await get<Paged<YearOfStudyRef>>(`/api/year_of_study?deptId=${sd.id}&limit=100`)).data as [
    YearOfStudyRef,
  ];
  [level1, level2] = (await get<Paged<LevelRef>>(`/api/level?deptId=${sd.id}&limit=100`)).data as [
    LevelRef,
    LevelRef,
  ];
});
afterAll(() => ctx.close());

describe('GET /api/level, /api/year_of_study, /api/batch', () => {
  it("lists a department's levels by sequence, years newest first and batches, paged in a data field", async () => {
    const levels = await get<Paged<LevelRef>>(`/api/level?deptId=${sd.id}&limit=100`);
    expect(levels.data.map((l) => l.name)).toEqual([
      'Kelas 1',
      'Kelas 2',
      'Kelas 3',
      'Kelas 4',
      'Kelas 5',
      'Kelas 6',
    ]);
    const years = await get<Paged<YearOfStudyRef>>(`/api/year_of_study?deptId=${sd.id}&limit=100`);
    const [newest, older] = years.data as [YearOfStudyRef, YearOfStudyRef];
    expect(years.data).toHaveLength(2);
    expect(newest.start_date > older.start_date).toBe(true);
    expect(newest.start_date <= todayIn() && todayIn() <= newest.end_date).toBe(true);
    const batches = await get<Paged<BatchRef>>(`/api/batch?deptId=${smp.id}&orderby=yoe&sort=desc&limit=100`);
    expect(batches.data.length).toBeGreaterThan(2);
    expect(batches.data.every((b) => b.department_id === smp.id && b.name === `Angkatan ${b.yoe}`)).toBe(
      true,
    );
    expect(batches.data.map((b) => b.yoe)).toEqual([...batches.data.map((b) => b.yoe)].sort((a, b) => b - a));
    const paged = await get<Paged<LevelRef>>(`/api/level?deptId=${sd.id}&limit=4&page=2`);
    expect(paged.data.map((l) => l.name)).toEqual(['Kelas 5', 'Kelas 6']);
  });

  it("gives another branch's department nothing, and refuses non-editors", async () => {
    expect((await get<Paged<LevelRef>>(`/api/level?deptId=${sd.id}`, jakarta)).data).toEqual([]);
    expect((await get<Paged<BatchRef>>(`/api/batch?deptId=${sd.id}`, jakarta)).data).toEqual([]);
    for (const url of ['/api/level', '/api/year_of_study', '/api/batch']) {
      expect((await call('GET', url, guru)).status).toBe(403);
    }
    expect((await call('GET', '/api/level?limit=101')).status).toBe(422);
  });
});

describe('GET /api/student', () => {
  it('filters by department, batch, status and search; shows the current class or none', async () => {
    const sdActive = await get<Paged<Student>>(`/api/student?deptId=${sd.id}&study_status=1&limit=100`);
    expect(sdActive.total).toBeGreaterThan(50);
    expect(sdActive.data.every((s) => s.department.id === sd.id && s.study_status === 1)).toBe(true);
    expect(sdActive.data.every((s) => s.current_class?.year_of_study.id === currentYear.id)).toBe(true);
    const graduates = await get<Paged<Student>>(`/api/student?deptId=${sd.id}&study_status=2&limit=100`);
    expect(graduates.total).toBeGreaterThan(0);
    expect(graduates.data.every((s) => s.current_class === null && s.class_student.length === 1)).toBe(true);

    const batchId = sdActive.data[0]?.batch_id as number;
    const inBatch = await get<Paged<Student>>(`/api/student?batch_id=${batchId}&limit=100`);
    expect(inBatch.data.every((s) => s.batch?.id === batchId)).toBe(true);

    const someone = sdActive.data[7] as Student;
    const byNis = await get<Paged<Student>>(`/api/student?q=${someone.nis}`);
    expect(byNis.data.map((s) => s.id)).toEqual([someone.id]);
    const byName = await get<Paged<Student>>(
      `/api/student?q=${encodeURIComponent(someone.name.toLowerCase())}&limit=100`,
    );
    expect(byName.data.map((s) => s.id)).toContain(someone.id);
  });

  it('pages by 5, by id unless ordered otherwise, and stays in the branch', async () => {
    const first = await get<Paged<Student>>('/api/student?limit=5');
    const second = await get<Paged<Student>>('/api/student?limit=5&page=2');
    expect(second.from).toBe(6);
    const ids = [...first.data, ...second.data].map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const byNis = (await get<Paged<Student>>('/api/student?orderby=nis&sort=desc&limit=20')).data.map(
      (s) => s.nis,
    );
    expect(byNis).toEqual([...byNis].sort().reverse());
    const jakartaIds = new Set(
      (await get<Paged<Student>>('/api/student?limit=100', jakarta)).data.map((s) => s.id),
    );
    expect(ids.some((id) => jakartaIds.has(id))).toBe(false);
    expect((await call('GET', '/api/student', guru)).status).toBe(403);
    expect((await call('GET', '/api/student?study_status=7')).status).toBe(422);
  });

  it('answers one student, 404 for another branch', async () => {
    const [row] = (await get<Paged<Student>>('/api/student?limit=1')).data;
    expect(await get<Student>(`/api/student/${row?.id}`)).toEqual(row);
    expect((await call('GET', `/api/student/${row?.id}`, jakarta)).status).toBe(404);
    expect((await call('GET', '/api/student/x')).status).toBe(404);
  });
});

describe('GET /api/student-by-class', () => {
  it("lists a class's students by name, paged; needs a class of the branch", async () => {
    const [class1a] = (
      await get<Paged<SchoolClass>>(
        `/api/class?deptId=${sd.id}&levelId=${level1.id}&yearofstudyId=${currentYear.id}`,
      )
    ).data;
    const page1 = await get<Paged<Student>>(`/api/student-by-class?class_id=${class1a?.id}&limit=5`);
    expect(page1.total).toBe(class1a?.student_count);
    const everyone = await get<Paged<Student>>(`/api/student-by-class?class_id=${class1a?.id}&limit=100`);
    const names = everyone.data.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(everyone.data.every((s) => s.class_student.some((c) => c.the_class.id === class1a?.id))).toBe(
      true,
    );
    expect(page1.data).toEqual(everyone.data.slice(0, 5));
    const missing = await call('GET', '/api/student-by-class');
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Kelas tidak boleh kosong');
    expect((await call('GET', `/api/student-by-class?class_id=${class1a?.id}`, jakarta)).status).toBe(404);
    expect((await call('GET', `/api/student-by-class?class_id=${class1a?.id}`, guru)).status).toBe(403);
  });
});

const edit = {
  name: 'Budi Santoso Putra',
  gender_id: 1,
  birth_place: 'Cimahi',
  birth_date: '2017-03-21',
  nik: '3273010101170001',
  nisn: '0012345678',
  address_full: 'Jl. Merdeka No. 1, Bandung',
  father: 'Santoso',
  mother: 'Sri Wahyuni',
  guardian: '',
  emergency_contact_name: 'Santoso',
  emergency_contact_phone: '0812-3456-7890',
  emergency_contact_email: 'santoso@example.com',
};

describe('PUT /api/student/{id}', () => {
  it('corrects identity, parents, address and contact; empty texts become null', async () => {
    const [row] = (await get<Paged<Student>>('/api/student?limit=1&study_status=1')).data as [Student];
    const res = await call<Student>('PUT', `/api/student/${row.id}`, bandung, edit);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...edit,
      guardian: null,
      nis: row.nis,
      department_id: row.department_id,
    });
    expect(res.body.current_class).toEqual(row.current_class);
  });

  it('refuses invalid fields with their messages and changes nothing', async () => {
    const [row] = (await get<Paged<Student>>('/api/student?limit=1&page=3')).data as [Student];
    const res = await call('PUT', `/api/student/${row.id}`, bandung, {
      ...edit,
      name: ' ',
      gender_id: 3,
      nik: '12345',
      birth_date: '2999-01-01',
      emergency_contact_email: 'bukan-email',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      name: ['Nama Tidak Boleh Kosong'],
      gender_id: ['Jenis Kelamin Tidak Boleh Kosong'],
      nik: ['NIK harus 16 digit angka'],
      birth_date: ['Tanggal Lahir tidak valid'],
      emergency_contact_email: ['Email tidak valid'],
    });
    expect(await get<Student>(`/api/student/${row.id}`)).toEqual(row);
    expect((await call('PUT', `/api/student/${row.id}`, jakarta, edit)).status).toBe(404);
    expect((await call('PUT', `/api/student/${row.id}`, guru, edit)).status).toBe(403);
  });
});

/** A class of SD Kelas 2 in the current year. */
const newClass = (overrides: object = {}) => ({
  department_id: sd.id,
  level_id: level2.id,
  year_of_study_id: currentYear.id,
  name: '2Z',
  employee_id: null,
  capacity: 2,
  ...overrides,
});

async function createClass(overrides: object = {}): Promise<SchoolClass> {
  const res = await call<SchoolClass>('POST', '/api/class', bandung, newClass(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const newStudent = (nis: string, class_id: number | null) => ({
  ...edit,
  department_id: sd.id,
  nis,
  yoe: Number(currentYear.name.slice(0, 4)) - 1,
  class_id,
});

describe('POST /api/student', () => {
  it('adds a student in the batch of the entry year and places them in a class', async () => {
    const cls = await createClass({ name: '2S' });
    const res = await call<Student>('POST', '/api/student', bandung, newStudent('990001', cls.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ nis: '990001', study_status: 1, current_class: { id: cls.id } });
    expect(res.body.batch?.name).toBe(`Angkatan ${newStudent('', null).yoe}`);
    const taken = await call('POST', '/api/student', bandung, newStudent('990001', null));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('NIS sudah digunakan');
    const wrongDepartment = await call('POST', '/api/student', bandung, {
      ...newStudent('990002', cls.id),
      department_id: smp.id,
    });
    expect(wrongDepartment.status).toBe(422);
    const missing = await call('POST', '/api/student', bandung, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      department_id: ['Departemen Tidak Boleh Kosong'],
      nis: ['NIS Tidak Boleh Kosong'],
    });
  });

  it('never places more students in a class than its capacity, also when two race for the last seat', async () => {
    const cls = await createClass({ name: '2C-kapasitas', capacity: 2 });
    expect((await call('POST', '/api/student', bandung, newStudent('991001', cls.id))).status).toBe(201);
    const [a, b] = await Promise.all([
      call('POST', '/api/student', bandung, newStudent('991002', cls.id)),
      call('POST', '/api/student', bandung, newStudent('991003', cls.id)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.message).toBe(`Kelas 2C-kapasitas sudah penuh (kapasitas 2 siswa)`);
    const placed = await ctx.database.db
      .select()
      .from(class_students)
      .where(eq(class_students.class_id, cls.id));
    expect(placed).toHaveLength(2);
    // The refused student was not written either (all or nothing).
    const nisOfRefused = a.status === 409 ? '991002' : '991003';
    expect(await ctx.database.db.select().from(students).where(eq(students.nis, nisOfRefused))).toEqual([]);
  });
});

describe('GET /api/class', () => {
  it('filters by department, level, year and name; pages by 10 ordered by name', async () => {
    const all = await get<Paged<SchoolClass>>(`/api/class?deptId=${sd.id}&limit=100`);
    expect(all.data.every((c) => c.department.id === sd.id)).toBe(true);
    const current = await get<Paged<SchoolClass>>(
      `/api/class?deptId=${sd.id}&levelId=${level1.id}&yearofstudyId=${currentYear.id}`,
    );
    expect(current.data.map((c) => c.name)).toEqual(['1A', '1B']);
    const [a] = current.data as [SchoolClass];
    expect(a.employee?.name).toBeTruthy(); // this year's seeded classes have a homeroom teacher
    expect(a.student_count).toBeGreaterThan(0);
    expect(a).toMatchObject({
      level: { id: level1.id },
      year_of_study: { id: currentYear.id },
      department: { name: 'SD' },
    });
    // The new, empty class of the last level, without a teacher.
    const [c] = (
      await get<Paged<SchoolClass>>(`/api/class?deptId=${sd.id}&yearofstudyId=${currentYear.id}&q=6C`)
    ).data;
    expect(c).toMatchObject({ name: '6C', employee: null, student_count: 0 });
    const page = await get<Paged<SchoolClass>>(`/api/class?deptId=${sd.id}&limit=10`);
    expect(page.data).toHaveLength(10);
    const names = page.data.map((row) => row.name);
    expect(names).toEqual([...names].sort());
    const search = await get<Paged<SchoolClass>>(`/api/class?deptId=${sd.id}&q=6c`);
    expect(search.data.map((row) => row.name)).toEqual(['6C']);
    expect((await get<Paged<SchoolClass>>(`/api/class?deptId=${sd.id}`, jakarta)).data).toEqual([]);
    expect((await call('GET', '/api/class', guru)).status).toBe(403);
  });
});

describe('POST, PUT /api/class', () => {
  it('adds a class with a homeroom teacher of the branch, and answers it with its names', async () => {
    const [teacher] = (await get<Paged<{ id: number; name: string }>>('/api/employee?limit=1')).data;
    const cls = await createClass({ name: ' 2X ', employee_id: teacher?.id, capacity: 30 });
    expect(cls).toMatchObject({
      name: '2X',
      capacity: 30,
      employee: { id: teacher?.id, name: teacher?.name },
      student_count: 0,
    });
    expect(await get<SchoolClass>(`/api/class/${cls.id}`)).toEqual(cls);
    expect((await call('GET', `/api/class/${cls.id}`, jakarta)).status).toBe(404);
  });

  it('refuses missing fields, parts of another department, a duplicate name and staff of another branch', async () => {
    const missing = await call('POST', '/api/class', bandung, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      department_id: ['Departemen Tidak Boleh Kosong'],
      level_id: ['Tingkat Tidak Boleh Kosong'],
      year_of_study_id: ['Tahun Ajaran Tidak Boleh Kosong'],
      name: ['Nama Kelas Tidak Boleh Kosong'],
      capacity: ['Kapasitas Tidak Boleh Kosong'],
    });
    const wrongLevel = await call('POST', '/api/class', bandung, newClass({ department_id: smp.id }));
    expect(wrongLevel.status).toBe(422);
    expect(wrongLevel.body.errors).toHaveProperty('level_id');
    const duplicate = await call(
      'POST',
      '/api/class',
      bandung,
      newClass({ name: '1A', level_id: level1.id }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Nama Kelas sudah ada pada Tahun Ajaran ini');
    const bandungStaff = new Set(
      (await get<Paged<{ id: number }>>('/api/employee?limit=100')).data.map((e) => e.id),
    );
    const jakartaStaff = (await get<Paged<{ id: number }>>('/api/employee?limit=100', jakarta)).data;
    const jakartaOnly = jakartaStaff.find((e) => !bandungStaff.has(e.id));
    const foreign = await call(
      'POST',
      '/api/class',
      bandung,
      newClass({ name: '2W', employee_id: jakartaOnly?.id }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors?.employee_id).toEqual(['Wali Kelas harus pegawai cabang ini']);
    expect((await call('POST', '/api/class', bandung, newClass({ capacity: 0 }))).status).toBe(422);
    expect((await call('POST', '/api/class', guru, newClass())).status).toBe(403);
    expect((await call('POST', '/api/class', jakarta, newClass())).status).toBe(404);
  });

  it('edits a class; capacity not below its students; department, level and year stay once used', async () => {
    const [class1a] = (
      await get<Paged<SchoolClass>>(
        `/api/class?deptId=${sd.id}&levelId=${level1.id}&yearofstudyId=${currentYear.id}`,
      )
    ).data as [SchoolClass];
    const fields = {
      department_id: class1a.department_id,
      level_id: class1a.level_id,
      year_of_study_id: class1a.year_of_study_id,
      name: class1a.name,
      employee_id: class1a.employee_id,
      capacity: class1a.capacity,
    };
    const renamed = await call<SchoolClass>('PUT', `/api/class/${class1a.id}`, bandung, {
      ...fields,
      name: '1A Unggulan',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('1A Unggulan');
    const tooSmall = await call('PUT', `/api/class/${class1a.id}`, bandung, {
      ...fields,
      capacity: class1a.student_count - 1,
    });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.errors?.capacity?.[0]).toBe(
      `Kapasitas tidak boleh kurang dari jumlah siswa di kelas ini (${class1a.student_count} siswa)`,
    );
    const moved = await call('PUT', `/api/class/${class1a.id}`, bandung, { ...fields, level_id: level2.id });
    expect(moved.status).toBe(409);
    expect((await get<SchoolClass>(`/api/class/${class1a.id}`)).level.id).toBe(level1.id);
    expect((await call('PUT', `/api/class/${class1a.id}`, jakarta, fields)).status).toBe(404);

    const empty = await createClass({ name: '2M' });
    const relevelled = await call<SchoolClass>('PUT', `/api/class/${empty.id}`, bandung, {
      ...newClass({ name: '1M', level_id: level1.id }),
    });
    expect(relevelled.status).toBe(200);
    expect(relevelled.body.level.id).toBe(level1.id);
  });
});

describe('DELETE /api/class/{id}', () => {
  it('refuses a class with students, bills or fee components with a clear message; deletes an unused one', async () => {
    const [class1b] = (
      await get<Paged<SchoolClass>>(
        `/api/class?deptId=${sd.id}&levelId=${level1.id}&yearofstudyId=${currentYear.id}&q=1B`,
      )
    ).data as [SchoolClass];
    const withStudents = await call('DELETE', `/api/class/${class1b.id}`);
    expect(withStudents.status).toBe(409);
    expect(withStudents.body.message).toBe(HAS_STUDENTS);

    // Bills without students: the students leave the class, their bills stay.
    await ctx.database.db.delete(class_students).where(eq(class_students.class_id, class1b.id));
    const withBills = await call('DELETE', `/api/class/${class1b.id}`);
    expect(withBills.status).toBe(409);
    expect(withBills.body.message).toBe(HAS_BILLS);

    const cls = await createClass({ name: '2F' });
    const [period] = await ctx.database.db
      .select()
      .from(yos_periodes)
      .where(eq(yos_periodes.year_of_study_id, currentYear.id));
    const [feeType] = await get<{ id: number }[]>('/api/ref-fee-types-getall');
    await ctx.database.db.insert(student_fee_components).values({
      client_id: period?.client_id as number,
      branch_id: period?.branch_id as number,
      department_id: sd.id,
      year_of_study_id: currentYear.id,
      yos_periode_id: period?.id as number,
      level_id: level2.id,
      class_id: cls.id,
      mm: monthOf(todayIn()),
      fee_type_id: feeType?.id as number,
      name: 'SPP',
      price: 1,
    });
    const withFees = await call('DELETE', `/api/class/${cls.id}`);
    expect(withFees.status).toBe(409);
    expect(withFees.body.message).toBe(HAS_FEES);

    const unused = await createClass({ name: '2U' });
    expect((await call('DELETE', `/api/class/${unused.id}`, jakarta)).status).toBe(404);
    expect((await call('DELETE', `/api/class/${unused.id}`, guru)).status).toBe(403);
    const res = await call('DELETE', `/api/class/${unused.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Data berhasil dihapus');
    expect((await call('GET', `/api/class/${unused.id}`)).status).toBe(404);
  });
});
