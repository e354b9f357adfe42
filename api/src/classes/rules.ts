/**
 * What a class allows (api/ROUTES.md, "Classes"): it belongs to one department, level and year of study
 * that agree; its homeroom teacher is staff of the branch; it never holds more students than its capacity;
 * and it is deleted only while nothing refers to it (students, fee components, bills).
 */
import type { ClassValues } from '@keuangan/shared/contract';
import type { Db, Tx } from '../db/client';
import { departments, levels, years_of_study } from '../db/schema';
import { findVisibleEmployee } from '../employee/queries';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { type BranchScope, findInBranch } from '../lib/scope';
import {
  classHasBills,
  classHasFees,
  classNameTaken,
  countStudentsIn,
  insertPlacement,
  lockClassRow,
} from './queries';

export const HAS_STUDENTS = 'Kelas masih memiliki siswa sehingga tidak dapat dihapus';
export const HAS_FEES = 'Kelas sudah memiliki komponen biaya sehingga tidak dapat dihapus';
export const HAS_BILLS = 'Kelas sudah memiliki billing siswa sehingga tidak dapat dihapus';
export const MOVE_REFUSED =
  'Departemen, Tingkat dan Tahun Ajaran kelas yang sudah memiliki siswa, komponen biaya atau billing tidak dapat diubah';
export const DUPLICATE_NAME = 'Nama Kelas sudah ada pada Tahun Ajaran ini';
export const classFull = (name: string, capacity: number) =>
  `Kelas ${name} sudah penuh (kapasitas ${capacity} siswa)`;
export const capacityBelowStudents = (students: number) =>
  `Kapasitas tidak boleh kurang dari jumlah siswa di kelas ini (${students} siswa)`;

/** The class's row, locked for the rest of the transaction (placements and edits queue behind it), or 404. */
export async function lockClass(tx: Tx, scope: BranchScope, id: number) {
  const row = await lockClassRow(tx, scope, id);
  if (!row) throw notFound();
  return row;
}

export const studentsIn = countStudentsIn;

/**
 * Checks a class's fields against the branch: department, level and year of study exist in it and agree,
 * the homeroom teacher is staff of the branch, and no other class of the year has the name. Ids of another
 * branch answer 404.
 */
export async function checkClass(db: Db, scope: BranchScope, body: ClassValues, exceptId?: number) {
  await findInBranch(db, scope, departments, body.department_id);
  const level = await findInBranch(db, scope, levels, body.level_id);
  if (level.department_id !== body.department_id) {
    throw fieldError('level_id', 'Tingkat tidak sesuai dengan Departemen');
  }
  const year = await findInBranch(db, scope, years_of_study, body.year_of_study_id);
  if (year.department_id !== body.department_id) {
    throw fieldError('year_of_study_id', 'Tahun Ajaran tidak sesuai dengan Departemen');
  }
  if (body.employee_id !== null) {
    await findVisibleEmployee(db, scope, body.employee_id).catch(() => {
      throw fieldError('employee_id', 'Wali Kelas harus pegawai cabang ini');
    });
  }
  if (await classNameTaken(db, body.year_of_study_id, body.name, exceptId))
    throw new ApiError(409, DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
}

/**
 * Places a student in a class within its capacity. The class row is locked first, so two placements into
 * the last seat queue and the second is refused (409).
 */
export async function placeStudent(tx: Tx, scope: BranchScope, classId: number, studentId: number) {
  const cls = await lockClass(tx, scope, classId);
  if ((await studentsIn(tx, classId)) >= cls.capacity) {
    throw new ApiError(409, classFull(cls.name, cls.capacity), {
      class_id: [classFull(cls.name, cls.capacity)],
    });
  }
  await insertPlacement(tx, scope, classId, studentId);
  return cls;
}

/** Refuses (409) to delete a class that students, fee components or bills refer to. */
export async function checkDeletable(tx: Tx, classId: number) {
  if ((await studentsIn(tx, classId)) > 0) throw new ApiError(409, HAS_STUDENTS);
  if (await classHasBills(tx, classId)) throw new ApiError(409, HAS_BILLS);
  if (await classHasFees(tx, classId)) throw new ApiError(409, HAS_FEES);
}
