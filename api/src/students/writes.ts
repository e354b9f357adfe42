/** Writing a student (api/ROUTES.md, "Students"): department and class agree, NIS unique in the branch. */
import type { StudentCreateValues, StudentUpdateValues } from '@keuangan/shared/contract';
import { placeStudent } from '../classes/rules';
import type { Database } from '../db/client';
import { classes, departments, students } from '../db/schema';
import { ApiError, fieldError } from '../lib/errors';
import { type BranchScope, findInBranch } from '../lib/scope';
import { batchOfYear, insertStudent, isNisTaken, updateStudent } from './queries';

export const NIS_TAKEN = 'NIS sudah digunakan';

/** Adds a student in their year's batch and places them in the class, if one is given; answers the id. */
export function addStudent(database: Database, scope: BranchScope, input: StudentCreateValues) {
  const { class_id, ...body } = input;
  return database.transaction(async (tx) => {
    const department = await findInBranch(tx, scope, departments, body.department_id);
    if (class_id !== null) {
      const cls = await findInBranch(tx, scope, classes, class_id);
      if (cls.department_id !== department.id) {
        throw fieldError('class_id', 'Kelas tidak sesuai dengan Departemen');
      }
    }
    if (await isNisTaken(tx, scope, body.nis)) throw new ApiError(409, NIS_TAKEN, { nis: [NIS_TAKEN] });
    const batchId = await batchOfYear(tx, scope, department.id, body.yoe);
    const id = await insertStudent(tx, scope, { ...body, batch_id: batchId, study_status: 1 });
    if (class_id !== null) await placeStudent(tx, scope, class_id, id);
    return id;
  });
}

export function editStudent(database: Database, scope: BranchScope, id: number, body: StudentUpdateValues) {
  return database.transaction(async (tx) => {
    await findInBranch(tx, scope, students, id);
    await updateStudent(tx, id, body);
  });
}
