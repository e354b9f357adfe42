/**
 * What a class allows (api/ROUTES.md, "Classes"): it belongs to one department, level and year of study
 * that agree; its homeroom teacher is staff of the branch; it never holds more students than its capacity;
 * and it is deleted only while nothing refers to it (students, fee components, bills).
 */
import type { ClassValues } from '@keuangan/shared/contract';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  class_students,
  classes,
  departments,
  levels,
  student_billings,
  student_fee_components,
  years_of_study,
} from '../db/schema';
import { findVisibleEmployee } from '../employee/queries';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { type BranchScope, findInBranch, inBranch } from '../lib/scope';

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

type ClassRow = typeof classes.$inferSelect;

/** The class's row, locked for the rest of the transaction (placements and edits queue behind it), or 404. */
export async function lockClass(tx: Tx, scope: BranchScope, id: number): Promise<ClassRow> {
  const [row] = await tx
    .select()
    .from(classes)
    .where(inBranch(scope, classes, eq(classes.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function studentsIn(db: Db, classId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(class_students)
    .where(eq(class_students.class_id, classId));
  return row?.total ?? 0;
}

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
  const [taken] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.year_of_study_id, body.year_of_study_id),
        eq(classes.name, body.name),
        exceptId === undefined ? undefined : ne(classes.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new ApiError(409, DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
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
  await tx.insert(class_students).values({
    client_id: scope.clientId,
    branch_id: scope.branchId,
    class_id: classId,
    student_id: studentId,
  });
  return cls;
}

/** Refuses (409) to delete a class that students, fee components or bills refer to. */
export async function checkDeletable(tx: Tx, classId: number) {
  if ((await studentsIn(tx, classId)) > 0) throw new ApiError(409, HAS_STUDENTS);
  const [bill] = await tx
    .select({ id: student_billings.id })
    .from(student_billings)
    .where(eq(student_billings.class_id, classId))
    .limit(1);
  if (bill) throw new ApiError(409, HAS_BILLS);
  const [fee] = await tx
    .select({ id: student_fee_components.id })
    .from(student_fee_components)
    .where(eq(student_fee_components.class_id, classId))
    .limit(1);
  if (fee) throw new ApiError(409, HAS_FEES);
}
