/**
 * The reference lists behind the selects: global ones (religions, ethnics, roles) and the branch's academic
 * structure (departments, fee types, years, levels, classes, periods), each in the order the screens show it.
 */
import type {
  ClassRef,
  DepartmentRef,
  FeeTypeRef,
  LevelRef,
  RefItem,
  Role,
  YearOfStudyRef,
  YosPeriode,
} from '@keuangan/shared/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  classes,
  departments,
  ethnics,
  fee_types,
  levels,
  periodes,
  religions,
  roles,
  years_of_study,
  yos_periodes,
} from '../db/schema';
import { type BranchScope, inBranch, optionalEq } from '../lib/scope';

export const religionList = (db: Db): Promise<RefItem[]> =>
  db.select({ id: religions.id, name: religions.name }).from(religions).orderBy(asc(religions.id));

export const ethnicList = (db: Db): Promise<RefItem[]> =>
  db.select({ id: ethnics.id, name: ethnics.name }).from(ethnics).orderBy(asc(ethnics.name));

export const roleList = (db: Db): Promise<Role[]> =>
  db
    .select({ id: roles.id, slug: roles.slug, title: roles.title, bg_color: roles.bg_color })
    .from(roles)
    .orderBy(asc(roles.id));

export const departmentList = (db: Db, scope: BranchScope): Promise<DepartmentRef[]> =>
  db
    .select({ id: departments.id, name: departments.name, sequence: departments.sequence })
    .from(departments)
    .where(inBranch(scope, departments))
    .orderBy(asc(departments.sequence), asc(departments.id));

export const feeTypeList = (db: Db, scope: BranchScope): Promise<FeeTypeRef[]> =>
  db
    .select({ id: fee_types.id, name: fee_types.name })
    .from(fee_types)
    .where(inBranch(scope, fee_types))
    .orderBy(asc(fee_types.id));

/** Newest year first: the screens default to the first option. */
export const yearList = (db: Db, scope: BranchScope, departmentId?: number): Promise<YearOfStudyRef[]> =>
  db
    .select({
      id: years_of_study.id,
      name: years_of_study.name,
      department_id: years_of_study.department_id,
      start_date: years_of_study.start_date,
      end_date: years_of_study.end_date,
    })
    .from(years_of_study)
    .where(inBranch(scope, years_of_study, optionalEq(years_of_study.department_id, departmentId)))
    .orderBy(desc(years_of_study.start_date), asc(years_of_study.id));

export const levelList = (db: Db, scope: BranchScope, departmentId?: number): Promise<LevelRef[]> =>
  db
    .select({
      id: levels.id,
      name: levels.name,
      department_id: levels.department_id,
      sequence: levels.sequence,
    })
    .from(levels)
    .where(inBranch(scope, levels, optionalEq(levels.department_id, departmentId)))
    .orderBy(asc(levels.sequence), asc(levels.id));

export const classList = (
  db: Db,
  scope: BranchScope,
  filter: { department_id?: number; level_id?: number; year_of_study_id?: number },
): Promise<ClassRef[]> =>
  db
    .select({
      id: classes.id,
      name: classes.name,
      department_id: classes.department_id,
      level_id: classes.level_id,
      year_of_study_id: classes.year_of_study_id,
      capacity: classes.capacity,
    })
    .from(classes)
    .where(
      inBranch(
        scope,
        classes,
        optionalEq(classes.department_id, filter.department_id),
        optionalEq(classes.level_id, filter.level_id),
        optionalEq(classes.year_of_study_id, filter.year_of_study_id),
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id));

export async function periodList(db: Db, scope: BranchScope, yearId?: number): Promise<YosPeriode[]> {
  const rows = await db
    .select({
      id: yos_periodes.id,
      year_of_study_id: yos_periodes.year_of_study_id,
      periode_id: yos_periodes.periode_id,
      start_date: yos_periodes.start_date,
      end_date: yos_periodes.end_date,
      periode_name: periodes.name,
    })
    .from(yos_periodes)
    .innerJoin(periodes, eq(periodes.id, yos_periodes.periode_id))
    .where(inBranch(scope, yos_periodes, optionalEq(yos_periodes.year_of_study_id, yearId)))
    .orderBy(asc(yos_periodes.start_date), asc(yos_periodes.id));
  return rows.map(({ periode_name, ...row }) => ({ ...row, periode: { name: periode_name } }));
}
