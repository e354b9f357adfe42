/**
 * A branch and its academic structure: the branch row, its semesters and fee types; per department its two
 * years of study (previous and current) with their semesters, levels and their default fees, classes A and B
 * of every level in both years (plus an empty class C this year), and batches (Angkatan) made as students need them.
 */
import type { SeedContext } from './context';
import {
  type BranchDef,
  type DepartmentDef,
  FEE_TYPES,
  type FeeTypeName,
  MONTHLY_COMPONENTS,
  monthlyPrice,
} from './definitions';

/** What every row of a branch carries, and what its parts share. */
export interface BranchScope {
  branch: BranchDef;
  /** The branch's index in BRANCH_DEFS. */
  b: number;
  own: { client_id: number; branch_id: number };
  feeTypeId: Map<FeeTypeName, number>;
  /** The demo finance account, who records the branch's payments. */
  financeUser: number;
  /** Demo cases made once per branch (voided payments), counted as they are made. */
  demos: { voidedMainBills: number; voidedExtraBill: boolean };
  periodeIds: number[];
}

export interface ClassRef {
  id: number;
  levelIdx: number;
  yearIdx: number;
}

export interface DepartmentStructure {
  dept: DepartmentDef;
  /** The department's index in DEPARTMENT_DEFS. */
  d: number;
  departmentId: number;
  years: { id: number; start: number; semesters: { id: number; start_date: string; end_date: string }[] }[];
  levelIds: number[];
  /** Classes A and B by `yearIdx:levelIdx:letter`. */
  classOf: Map<string, ClassRef>;
  /** The batch (Angkatan) of a year of entry, made on first use. */
  batchFor(yoe: number): number;
}

export function addBranch(
  { rows, ids }: SeedContext,
  input: { branch: BranchDef; b: number; branchId: number; clientId: number; financeUser: number },
): BranchScope {
  const { branch, branchId, clientId } = input;
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
  return {
    branch,
    b: input.b,
    own,
    feeTypeId,
    financeUser: input.financeUser,
    demos: { voidedMainBills: 0, voidedExtraBill: false },
    periodeIds,
  };
}

export function addDepartment(
  { rows, ids, currentStart }: SeedContext,
  scope: BranchScope,
  dept: DepartmentDef,
  d: number,
  homerooms: number[],
): DepartmentStructure {
  const { own, periodeIds } = scope;
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
    rows.levels.push({ id, ...own, department_id: departmentId, name: `Kelas ${grade}`, sequence: i + 1 });
    return id;
  });

  // Every level's default fees: this month's and last month's components were generated from them.
  levelIds.forEach((levelId, levelIdx) => {
    for (const c of MONTHLY_COMPONENTS) {
      rows.student_auto_fees.push({
        id: ids.student_auto_fees(),
        ...own,
        department_id: departmentId,
        level_id: levelId,
        fee_type_id: scope.feeTypeId.get(c.fee) as number,
        ftype: c.ftype,
        name: c.name,
        price: monthlyPrice(scope.branch, dept, c, levelIdx),
        due_day: c.due_day,
      });
    }
  });

  // Classes A and B of every level in both years; the current year's get homeroom teachers.
  const classOf = new Map<string, ClassRef>();
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
  return { dept, d, departmentId, years, levelIds, classOf, batchFor };
}
