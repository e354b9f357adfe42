/**
 * Staff: the documented sign-in accounts first (user ids 1, 2, 3), the foundation's head, then each branch's
 * principal, heads, managers, finance and academic staff, teachers and homeroom teachers.
 */
import { pad, type SeedContext } from './context';
import { BRANCH_DEFS, type BranchDef, DEMO_ACCOUNTS } from './definitions';
import { BIRTH_PLACES } from './names';
import type { People } from './people';
import type { ReferenceIds } from './reference';

export interface StaffIds {
  /** The users who record payments: the demo finance account first. */
  financeUserIds: number[];
  /** Per branch, the homeroom teachers (employee ids) handed out to the current year's classes. */
  homeroomPool: number[][];
}

export function addStaffMembers(
  { rows, ids, rnd, year, currentStart }: SeedContext,
  reference: ReferenceIds,
  people: People,
  branchIds: readonly number[],
): StaffIds {
  const unames = new Set<string>();
  const financeUserIds: number[] = [];
  let nipSeq = 0;

  /** A staff member: a user (sign-in), roles, branches and the employee record. */
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
    const branch = BRANCH_DEFS[options.branchIdxs[0] ?? 0] as BranchDef;
    rows.users.push({
      id: userId,
      client_id: reference.clientId,
      uname,
      email: `${uname}@sekolahnusantara.sch.id`,
      // Staff other than the demo accounts sign in through the suite's Google login: no password here.
      password_hash: options.passwordHash ?? '!',
      name: options.name,
      utype_name: options.utype_name,
    });
    for (const slug of options.roles)
      rows.user_roles.push({ user_id: userId, role_id: reference.roleId.get(slug) as number });
    for (const i of options.branchIdxs)
      rows.user_branches.push({ user_id: userId, branch_id: branchIds[i] as number });

    const employeeId = ids.employees();
    const joinYear = rnd.int(2005, currentStart);
    nipSeq++;
    rows.employees.push({
      id: employeeId,
      client_id: reference.clientId,
      user_id: userId,
      nip: `${joinYear}${pad(nipSeq, 4)}`,
      nip_pns: rnd.chance(0.15)
        ? `19${rnd.int(70, 95)}${pad(rnd.int(1, 12), 2)}${pad(rnd.int(1, 28), 2)}${joinYear}${rnd.digits(6)}`
        : null,
      name: options.name,
      initial_degree: options.degrees?.[0] ?? null,
      final_degree: options.degrees?.[1] ?? null,
      gender_id: options.gender,
      religion_id: rnd.weighted(people.religionWeights),
      ethnic_id: people.ethnicOf(branch),
      marital_status_id: rnd.weighted([
        [1, 70],
        [2, 28],
        [99, 2],
      ]),
      birth_place: rnd.pick(BIRTH_PLACES),
      birth_date: people.birthDate(year - rnd.int(24, 57)),
      nik: `${branch.nikPrefix}${rnd.digits(12)}`,
      phone: `${branch.phonePrefix}${rnd.digits(8)}`,
      address: people.address(branch.city),
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
  addStaff({
    name: 'H. Soedarmo Wiryawan',
    gender: 1,
    utype_name: 'Pengurus Yayasan',
    roles: ['headfoundation'],
    branchIdxs: [0, 1],
    degrees: ['Drs.', 'M.M.'],
  });

  const homeroomPool: number[][] = [];
  BRANCH_DEFS.forEach((_branch, b) => {
    const staff = (utype_name: string, roles: string[], degrees: [string | null, string | null]) => {
      const g = people.gender();
      return addStaff({ name: people.personName(g), gender: g, utype_name, roles, branchIdxs: [b], degrees });
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
  return { financeUserIds, homeroomPool };
}
