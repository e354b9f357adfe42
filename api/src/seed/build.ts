/**
 * Builds the demo data in memory: a pure function of the date, so every run on the same day gives the
 * same rows (ids included). Dates are relative to `today` so the current month always has bills and
 * payments. Loading it into the database is seed/index.ts.
 */

import { billDueDate, itemDueDate } from '@keuangan/shared/contract';
import type * as s from '../db/schema';
import { type DocumentKind, formatDocumentNumber } from '../lib/numbering';
import { addMonths, monthOf, monthRange } from '../lib/time';
import {
  ACHIEVEMENTS,
  BIRTH_PLACES,
  ETHNICS,
  FAMILY_NAMES,
  FEMALE_NAMES,
  HOBBIES,
  MALE_NAMES,
  RELATIONSHIPS,
  RELIGIONS,
  SCHOOLS_BEFORE_SD,
  SCHOOLS_BEFORE_SMP,
  STREETS,
} from './names';
import { Random } from './random';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** All rows, table by table, in an order that satisfies the foreign keys. */
export interface SeedRows {
  clients: Row<typeof s.clients>[];
  branches: Row<typeof s.branches>[];
  document_sequences: Row<typeof s.document_sequences>[];
  roles: Row<typeof s.roles>[];
  religions: Row<typeof s.religions>[];
  ethnics: Row<typeof s.ethnics>[];
  relationship_types: Row<typeof s.relationship_types>[];
  psb_event_stypes: Row<typeof s.psb_event_stypes>[];
  users: Row<typeof s.users>[];
  user_roles: Row<typeof s.user_roles>[];
  user_branches: Row<typeof s.user_branches>[];
  employees: Row<typeof s.employees>[];
  departments: Row<typeof s.departments>[];
  periodes: Row<typeof s.periodes>[];
  fee_types: Row<typeof s.fee_types>[];
  years_of_study: Row<typeof s.years_of_study>[];
  yos_periodes: Row<typeof s.yos_periodes>[];
  levels: Row<typeof s.levels>[];
  batches: Row<typeof s.batches>[];
  classes: Row<typeof s.classes>[];
  student_auto_fees: Row<typeof s.student_auto_fees>[];
  psb_events: Row<typeof s.psb_events>[];
  psb_event_fees: Row<typeof s.psb_event_fees>[];
  psb_event_prospectives: Row<typeof s.psb_event_prospectives>[];
  psb_event_prospective_fees: Row<typeof s.psb_event_prospective_fees>[];
  students: Row<typeof s.students>[];
  class_students: Row<typeof s.class_students>[];
  student_fee_components: Row<typeof s.student_fee_components>[];
  student_billings: Row<typeof s.student_billings>[];
  student_billing_items: Row<typeof s.student_billing_items>[];
  student_billing_payments: Row<typeof s.student_billing_payments>[];
  student_billing_item_payments: Row<typeof s.student_billing_item_payments>[];
  prospective_billings: Row<typeof s.prospective_billings>[];
  prospective_billing_items: Row<typeof s.prospective_billing_items>[];
  prospective_billing_payments: Row<typeof s.prospective_billing_payments>[];
  prospective_billing_item_payments: Row<typeof s.prospective_billing_item_payments>[];
}

/** The sign-in accounts documented in api/README.md. */
export const DEMO_ACCOUNTS = [
  {
    uname: 'admin',
    password: 'Admin#2026',
    name: 'Rina Marlina',
    utype_name: 'Administrator',
    roles: ['superadmin'],
  },
  {
    uname: 'keuangan',
    password: 'Keuangan#2026',
    name: 'Dewi Kartika Sari',
    utype_name: 'Staf Keuangan',
    roles: ['finance'],
  },
  {
    uname: 'guru',
    password: 'Guru#2026',
    name: 'Ahmad Fauzi',
    utype_name: 'Guru',
    roles: ['academic', 'lecture'],
  },
] as const;

const ROLE_DEFS: [slug: string, title: string, color: string][] = [
  ['superadmin', 'Super Admin', '#722ed1'],
  ['admin', 'Administrator', '#2f54eb'],
  ['manager', 'Manajer', '#1677ff'],
  ['headfoundation', 'Ketua Yayasan', '#13c2c2'],
  ['principal', 'Kepala Sekolah', '#08979c'],
  ['headmaster', 'Kepala Unit', '#389e0d'],
  ['finance-manager', 'Manajer Keuangan', '#d48806'],
  ['finance', 'Staf Keuangan', '#fa8c16'],
  ['academic-manager', 'Manajer Akademik', '#c41d7f'],
  ['academic', 'Staf Akademik', '#eb2f96'],
  ['lecture', 'Guru', '#595959'],
  ['homeroom-teacher', 'Wali Kelas', '#8c8c8c'],
];

const BRANCH_DEFS = [
  {
    code: 'BDG',
    name: 'Sekolah Nusantara Cabang Bandung',
    address: 'Jl. Ir. H. Juanda No. 123, Dago, Coblong, Kota Bandung, Jawa Barat 40135',
    phone: '(022) 2501234',
    website: 'https://bandung.sekolahnusantara.sch.id',
    city: 'Bandung',
    nikPrefix: '3273',
    phonePrefix: '0812',
    /** Ethnic mix of the city, by ETHNICS index weight. */
    ethnicWeights: { Sunda: 60, Jawa: 20, Batak: 5, Minang: 5, Tionghoa: 5, Betawi: 2, Bugis: 3 },
    priceFactor: 1,
  },
  {
    code: 'JKT',
    name: 'Sekolah Nusantara Cabang Jakarta',
    address: 'Jl. Kebon Sirih No. 45, Menteng, Jakarta Pusat, DKI Jakarta 10340',
    phone: '(021) 3905678',
    website: 'https://jakarta.sekolahnusantara.sch.id',
    city: 'Jakarta',
    nikPrefix: '3171',
    phonePrefix: '0813',
    ethnicWeights: { Betawi: 25, Jawa: 30, Sunda: 15, Batak: 10, Minang: 8, Tionghoa: 7, Bugis: 5 },
    priceFactor: 1.4,
  },
] as const;

/** Prospects' registration statuses in the order each event's prospects get them (all of 0-5 per event). */
const STATUS_CYCLE = [1, 4, 3, 0, 2, 5] as const;

const DEPARTMENT_DEFS = [
  { name: 'SD', code: 'SD', levels: [1, 2, 3, 4, 5, 6], entryAge: 6, spp: 450_000, capacity: 28 },
  { name: 'SMP', code: 'SMP', levels: [7, 8, 9], entryAge: 12, spp: 600_000, capacity: 32 },
] as const;

const FEE_TYPES = [
  'SPP',
  'Uang Gedung',
  'Seragam',
  'Buku',
  'Kegiatan',
  'Ekstrakurikuler',
  'Uang Pendaftaran',
  'Uang Pangkal',
  'Daftar Ulang',
  'Sumbangan Pengembangan',
] as const;
type FeeTypeName = (typeof FEE_TYPES)[number];

/**
 * Monthly components of every class (the main bill), which are also every level's default fees (Biaya
 * Otomatis Siswa, the source of "Generate Komponen"); prices are SD prices, scaled per department and branch.
 */
const MONTHLY_COMPONENTS: { fee: FeeTypeName; name: string; ftype: 0 | 1; price: number; due_day: number }[] =
  [
    { fee: 'SPP', name: 'SPP', ftype: 1, price: 0, due_day: 10 }, // price from the department
    { fee: 'Kegiatan', name: 'Kegiatan Siswa', ftype: 1, price: 75_000, due_day: 15 },
    { fee: 'Ekstrakurikuler', name: 'Ekstrakurikuler', ftype: 1, price: 50_000, due_day: 15 },
    {
      fee: 'Sumbangan Pengembangan',
      name: 'Sumbangan Pengembangan Sekolah',
      ftype: 0,
      price: 100_000,
      due_day: 20,
    },
  ];

/** Older activity fees a few students still owe, due this many days ago (the aging's 61-90 and > 90 buckets). */
const OLD_ARREARS = [
  { daysAgo: 100, name: 'Study Tour', price: 300_000 },
  { daysAgo: 70, name: 'Outbound Kelas', price: 200_000 },
] as const;

/** Whole rupiah rounded to the nearest thousand. */
const rupiah = (value: number) => Math.round(value / 1000) * 1000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Adds days to a 'YYYY-MM-DD' date. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** An id generator per table. */
function counter() {
  let last = 0;
  return () => ++last;
}

export function buildSeed(today: string): SeedRows {
  const rnd = new Random(20260101);
  const rows: SeedRows = {
    clients: [],
    branches: [],
    document_sequences: [],
    roles: [],
    religions: [],
    ethnics: [],
    relationship_types: [],
    psb_event_stypes: [],
    users: [],
    user_roles: [],
    user_branches: [],
    employees: [],
    departments: [],
    periodes: [],
    fee_types: [],
    years_of_study: [],
    yos_periodes: [],
    levels: [],
    batches: [],
    classes: [],
    student_auto_fees: [],
    psb_events: [],
    psb_event_fees: [],
    psb_event_prospectives: [],
    psb_event_prospective_fees: [],
    students: [],
    class_students: [],
    student_fee_components: [],
    student_billings: [],
    student_billing_items: [],
    student_billing_payments: [],
    student_billing_item_payments: [],
    prospective_billings: [],
    prospective_billing_items: [],
    prospective_billing_payments: [],
    prospective_billing_item_payments: [],
  };
  const ids = Object.fromEntries(Object.keys(rows).map((k) => [k, counter()])) as Record<
    keyof SeedRows,
    () => number
  >;

  const thisMonth = monthOf(today);
  const lastMonth = addMonths(thisMonth, -1);
  const year = Number(today.slice(0, 4));
  // The academic year runs July to June.
  const currentStart = Number(today.slice(5, 7)) >= 7 ? year : year - 1;

  // --- global reference data -------------------------------------------------------------------------
  const clientId = ids.clients();
  rows.clients.push({ id: clientId, name: 'Yayasan Pendidikan Nusantara' });
  const roleId = new Map<string, number>();
  for (const [slug, title, bg_color] of ROLE_DEFS) {
    const id = ids.roles();
    roleId.set(slug, id);
    rows.roles.push({ id, slug, title, bg_color });
  }
  const religionIds = RELIGIONS.map((name) => {
    const id = ids.religions();
    rows.religions.push({ id, name });
    return id;
  });
  const ethnicId = new Map<string, number>();
  for (const name of ETHNICS) {
    const id = ids.ethnics();
    ethnicId.set(name, id);
    rows.ethnics.push({ id, name });
  }
  const relationshipIds = RELATIONSHIPS.map((title) => {
    const id = ids.relationship_types();
    rows.relationship_types.push({ id, title });
    return id;
  });
  rows.psb_event_stypes.push(
    { id: 1, name: 'Penerimaan Siswa Baru' },
    { id: 2, name: 'Mutasi / Siswa Pindahan' },
  );

  // --- people helpers --------------------------------------------------------------------------------
  const religionWeights: [number, number][] = religionIds.map((id, i) => [id, [80, 9, 6, 2, 2, 1][i] ?? 1]);
  const personName = (gender: 1 | 2) =>
    `${rnd.pick(gender === 1 ? MALE_NAMES : FEMALE_NAMES)} ${rnd.pick(FAMILY_NAMES)}`;
  const address = (city: string) =>
    `${rnd.pick(STREETS)} No. ${rnd.int(1, 180)}, RT ${pad(rnd.int(1, 12), 2)}/RW ${pad(rnd.int(1, 9), 2)}, ${city}`;
  const birthDate = (birthYear: number) => `${birthYear}-${pad(rnd.int(1, 12), 2)}-${pad(rnd.int(1, 28), 2)}`;
  const ethnicOf = (branch: (typeof BRANCH_DEFS)[number]) =>
    ethnicId.get(rnd.weighted(Object.entries(branch.ethnicWeights) as [string, number][])) as number;

  // --- users and employees ---------------------------------------------------------------------------
  const branchIds = BRANCH_DEFS.map(() => ids.branches());
  const unames = new Set<string>();
  const financeUserIds: number[] = [];
  let nipSeq = 0;

  /** A staff member: a user (sign-in), roles, branches and the employee record. Returns the employee id. */
  function addStaff(options: {
    name: string;
    gender: 1 | 2;
    utype_name: string;
    roles: readonly string[];
    branchIdxs: readonly number[];
    uname?: string;
    passwordHash?: string;
    degrees?: [string | null, string | null];
    active?: boolean;
  }): { userId: number; employeeId: number } {
    const userId = ids.users();
    let uname = options.uname ?? options.name.toLowerCase().replace(/[^a-z]+/g, '.');
    for (let n = 2; unames.has(uname); n++) uname = `${options.uname ?? uname.replace(/\d+$/, '')}${n}`;
    unames.add(uname);
    const branch = BRANCH_DEFS[options.branchIdxs[0] ?? 0] as (typeof BRANCH_DEFS)[number];
    rows.users.push({
      id: userId,
      client_id: clientId,
      uname,
      email: `${uname}@sekolahnusantara.sch.id`,
      // Staff other than the demo accounts sign in through the suite's Google login: no password here.
      password_hash: options.passwordHash ?? '!',
      name: options.name,
      utype_name: options.utype_name,
    });
    for (const slug of options.roles)
      rows.user_roles.push({ user_id: userId, role_id: roleId.get(slug) as number });
    for (const i of options.branchIdxs)
      rows.user_branches.push({ user_id: userId, branch_id: branchIds[i] as number });

    const employeeId = ids.employees();
    const joinYear = rnd.int(2005, currentStart);
    nipSeq++;
    rows.employees.push({
      id: employeeId,
      client_id: clientId,
      user_id: userId,
      nip: `${joinYear}${pad(nipSeq, 4)}`,
      nip_pns: rnd.chance(0.15)
        ? `19${rnd.int(70, 95)}${pad(rnd.int(1, 12), 2)}${pad(rnd.int(1, 28), 2)}${joinYear}${rnd.digits(6)}`
        : null,
      name: options.name,
      initial_degree: options.degrees?.[0] ?? null,
      final_degree: options.degrees?.[1] ?? null,
      gender_id: options.gender,
      religion_id: rnd.weighted(religionWeights),
      ethnic_id: ethnicOf(branch),
      marital_status_id: rnd.weighted([
        [1, 70],
        [2, 28],
        [99, 2],
      ]),
      birth_place: rnd.pick(BIRTH_PLACES),
      birth_date: birthDate(year - rnd.int(24, 57)),
      nik: `${branch.nikPrefix}${rnd.digits(12)}`,
      phone: `${branch.phonePrefix}${rnd.digits(8)}`,
      address: address(branch.city),
      status: options.active || !rnd.chance(0.04) ? 1 : 2,
    });
    return { userId, employeeId };
  }

  // The documented sign-in accounts come first (user ids 1, 2, 3); their hashes are filled in by the loader.
  for (const account of DEMO_ACCOUNTS) {
    const { userId } = addStaff({
      name: account.name,
      gender: account.uname === 'guru' ? 1 : 2,
      utype_name: account.utype_name,
      roles: account.roles,
      branchIdxs: account.uname === 'guru' ? [0] : [0, 1], // guru works in Bandung only
      uname: account.uname,
      passwordHash: `demo:${account.uname}`,
      degrees: account.uname === 'guru' ? [null, 'S.Pd.'] : [null, 'S.E.'],
      active: true,
    });
    if (account.uname === 'keuangan') financeUserIds.push(userId);
  }
  const gender = () => (rnd.chance(0.5) ? 1 : 2) as 1 | 2;
  addStaff({
    name: 'H. Soedarmo Wiryawan',
    gender: 1,
    utype_name: 'Pengurus Yayasan',
    roles: ['headfoundation'],
    branchIdxs: [0, 1],
    degrees: ['Drs.', 'M.M.'],
  });

  // Homeroom teachers per branch, handed out to classes below.
  const homeroomPool: number[][] = [];
  BRANCH_DEFS.forEach((_branch, b) => {
    const staff = (utype_name: string, roles: string[], degrees: [string | null, string | null]) => {
      const g = gender();
      return addStaff({ name: personName(g), gender: g, utype_name, roles, branchIdxs: [b], degrees });
    };
    staff('Kepala Sekolah', ['principal'], [null, 'M.Pd.']);
    staff('Kepala Unit', ['headmaster'], [null, 'M.Pd.']);
    staff('Kepala Unit', ['headmaster'], [null, 'S.Pd.']);
    staff('Manajer', ['manager'], [null, 'S.E.']);
    staff('Manajer Keuangan', ['finance-manager'], [null, 'S.Ak.']);
    financeUserIds.push(staff('Staf Keuangan', ['finance'], [null, 'S.E.']).userId);
    financeUserIds.push(staff('Staf Keuangan', ['finance'], [null, 'A.Md.']).userId);
    staff('Manajer Akademik', ['academic-manager'], [null, 'M.Pd.']);
    staff('Staf Akademik', ['academic'], [null, 'S.Pd.']);
    staff('Staf Akademik', ['academic'], [null, null]);
    for (let i = 0; i < 4; i++) staff('Guru', ['lecture'], [null, 'S.Pd.']);
    homeroomPool[b] = Array.from(
      { length: 18 },
      () =>
        staff(
          'Guru',
          ['lecture', 'homeroom-teacher'],
          [null, rnd.pick(['S.Pd.', 'S.Pd.I.', 'S.Si.', 'M.Pd.'])],
        ).employeeId,
    );
  });

  // --- per branch: structure, students, fees, bills, admissions --------------------------------------
  BRANCH_DEFS.forEach((branch, b) => {
    const branchId = branchIds[b] as number;
    const own = { client_id: clientId, branch_id: branchId };
    rows.branches.push({
      id: branchId,
      client_id: clientId,
      code: branch.code,
      name: branch.name,
      address: branch.address,
      phone: branch.phone,
      website: branch.website,
      city: branch.city,
    });

    const periodeIds = ['Semester Ganjil', 'Semester Genap'].map((name, i) => {
      const id = ids.periodes();
      rows.periodes.push({ id, ...own, name, sequence: i + 1 });
      return id;
    });
    const feeTypeId = new Map<FeeTypeName, number>();
    for (const name of FEE_TYPES) {
      const id = ids.fee_types();
      feeTypeId.set(name, id);
      rows.fee_types.push({ id, ...own, name });
    }
    const financeUser = financeUserIds[0] as number; // the demo finance account records the payments
    let voidedDemos = 0; // unconfirmed main bills (Jakarta SMP, this month) whose payment was voided
    let voidedExtraDemo = false; // one unconfirmed extra bill (Bandung SD) whose payment was voided
    const homerooms = [...(homeroomPool[b] ?? [])];

    DEPARTMENT_DEFS.forEach((dept, d) => {
      const departmentId = ids.departments();
      rows.departments.push({ id: departmentId, ...own, name: dept.name, sequence: d + 1 });

      // Years of study (previous and current) with their two semesters.
      const years = [currentStart - 1, currentStart].map((start) => {
        const id = ids.years_of_study();
        rows.years_of_study.push({
          id,
          ...own,
          department_id: departmentId,
          name: `${start}/${start + 1}`,
          start_date: `${start}-07-01`,
          end_date: `${start + 1}-06-30`,
        });
        const semesters = [
          { periode_id: periodeIds[0] as number, start_date: `${start}-07-01`, end_date: `${start}-12-31` },
          {
            periode_id: periodeIds[1] as number,
            start_date: `${start + 1}-01-01`,
            end_date: `${start + 1}-06-30`,
          },
        ].map((semester) => {
          const yosId = ids.yos_periodes();
          rows.yos_periodes.push({ id: yosId, ...own, year_of_study_id: id, ...semester });
          return { id: yosId, ...semester };
        });
        return { id, start, semesters };
      });

      const levelIds = dept.levels.map((grade, i) => {
        const id = ids.levels();
        rows.levels.push({
          id,
          ...own,
          department_id: departmentId,
          name: `Kelas ${grade}`,
          sequence: i + 1,
        });
        return id;
      });
      /** A monthly fee's price in this branch, department and level. */
      const monthlyPrice = (c: (typeof MONTHLY_COMPONENTS)[number], levelIdx: number) =>
        rupiah((c.fee === 'SPP' ? dept.spp + levelIdx * 25_000 : c.price) * branch.priceFactor);

      // Every level's default fees: this month's and last month's components were generated from them.
      levelIds.forEach((levelId, levelIdx) => {
        for (const c of MONTHLY_COMPONENTS) {
          rows.student_auto_fees.push({
            id: ids.student_auto_fees(),
            ...own,
            department_id: departmentId,
            level_id: levelId,
            fee_type_id: feeTypeId.get(c.fee) as number,
            ftype: c.ftype,
            name: c.name,
            price: monthlyPrice(c, levelIdx),
            due_day: c.due_day,
          });
        }
      });

      // Classes A and B of every level in both years; the current year's get homeroom teachers.
      const classOf = new Map<string, { id: number; levelIdx: number; yearIdx: number }>();
      years.forEach((y, yearIdx) => {
        dept.levels.forEach((grade, levelIdx) => {
          for (const letter of ['A', 'B']) {
            const id = ids.classes();
            rows.classes.push({
              id,
              ...own,
              department_id: departmentId,
              level_id: levelIds[levelIdx] as number,
              year_of_study_id: y.id,
              name: `${grade}${letter}`,
              capacity: dept.capacity,
              employee_id: yearIdx === 1 ? (homerooms.shift() ?? null) : null,
            });
            classOf.set(`${yearIdx}:${levelIdx}:${letter}`, { id, levelIdx, yearIdx });
          }
        });
      });

      // A new class of the last level this year, still empty and without a homeroom teacher.
      const current = years[1];
      const lastLevel = dept.levels.length - 1;
      if (current) {
        rows.classes.push({
          id: ids.classes(),
          ...own,
          department_id: departmentId,
          level_id: levelIds[lastLevel] as number,
          year_of_study_id: current.id,
          name: `${dept.levels[lastLevel]}C`,
          capacity: dept.capacity,
          employee_id: null,
        });
      }

      // Batches (angkatan) by year of entry, graduates' included.
      const batchId = new Map<number, number>();
      const batchFor = (yoe: number) => {
        let id = batchId.get(yoe);
        if (!id) {
          id = ids.batches();
          batchId.set(yoe, id);
          rows.batches.push({ id, ...own, department_id: departmentId, name: `Angkatan ${yoe}`, yoe });
        }
        return id;
      };

      // Students: the current classes, plus last year's graduates (lulus) and a few who left (keluar).
      const nisSeq = new Map<number, number>();
      const members: { studentId: number; classKey: (yearIdx: number) => string | null }[] = [];
      function addStudent(yoe: number, study_status: number): number {
        const id = ids.students();
        const g = gender();
        const seq = (nisSeq.get(yoe) ?? 0) + 1;
        nisSeq.set(yoe, seq);
        const fatherName = personName(1);
        rows.students.push({
          id,
          ...own,
          department_id: departmentId,
          batch_id: batchFor(yoe),
          nis: `${yoe}${d + 1}${pad(seq, 3)}`,
          nisn: `00${rnd.digits(8)}`,
          name: `${rnd.pick(g === 1 ? MALE_NAMES : FEMALE_NAMES)} ${fatherName.split(' ')[1]}`,
          yoe,
          study_status,
          gender_id: g,
          birth_place: rnd.weighted([
            [branch.city, 70],
            [rnd.pick(BIRTH_PLACES), 30],
          ]),
          birth_date: birthDate(yoe - dept.entryAge),
          citizenship: 'I',
          nik: `${branch.nikPrefix}${rnd.digits(12)}`,
          religion_id: rnd.weighted(religionWeights),
          ethnic_id: ethnicOf(branch),
          living_status: 1,
          father: fatherName,
          mother: personName(2),
          address_full: address(branch.city),
          prev_school_department_type: d === 0 ? 1 : 2,
          prev_school_name: rnd.pick(d === 0 ? SCHOOLS_BEFORE_SD : SCHOOLS_BEFORE_SMP),
          emergency_contact_type: 2,
          emergency_contact_rtype_id: relationshipIds[0] as number,
          emergency_contact_name: fatherName,
          emergency_contact_phone: `${branch.phonePrefix}${rnd.digits(8)}`,
          med_blood_type: rnd.pick(['A', 'B', 'AB', 'O']),
          med_blood_rhesus: '+',
          ext_hobby: rnd.pick(HOBBIES),
        });
        return id;
      }
      const topLevel = dept.levels.length - 1;
      dept.levels.forEach((_grade, levelIdx) => {
        for (const letter of ['A', 'B']) {
          const count = rnd.int(8, 12);
          for (let i = 0; i < count; i++) {
            const studentId = addStudent(currentStart - levelIdx, 1);
            // Last year they were one level lower (new entrants were not here yet).
            members.push({
              studentId,
              classKey: (yearIdx) =>
                yearIdx === 1
                  ? `1:${levelIdx}:${letter}`
                  : levelIdx > 0
                    ? `0:${levelIdx - 1}:${letter}`
                    : null,
            });
          }
        }
      });
      for (let i = 0; i < 6 + b * 2; i++) {
        const letter = rnd.pick(['A', 'B']);
        members.push({
          studentId: addStudent(currentStart - 1 - topLevel, 2),
          classKey: (yearIdx) => (yearIdx === 0 ? `0:${topLevel}:${letter}` : null),
        });
      }
      for (let i = 0; i < 3; i++) {
        const levelIdx = rnd.int(0, topLevel);
        const letter = rnd.pick(['A', 'B']);
        members.push({
          studentId: addStudent(currentStart - 1 - levelIdx, 3),
          classKey: (yearIdx) => (yearIdx === 0 ? `0:${levelIdx}:${letter}` : null),
        });
      }
      const classStudents = new Map<number, number[]>(); // class id -> student ids
      for (const { studentId, classKey } of members) {
        for (const yearIdx of [0, 1]) {
          const key = classKey(yearIdx);
          const cls = key ? classOf.get(key) : undefined;
          if (!cls) continue;
          rows.class_students.push({
            id: ids.class_students(),
            ...own,
            class_id: cls.id,
            student_id: studentId,
          });
          classStudents.set(cls.id, [...(classStudents.get(cls.id) ?? []), studentId]);
        }
      }
      const studentById = new Map(
        rows.students.filter((st) => st.department_id === departmentId).map((st) => [st.id as number, st]),
      );

      // --- fee components and bills of last month and this month ---------------------------------------
      for (const mm of [lastMonth, thisMonth]) {
        const { first } = monthRange(mm);
        const yearIdx = years.findIndex(
          (y) => first >= `${y.start}-07-01` && first <= `${y.start + 1}-06-30`,
        );
        const yearRow = years[yearIdx];
        if (!yearRow) continue;
        const semester = yearRow.semesters.find((sem) => first >= sem.start_date && first <= sem.end_date);
        if (!semester) continue;
        const isThisMonth = mm === thisMonth;

        for (const cls of classOf.values()) {
          if (cls.yearIdx !== yearIdx) continue;
          const base = {
            ...own,
            department_id: departmentId,
            year_of_study_id: yearRow.id,
            yos_periode_id: semester.id,
            level_id: levelIds[cls.levelIdx] as number,
            class_id: cls.id,
            mm,
          };
          const components = MONTHLY_COMPONENTS.map((c) => {
            const id = ids.student_fee_components();
            const price = monthlyPrice(c, cls.levelIdx);
            const row = {
              id,
              ...base,
              fee_type_id: feeTypeId.get(c.fee) as number,
              ftype: c.ftype,
              name: c.name,
              price,
              description: c.fee === 'SPP' ? `SPP bulan ${mm}` : null,
              due_day: c.due_day,
              due_date: null,
            };
            rows.student_fee_components.push(row);
            return row;
          });
          // First-level classes buy their textbooks this month: an extra bill.
          let extra: (typeof components)[number] | undefined;
          if (isThisMonth && cls.levelIdx === 0) {
            extra = {
              id: ids.student_fee_components(),
              ...base,
              fee_type_id: feeTypeId.get('Buku') as number,
              ftype: 1,
              name: 'Buku Paket Semester',
              price: rupiah(350_000 * branch.priceFactor),
              description: 'Paket buku pelajaran satu semester',
              due_day: 25,
              due_date: null,
            };
            rows.student_fee_components.push(extra);
          }

          // Jakarta's SMP has not confirmed this month's bills yet.
          const confirmed = !(isThisMonth && b === 1 && d === 1);
          for (const studentId of classStudents.get(cls.id) ?? []) {
            const student = studentById.get(studentId);
            if (!student) continue;
            const discountRate = rnd.chance(0.08) ? 0.1 : 0; // sibling discount on SPP
            const bailRate = rnd.chance(0.04) ? 0.5 : 0; // scholarship covers half the SPP
            const bill = addStudentBill({
              base,
              studentId,
              type: 1,
              bill_date: first,
              confirmed,
              lines: components.map((c, i) => ({
                component: c,
                discount: i === 0 ? rupiah(c.price * discountRate) : 0,
                bail: i === 0 ? rupiah(c.price * bailRate) : 0,
              })),
            });
            if (confirmed) payStudentBill(bill, mm, student);
            else if (voidedDemos < 3 && bill.items.length > 0) {
              voidedDemos++;
              voidedStudentPayment(bill, student);
            }
            if (extra && rnd.chance(0.7)) {
              const extraBill = addStudentBill({
                base,
                studentId,
                type: 2,
                bill_date: `${mm}-02`,
                confirmed: rnd.chance(0.6),
                lines: [{ component: extra, discount: 0, bail: 0 }],
              });
              if (extraBill.bill.form_status === 1) payStudentBill(extraBill, mm, student);
              else if (b === 0 && d === 0 && !voidedExtraDemo) {
                voidedExtraDemo = true;
                voidedStudentPayment(extraBill, student);
              }
            }
          }
        }
      }

      // --- older arrears: a fixed-date activity fee two students of Kelas 2B / 8B still owe ------------
      for (const old of OLD_ARREARS) {
        const due = addDays(today, -old.daysAgo);
        const mm = monthOf(due);
        const { first } = monthRange(mm);
        const yearIdx = years.findIndex(
          (y) => first >= `${y.start}-07-01` && first <= `${y.start + 1}-06-30`,
        );
        const yearRow = years[yearIdx];
        const semester = yearRow?.semesters.find((sem) => first >= sem.start_date && first <= sem.end_date);
        const cls = classOf.get(`${yearIdx}:1:B`);
        if (!yearRow || !semester || !cls) continue;
        const base = {
          ...own,
          department_id: departmentId,
          year_of_study_id: yearRow.id,
          yos_periode_id: semester.id,
          level_id: levelIds[1] as number,
          class_id: cls.id,
          mm,
        };
        const component = {
          id: ids.student_fee_components(),
          ...base,
          fee_type_id: feeTypeId.get('Kegiatan') as number,
          ftype: 1,
          name: old.name,
          price: rupiah(old.price * branch.priceFactor),
          description: `${old.name}, dibayar paling lambat ${due}`,
          due_day: null,
          due_date: due,
        };
        rows.student_fee_components.push(component);
        const owing = (classStudents.get(cls.id) ?? []).filter(
          (id) => studentById.get(id)?.study_status === 1,
        );
        for (const studentId of owing.slice(0, 2)) {
          addStudentBill({
            base,
            studentId,
            type: 2,
            bill_date: `${mm}-02`,
            confirmed: true,
            lines: [{ component, discount: 0, bail: 0 }],
          });
        }
      }

      // --- admissions (PSB) and transfers (mutasi) ----------------------------------------------------
      addAdmissions(own, departmentId, dept, d, feeTypeId, financeUser);
    });

    // ----- bill helpers (closures over the branch) -----
    type Line = { component: Row<typeof s.student_fee_components>; discount: number; bail: number };
    type BuiltBill = { bill: Row<typeof s.student_billings>; items: Row<typeof s.student_billing_items>[] };

    function addStudentBill(input: {
      base: {
        client_id: number;
        branch_id: number;
        department_id: number;
        year_of_study_id: number;
        yos_periode_id: number;
        level_id: number;
        class_id: number;
        mm: string;
      };
      studentId: number;
      type: 1 | 2;
      bill_date: string;
      confirmed: boolean;
      lines: Line[];
    }): BuiltBill {
      const billId = ids.student_billings();
      const items = input.lines.map(({ component, discount, bail }) => {
        const price = component.price as number;
        return {
          id: ids.student_billing_items(),
          client_id: input.base.client_id,
          branch_id: input.base.branch_id,
          department_id: input.base.department_id,
          student_id: input.studentId,
          student_billing_id: billId,
          student_fee_component_id: component.id as number,
          fee_type_id: component.fee_type_id,
          ftype: component.ftype ?? 1,
          price,
          discount,
          bail,
          qty: 1,
          amount: price - discount - bail,
          due_date: itemDueDate(component, input.bill_date),
          total_amount: price,
          total_discount: discount,
          total_bail: bail,
          total_payment: 0,
          total_billing: price - discount - bail,
          payment_status: price - discount - bail === 0 ? 1 : 0,
        } satisfies Row<typeof s.student_billing_items>;
      });
      const bill: Row<typeof s.student_billings> = {
        id: billId,
        ...input.base,
        bill_number: '', // numbered in date order at the end
        student_id: input.studentId,
        bill_date: input.bill_date,
        due_date: input.bill_date, // set with the totals
        type: input.type,
        form_status: input.confirmed ? 1 : 0,
        created_by: financeUser,
      };
      rows.student_billings.push(bill);
      rows.student_billing_items.push(...items);
      refreshStudentBill({ bill, items });
      return { bill, items };
    }

    /** Records who paid what: most pay in full in the bill's month, some late (this month), some not yet. */
    function payStudentBill(built: BuiltBill, mm: string, student: Row<typeof s.students>, voided = false) {
      const isThisMonth = mm === thisMonth;
      const outcome = voided
        ? 'full'
        : isThisMonth
          ? rnd.weighted([
              ['full', 45],
              ['partial', 12],
              ['none', 43],
            ] as const)
          : rnd.weighted([
              ['full', 78],
              ['late', 12],
              ['none', 10],
            ] as const);
      if (outcome === 'none') return;
      const billDate = built.bill.bill_date;
      // Paid between the bill date and the end of its month, or (late, this month's) up to today.
      const from = outcome === 'late' ? `${thisMonth}-01` : billDate;
      const to = voided ? billDate : isThisMonth || outcome === 'late' ? today : monthRange(mm).last;
      if (to < from) return;
      const payment_date = addDays(from, rnd.int(0, daysBetween(from, to)));
      // A partial payer settles the first item (SPP) only.
      const paying = outcome === 'partial' ? built.items.slice(0, 1) : built.items;
      const lines = paying
        .filter((item) => (item.total_billing ?? 0) > 0)
        .map((item) => ({ item, amount: item.total_billing ?? 0 }));
      const amount = lines.reduce((sum, l) => sum + l.amount, 0);
      if (amount <= 0) return;

      const paymentId = ids.student_billing_payments();
      const ptype = rnd.weighted([
        [1, 40],
        [4, 40],
        [2, 20],
      ]);
      const payment: Row<typeof s.student_billing_payments> = {
        id: paymentId,
        client_id: built.bill.client_id,
        branch_id: built.bill.branch_id,
        student_billing_id: built.bill.id as number,
        student_id: built.bill.student_id,
        payment_number: '',
        payment_date,
        amount,
        // Cash is handed over rounded up to Rp 50.000; other types pay the exact amount.
        total_amount_payment_paid: ptype === 1 ? Math.ceil(amount / 50_000) * 50_000 : amount,
        ptype,
        payer_name: rnd.chance(0.7) ? (student.father ?? student.name) : (student.mother ?? student.name),
        payer_city: branch.city,
        note: ptype === 4 ? 'Transfer via bank' : null,
        idempotency_key: `seed-${paymentId}`,
        created_by: financeUser,
        // Recorded on its own day (10:00 WIB), as a cashier would have: Rekap Kas Harian reads the day from it.
        created_at: new Date(`${payment_date}T03:00:00Z`),
        ...(voided
          ? {
              // Paid, then the bill's confirmation was withdrawn: the payment stays, voided (api/README.md).
              voided_at: new Date(`${today}T02:00:00Z`),
              voided_by: financeUser,
              void_reason: 'Konfirmasi billing dibatalkan: diskon saudara kandung belum dimasukkan',
            }
          : {}),
      };
      rows.student_billing_payments.push(payment);
      for (const { item, amount: paid } of lines) {
        rows.student_billing_item_payments.push({
          id: ids.student_billing_item_payments(),
          client_id: item.client_id,
          branch_id: item.branch_id,
          student_billing_payment_id: paymentId,
          student_billing_item_id: item.id as number,
          student_fee_component_id: item.student_fee_component_id,
          amount: paid,
        });
        if (voided) continue; // a voided payment counts in no total
        item.total_payment = (item.total_payment ?? 0) + paid;
        item.total_billing = (item.total_billing ?? 0) - paid;
        item.payment_status = item.total_billing === 0 ? 1 : 0;
      }
      refreshStudentBill(built);
      payment.total_billing_after = voided ? 0 : (built.bill.total_billing ?? 0);
    }

    /** A student bill's totals, and its due date: the earliest of its items still owing (docs/money.md). */
    function refreshStudentBill(built: BuiltBill) {
      refreshTotals(built.bill, built.items);
      built.bill.due_date = billDueDate(
        built.items.map((i) => ({ due_date: i.due_date, total_billing: i.total_billing ?? 0 })),
        built.bill.bill_date,
      );
    }

    /** A payment in full on the bill date, voided today: the bill was paid, then its confirmation withdrawn. */
    function voidedStudentPayment(built: BuiltBill, student: Row<typeof s.students>) {
      payStudentBill(built, thisMonth, student, true);
    }
  });

  /** Bill totals are the sums of its items; paid (lunas) when nothing is left to pay. */
  function refreshTotals(
    bill: {
      total_amount?: number;
      total_discount?: number;
      total_bail?: number;
      total_payment?: number;
      total_billing?: number;
      payment_status?: number;
    },
    items: readonly {
      total_amount?: number;
      total_discount?: number;
      total_bail?: number;
      total_payment?: number;
      total_billing?: number;
    }[],
  ) {
    const sum = (key: 'total_amount' | 'total_discount' | 'total_bail' | 'total_payment' | 'total_billing') =>
      items.reduce((acc, item) => acc + (item[key] ?? 0), 0);
    bill.total_amount = sum('total_amount');
    bill.total_discount = sum('total_discount');
    bill.total_bail = sum('total_bail');
    bill.total_payment = sum('total_payment');
    bill.total_billing = sum('total_billing');
    bill.payment_status = bill.total_billing === 0 ? 1 : 0;
  }

  /** An admission event for next year's intake and a transfer event for this year, with prospects and their bills. */
  function addAdmissions(
    own: { client_id: number; branch_id: number },
    departmentId: number,
    dept: (typeof DEPARTMENT_DEFS)[number],
    d: number,
    feeTypeId: Map<FeeTypeName, number>,
    financeUser: number,
  ) {
    const b = branchIds.indexOf(own.branch_id);
    const branch = BRANCH_DEFS[b] as (typeof BRANCH_DEFS)[number];
    const start = addDays(`${lastMonth}-01`, -31);
    const end = monthRange(addMonths(thisMonth, 2)).last;
    const events = [
      {
        stype: 1,
        yoe: currentStart + 1,
        code: `PSB-${dept.code}-${currentStart + 1}`,
        name: `PSB ${dept.name} Tahun Ajaran ${currentStart + 1}/${currentStart + 2} Gelombang 1`,
        prospects: rnd.int(12, 16),
        fees: [
          ['FRM', 'Formulir Pendaftaran', 'Uang Pendaftaran', 1, 300_000],
          ['UPK', 'Uang Pangkal', 'Uang Pangkal', 1, d === 0 ? 7_500_000 : 9_000_000],
          ['SRG', 'Seragam', 'Seragam', 1, 850_000],
          ['BKU', 'Buku Paket', 'Buku', 1, 650_000],
          ['KGT', 'Kegiatan Awal Tahun', 'Kegiatan', 1, 400_000],
          ['SMB', 'Sumbangan Pembangunan', 'Sumbangan Pengembangan', 0, 500_000],
        ] as const,
      },
      {
        stype: 2,
        yoe: currentStart,
        code: `MUT-${dept.code}-${currentStart}`,
        name: `Mutasi Masuk ${dept.name} Tahun Ajaran ${currentStart}/${currentStart + 1}`,
        prospects: rnd.int(6, 8),
        fees: [
          ['FRM', 'Formulir Mutasi', 'Uang Pendaftaran', 1, 250_000],
          ['UPK', 'Uang Pangkal Mutasi', 'Uang Pangkal', 1, d === 0 ? 5_000_000 : 6_500_000],
          ['SRG', 'Seragam', 'Seragam', 1, 850_000],
        ] as const,
      },
    ];
    for (const event of events) {
      const eventId = ids.psb_events();
      rows.psb_events.push({
        id: eventId,
        ...own,
        department_id: departmentId,
        psb_event_stype_id: event.stype,
        yoe: event.yoe,
        code: event.code,
        name: event.name,
        start_date: start,
        end_date: end,
      });
      const fees = event.fees.map(([code, name, feeType, ftype, price]) => {
        const id = ids.psb_event_fees();
        const row = {
          id,
          ...own,
          psb_event_id: eventId,
          fee_type_id: feeTypeId.get(feeType) ?? null,
          code,
          name,
          ftype,
          price: rupiah(price * branch.priceFactor),
        };
        rows.psb_event_fees.push(row);
        return row;
      });

      for (let n = 1; n <= event.prospects; n++) {
        const prospectId = ids.psb_event_prospectives();
        const g = gender();
        const father = personName(1);
        const mother = personName(2);
        // Every status in every event, in a fixed order; see `paying` below for what each has paid.
        const registration_status = STATUS_CYCLE[(n - 1) % STATUS_CYCLE.length] as number;
        const round = Math.floor((n - 1) / STATUS_CYCLE.length);
        const emergency = rnd.weighted([
          [2, 50],
          [3, 40],
          [1, 10],
        ]);
        const grade = event.stype === 1 ? 0 : rnd.int(1, dept.levels.length - 1);
        rows.psb_event_prospectives.push({
          id: prospectId,
          ...own,
          psb_event_id: eventId,
          psb_event_stype_id: event.stype,
          department_id: departmentId,
          yoe: event.yoe,
          reg_number: `${event.stype === 1 ? 'REG' : 'MUT'}${event.yoe}${dept.code}${pad(n, 3)}`,
          name: `${rnd.pick(g === 1 ? MALE_NAMES : FEMALE_NAMES)} ${father.split(' ')[1]}`,
          gender_id: g,
          birth_place: rnd.pick(BIRTH_PLACES),
          birth_date: birthDate(event.yoe - dept.entryAge - grade),
          citizenship: rnd.chance(0.97) ? 'I' : 'A',
          nik: `${branch.nikPrefix}${rnd.digits(12)}`,
          religion_id: rnd.weighted(religionWeights),
          ethnic_id: ethnicOf(branch),
          living_status: rnd.weighted([
            [1, 90],
            [3, 7],
            [2, 3],
          ]),
          father,
          mother,
          guardian: rnd.chance(0.1) ? personName(gender()) : null,
          address_full: address(branch.city),
          address_distance: `${rnd.int(1, 15)} km`,
          mail_address_full: rnd.chance(0.2) ? address(branch.city) : null,
          prev_school_department_type: d === 0 ? (event.stype === 1 ? 1 : 2) : event.stype === 1 ? 2 : 3,
          prev_school_name: `${rnd.pick(d === 0 && event.stype === 1 ? SCHOOLS_BEFORE_SD : SCHOOLS_BEFORE_SMP)} ${rnd.pick(BIRTH_PLACES)}`,
          prev_certivicate_number: d === 1 && event.stype === 1 ? `DN-02/D-SD/${rnd.digits(7)}` : null,
          prev_certivicate_date:
            d === 1 && event.stype === 1 ? `${event.yoe}-06-${pad(rnd.int(10, 25), 2)}` : null,
          prev_nisn: d === 0 && event.stype === 1 ? null : `00${rnd.digits(8)}`,
          prev_un_number:
            d === 1 && event.stype === 1
              ? `${rnd.digits(2)}-${rnd.digits(3)}-${rnd.digits(3)}-${rnd.digits(1)}`
              : null,
          prev_un_score: d === 1 && event.stype === 1 ? rnd.int(6000, 9800) / 100 : null,
          emergency_contact_type: emergency,
          emergency_contact_rtype_id: relationshipIds[
            emergency === 2 ? 0 : emergency === 3 ? 1 : 2
          ] as number,
          emergency_contact_name: emergency === 3 ? mother : father,
          emergency_contact_phone: `${branch.phonePrefix}${rnd.digits(8)}`,
          emergency_contact_email: rnd.chance(0.6)
            ? `${father.split(' ')[0]?.toLowerCase()}${rnd.int(10, 99)}@gmail.com`
            : null,
          med_blood_type: rnd.pick(['A', 'B', 'AB', 'O']),
          med_blood_rhesus: '+',
          med_dietaries: rnd.chance(0.1) ? 'Tidak makan makanan laut' : null,
          med_medicines: null,
          med_allergies: rnd.chance(0.15) ? rnd.pick(['Debu', 'Udang', 'Kacang', 'Susu sapi']) : null,
          med_diseases: rnd.chance(0.05) ? 'Asma ringan' : null,
          med_notes: null,
          ext_hobby: rnd.pick(HOBBIES),
          ext_achievement: rnd.pick(ACHIEVEMENTS) || null,
          registration_status,
        });
        const prospectFees = fees
          .filter((fee) => fee.ftype === 1 || rnd.chance(0.5))
          .map((fee) => {
            const row = {
              id: ids.psb_event_prospective_fees(),
              ...own,
              psb_event_prospective_id: prospectId,
              psb_event_fee_id: fee.id,
              ftype: fee.ftype,
              price: fee.price,
              qty: 1,
            };
            rows.psb_event_prospective_fees.push(row);
            return row;
          });

        // Prospects who have submitted their data are billed.
        if (registration_status === 0) continue;
        const billId = ids.prospective_billings();
        const bill_date = addDays(start, rnd.int(0, Math.max(0, daysBetween(start, today) - 7)));
        const items = prospectFees.map((fee) => ({
          id: ids.prospective_billing_items(),
          ...own,
          prospective_billing_id: billId,
          psb_event_prospective_fee_id: fee.id,
          ftype: fee.ftype,
          price: fee.price,
          qty: 1,
          total_amount: fee.price,
          total_discount: 0,
          total_bail: 0,
          total_payment: 0,
          total_billing: fee.price,
          payment_status: 0,
        }));
        const bill: Row<typeof s.prospective_billings> = {
          id: billId,
          ...own,
          bill_number: '',
          psb_event_id: eventId,
          psb_event_stype_id: event.stype,
          department_id: departmentId,
          psb_event_prospective_id: prospectId,
          bill_date,
        };
        rows.prospective_billings.push(bill);
        rows.prospective_billing_items.push(...items);

        // Accepted prospects have paid everything, those who passed the selection two fees, the others the
        // form fee; the first 'Data Terkirim' of each event has paid nothing yet (unpaid, partly paid and paid
        // bills for both event types).
        const paying =
          registration_status === 4
            ? items
            : registration_status === 3
              ? items.slice(0, 2)
              : registration_status === 1 && round === 0
                ? []
                : items.slice(0, 1);
        const payment_date = addDays(bill_date, rnd.int(0, daysBetween(bill_date, today)));
        const amount = paying.reduce((sum, item) => sum + item.total_billing, 0);
        let payment: Row<typeof s.prospective_billing_payments> | undefined;
        if (amount > 0) {
          const paymentId = ids.prospective_billing_payments();
          const ptype = rnd.weighted([
            [1, 30],
            [4, 70],
          ]);
          payment = {
            id: paymentId,
            ...own,
            prospective_billing_id: billId,
            psb_event_prospective_id: prospectId,
            payment_number: '',
            payment_date,
            amount,
            total_amount_payment_paid: ptype === 1 ? Math.ceil(amount / 50_000) * 50_000 : amount,
            ptype,
            payer_name: father,
            payer_city: branch.city,
            idempotency_key: `seed-${paymentId}`,
            created_by: financeUser,
            created_at: new Date(`${payment_date}T03:00:00Z`),
          };
          rows.prospective_billing_payments.push(payment);
          for (const item of paying) {
            rows.prospective_billing_item_payments.push({
              id: ids.prospective_billing_item_payments(),
              ...own,
              prospective_billing_payment_id: paymentId,
              prospective_billing_item_id: item.id,
              amount: item.total_billing,
            });
            item.total_payment = item.total_billing;
            item.total_billing = 0;
            item.payment_status = 1;
          }
        }
        refreshTotals(bill, items);
        if (payment) payment.total_billing_after = bill.total_billing ?? 0;
      }
    }
  }

  // Bill and payment numbers in date order, counted the way lib/numbering.ts counts them; the counters are
  // stored so numbers issued after the seed continue from here.
  const branchCode = new Map(rows.branches.map((branch) => [branch.id, branch.code]));
  const sequences = new Map<string, Row<typeof s.document_sequences>>();
  function numberInDateOrder<T extends { id?: number; branch_id: number }>(
    list: T[],
    kind: (row: T) => DocumentKind,
    date: (row: T) => string,
    assign: (row: T, documentNumber: string) => void,
  ) {
    const sorted = [...list].sort((a, b) => date(a).localeCompare(date(b)) || (a.id ?? 0) - (b.id ?? 0));
    for (const row of sorted) {
      const period = date(row).slice(0, 7);
      const key = `${row.branch_id}:${kind(row)}:${period}`;
      const counter = sequences.get(key) ?? {
        client_id: clientId,
        branch_id: row.branch_id,
        kind: kind(row),
        period,
        last_value: 0,
      };
      counter.last_value += 1;
      sequences.set(key, counter);
      assign(
        row,
        formatDocumentNumber(kind(row), branchCode.get(row.branch_id) ?? '', period, counter.last_value),
      );
    }
  }
  numberInDateOrder(
    rows.student_billings,
    () => 'student_billing',
    (b) => b.mm,
    (b, n) => {
      b.bill_number = n;
    },
  );
  numberInDateOrder(
    rows.student_billing_payments,
    () => 'student_payment',
    (p) => p.payment_date,
    (p, n) => {
      p.payment_number = n;
    },
  );
  numberInDateOrder(
    rows.prospective_billings,
    (b) => (b.psb_event_stype_id === 1 ? 'psb_billing' : 'mutation_billing'),
    (b) => b.bill_date,
    (b, n) => {
      b.bill_number = n;
    },
  );
  numberInDateOrder(
    rows.prospective_billing_payments,
    () => 'prospective_payment',
    (p) => p.payment_date,
    (p, n) => {
      p.payment_number = n;
    },
  );
  rows.document_sequences = [...sequences.values()];

  return rows;
}
