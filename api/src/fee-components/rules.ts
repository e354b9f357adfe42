/**
 * What the data allows for fee components (docs/money.md "Fee components and charging"): a component on a student's bill is
 * frozen, the six placement fields describe one real class-month of the branch, and a class-month has one
 * component per fee type.
 */
import { type FeeComponentFilter, periodMonths } from '@keuangan/shared/contract';
import type { Db, Tx } from '../db/client';
import { ApiError, fieldError, notFound } from '../lib/errors';
import type { BranchScope } from '../lib/scope';
import { feeTypeTaken, linkedComponentIds, lockComponent, placementFacts } from './queries';

export const LOCKED_UPDATE = 'Komponen sudah dibebankan ke siswa sehingga tidak dapat diubah';
export const LOCKED_DELETE = 'Komponen sudah dibebankan ke siswa sehingga tidak dapat dihapus';
export const DUPLICATE_FEE_TYPE = 'Tipe Komponen sudah ada pada kelas dan bulan ini';

/**
 * Locks the component's row for the rest of the transaction and refuses (409) when it is charged to a
 * student. Adding a bill item takes a key-share lock on the component (its foreign key), so the check
 * and the change cannot interleave with a new charge on PostgreSQL either.
 */
export async function lockEditable(tx: Tx, scope: BranchScope, id: number, lockedMessage: string) {
  const row = await lockComponent(tx, scope, id);
  if (!row) throw notFound();
  if ((await linkedComponentIds(tx, [id])).size > 0) throw new ApiError(409, lockedMessage);
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
  // The checks run in the order a user fills the fields.
  const found = await placementFacts(db, scope, p);
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
  if (await feeTypeTaken(db, p, exceptId)) throw fieldError('fee_type_id', DUPLICATE_FEE_TYPE);
}
