/** The school the demo data describes: accounts, roles, branches, departments, fee types and monthly fees. */
import { ROLE_TITLES, type RoleSlug } from '@keuangan/shared/contract';
import { rupiah } from './context';

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

// In this order: the roles' ids follow it.
const ROLE_COLORS: Record<RoleSlug, string> = {
  superadmin: '#722ed1',
  admin: '#2f54eb',
  manager: '#1677ff',
  headfoundation: '#13c2c2',
  principal: '#08979c',
  headmaster: '#389e0d',
  'finance-manager': '#d48806',
  finance: '#fa8c16',
  'academic-manager': '#c41d7f',
  academic: '#eb2f96',
  lecture: '#595959',
  'homeroom-teacher': '#8c8c8c',
};

export const ROLE_DEFS: [slug: string, title: string, color: string][] = Object.entries(ROLE_COLORS).map(
  ([slug, color]) => [slug, ROLE_TITLES[slug as RoleSlug], color],
);

export const BRANCH_DEFS = [
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
export const STATUS_CYCLE = [1, 4, 3, 0, 2, 5] as const;

export const DEPARTMENT_DEFS = [
  { name: 'SD', code: 'SD', levels: [1, 2, 3, 4, 5, 6], entryAge: 6, spp: 450_000, capacity: 28 },
  { name: 'SMP', code: 'SMP', levels: [7, 8, 9], entryAge: 12, spp: 600_000, capacity: 32 },
] as const;

export const FEE_TYPES = [
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
export type FeeTypeName = (typeof FEE_TYPES)[number];

/**
 * Monthly components of every class (the main bill), which are also every level's default fees (Biaya
 * Otomatis Siswa, the source of "Generate Komponen"); prices are SD prices, scaled per department and branch.
 */
export const MONTHLY_COMPONENTS: {
  fee: FeeTypeName;
  name: string;
  ftype: 0 | 1;
  price: number;
  /** The day of its month it falls due (docs/money.md "Due dates and arrears"). */
  due_day: number;
}[] = [
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
export const OLD_ARREARS = [
  { daysAgo: 100, name: 'Study Tour', price: 300_000 },
  { daysAgo: 70, name: 'Outbound Kelas', price: 200_000 },
] as const;

export type BranchDef = (typeof BRANCH_DEFS)[number];
export type DepartmentDef = (typeof DEPARTMENT_DEFS)[number];
export type MonthlyComponent = (typeof MONTHLY_COMPONENTS)[number];

/** A monthly fee's price in a branch, department and level (SPP rises by level; prices scale per branch). */
export const monthlyPrice = (branch: BranchDef, dept: DepartmentDef, c: MonthlyComponent, levelIdx: number) =>
  rupiah((c.fee === 'SPP' ? dept.spp + levelIdx * 25_000 : c.price) * branch.priceFactor);
