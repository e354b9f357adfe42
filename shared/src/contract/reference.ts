/**
 * Reference lists (`GET /api/ref-*-getall`): plain arrays for selects. The academic lists are scoped to the
 * session's active branch; an id of another branch in a filter yields an empty list.
 */
import * as v from 'valibot';
import type { RefItem } from './common';
import { listQueryEntries, optionalQueryId } from './query';

/** `ref-department-getall`, ordered by sequence. */
export interface DepartmentRef extends RefItem {
  sequence: number;
}

/** `ref-year-of-study-getall?department_id=`, newest first. Dates are 'YYYY-MM-DD'. */
export interface YearOfStudyRef extends RefItem {
  department_id: number;
  start_date: string;
  end_date: string;
}

/** `ref-level-getall?department_id=`, ordered by sequence. */
export interface LevelRef extends RefItem {
  department_id: number;
  sequence: number;
}

/** `ref-class-getall?department_id=&level_id=&year_of_study_id=`, ordered by name. */
export interface ClassRef extends RefItem {
  department_id: number;
  level_id: number;
  year_of_study_id: number;
  capacity: number;
}

/** `ref-yos-periode-getall?year_of_study_id=`: a period (semester) of a year of study, in date order. */
export interface YosPeriode {
  id: number;
  year_of_study_id: number;
  periode_id: number;
  start_date: string;
  end_date: string;
  periode: { name: string };
}

/** `ref-fee-types-getall`. */
export type FeeTypeRef = RefItem;

/** Query parameters of the filtered reference lists (all optional). */
export interface RefDepartmentQuery {
  department_id?: number;
}
export interface RefClassQuery {
  department_id?: number;
  level_id?: number;
  year_of_study_id?: number;
}
export interface RefYosPeriodeQuery {
  year_of_study_id?: number;
}

/** `GET /api/batch?deptId=`: an Angkatan (students of a department by year of entry). */
export interface BatchRef extends RefItem {
  department_id: number;
  yoe: number;
}

/** `ref-year-of-study-getall` and `ref-level-getall`: of one department, or all. */
export const DepartmentRefQuerySchema = v.object({ department_id: optionalQueryId('Departemen') });

/** `ref-class-getall`: narrowed by department, level and year of study, each optional. */
export const ClassRefQuerySchema = v.object({
  department_id: optionalQueryId('Departemen'),
  level_id: optionalQueryId('Tingkat'),
  year_of_study_id: optionalQueryId('Tahun Ajaran'),
});

/** `ref-yos-periode-getall`: the periods of one year of study, or all. */
export const YearOfStudyRefQuerySchema = v.object({ year_of_study_id: optionalQueryId('Tahun Ajaran') });

/** An academic list's page (`GET /api/department`, …): of one department, searched, ordered by `order`. */
const academicPageQuery = <const TField extends string>(
  order: readonly [TField, ...TField[]],
  sort: 'asc' | 'desc' = 'asc',
) =>
  v.object({
    deptId: optionalQueryId('Departemen'),
    ...listQueryEntries(order),
    sort: v.optional(v.picklist(['asc', 'desc'] as const, 'Arah urutan tidak valid'), sort),
  });

export const DepartmentPageQuerySchema = academicPageQuery(['sequence', 'name', 'id']);
export const LevelPageQuerySchema = academicPageQuery(['sequence', 'name', 'id']);
/** Years of study: newest first. */
export const YearOfStudyPageQuerySchema = academicPageQuery(['start_date', 'name', 'id'], 'desc');
export const BatchPageQuerySchema = academicPageQuery(['yoe', 'name', 'id']);
