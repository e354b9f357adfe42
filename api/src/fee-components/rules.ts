/**
 * What the data allows for fee components (docs/money.md "Fee components and charging"): a component on a student's bill is
 * frozen, the six placement fields describe one real class-month of the branch, and a class-month has one
 * component per fee type.
 */
import { type FeeComponentFilter, periodMonths } from '@keuangan/shared/contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  classes,
  departments,
  levels,
  student_fee_components,
  years_of_study,
  yos_periodes,
} from '../db/schema';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { type BranchOwned, type BranchScope, inBranch } from '../lib/scope';
import { linkedComponentIds } from './queries';

export const LOCKED_UPDATE = 'Komponen sudah dibebankan ke siswa sehingga tidak dapat diubah';
export const LOCKED_DELETE = 'Komponen sudah dibebankan ke siswa sehingga tidak dapat dihapus';
export const DUPLICATE_FEE_TYPE = 'Tipe Komponen sudah ada pada kelas dan bulan ini';

/**
 * Locks the component's row for the rest of the transaction and refuses (409) when it is charged to a
 * student. Adding a bill item takes a key-share lock on the component (its foreign key), so the check
 * and the change cannot interleave with a new charge on PostgreSQL either.
 */
export async function lockEditable(db: Db, scope: BranchScope, id: number, lockedMessage: string) {
  const [row] = await db
    .select({
      id: student_fee_components.id,
      name: student_fee_components.name,
      price: student_fee_components.price,
      ftype: student_fee_components.ftype,
      fee_type_id: student_fee_components.fee_type_id,
      due_day: student_fee_components.due_day,
      due_date: student_fee_components.due_date,
    })
    .from(student_fee_components)
    .where(inBranch(scope, student_fee_components, eq(student_fee_components.id, id)))
    .for('update');
  if (!row) throw notFound();
  if ((await linkedComponentIds(db, [id])).size > 0) throw new ApiError(409, lockedMessage);
  // What the audit records as "before".
  return row;
}

/**
 * Checks that the six fields describe one real class-month of the branch: the year, level and class
 * belong to the department, the period to the year, the class to the level and year, and the month is one
 * the period offers (the same rule as the screens' month options). Ids of another branch answer 404.
 */
export async function checkPlacement(
  db: Db,
  scope: BranchScope,
  p: Omit<FeeComponentFilter, 'class_id'> & { class_id?: number },
): Promise<void> {
  // One round trip: the department's row, and per other id the columns the rules compare (null: not in the
  // branch). The checks then run in the order a user fills the fields.
  const of = <T>(table: PgTable & BranchOwned & { id: AnyPgColumn }, column: SQL | AnyPgColumn, id: number) =>
    sql<T | null>`(select ${column} from ${table} where ${inBranch(scope, table, eq(table.id, id))})`;
  const [found] = await db
    .select({
      year_department: of<number>(years_of_study, years_of_study.department_id, p.year_of_study_id),
      period_year: of<number>(yos_periodes, yos_periodes.year_of_study_id, p.yos_periode_id),
      period_start: of<string>(yos_periodes, sql`${yos_periodes.start_date}::text`, p.yos_periode_id),
      period_end: of<string>(yos_periodes, sql`${yos_periodes.end_date}::text`, p.yos_periode_id),
      level_department: of<number>(levels, levels.department_id, p.level_id),
      class_level: of<number>(classes, classes.level_id, p.class_id ?? 0),
      class_year: of<number>(classes, classes.year_of_study_id, p.class_id ?? 0),
    })
    .from(departments)
    .where(inBranch(scope, departments, eq(departments.id, p.department_id)));
  if (!found || found.year_department === null) throw notFound();
  if (found.year_department !== p.department_id) {
    throw fieldError('year_of_study_id', 'Tahun Ajaran tidak sesuai dengan Departemen');
  }
  if (found.period_year === null || found.period_start === null || found.period_end === null)
    throw notFound();
  if (found.period_year !== p.year_of_study_id) {
    throw fieldError('yos_periode_id', 'Periode KBM tidak sesuai dengan Tahun Ajaran');
  }
  if (found.level_department === null) throw notFound();
  if (found.level_department !== p.department_id) {
    throw fieldError('level_id', 'Tingkat tidak sesuai dengan Departemen');
  }
  // No class: a whole level is meant (charging with Kelas 'Semua').
  if (p.class_id !== undefined) {
    if (found.class_level === null) throw notFound();
    if (found.class_level !== p.level_id || found.class_year !== p.year_of_study_id) {
      throw fieldError('class_id', 'Kelas tidak sesuai dengan Tingkat dan Tahun Ajaran');
    }
  }
  if (!periodMonths(found.period_start, found.period_end).includes(p.mm)) {
    throw fieldError('mm', 'Bulan tidak termasuk dalam Periode KBM');
  }
}

/** 422 when the class already has a component of this fee type in this month (other than `exceptId`). */
export async function checkFeeTypeFree(
  db: Db,
  p: { class_id: number; mm: string; fee_type_id: number },
  exceptId?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: student_fee_components.id })
    .from(student_fee_components)
    .where(
      and(
        eq(student_fee_components.class_id, p.class_id),
        eq(student_fee_components.mm, p.mm),
        eq(student_fee_components.fee_type_id, p.fee_type_id),
        exceptId === undefined ? undefined : ne(student_fee_components.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw fieldError('fee_type_id', DUPLICATE_FEE_TYPE);
}
