/** The class writes, one function each, every one in its own transaction (api/ROUTES.md, "Classes"). */
import type { ClassValues } from '@keuangan/shared/contract';
import type { Database } from '../db/client';
import { ApiError } from '../lib/errors';
import type { BranchScope } from '../lib/scope';
import { deleteClass, insertClass, updateClass } from './queries';
import {
  capacityBelowStudents,
  checkClass,
  checkDeletable,
  lockClass,
  MOVE_REFUSED,
  studentsIn,
} from './rules';

/** Adds a class after its checks; answers its id. */
export function addClass(database: Database, scope: BranchScope, body: ClassValues): Promise<number> {
  return database.transaction(async (tx) => {
    await checkClass(tx, scope, body);
    return insertClass(tx, scope, body);
  });
}

/** Edits a class under its row lock: capacity not below its students, placement fixed once it is used. */
export function editClass(database: Database, scope: BranchScope, id: number, body: ClassValues) {
  return database.transaction(async (tx) => {
    const current = await lockClass(tx, scope, id);
    await checkClass(tx, scope, body, id);
    const placed = await studentsIn(tx, id);
    if (body.capacity < placed) {
      const message = capacityBelowStudents(placed);
      throw new ApiError(422, message, { capacity: [message] });
    }
    // Students, fee components and bills hold the class's department, level and year: it stays put once used.
    const moved =
      body.department_id !== current.department_id ||
      body.level_id !== current.level_id ||
      body.year_of_study_id !== current.year_of_study_id;
    if (moved)
      await checkDeletable(tx, id).catch(() => {
        throw new ApiError(409, MOVE_REFUSED);
      });
    await updateClass(tx, id, body);
  });
}

/** Deletes a class nothing refers to, under its row lock. */
export function removeClass(database: Database, scope: BranchScope, id: number) {
  return database.transaction(async (tx) => {
    await lockClass(tx, scope, id);
    await checkDeletable(tx, id);
    await deleteClass(tx, id);
  });
}
