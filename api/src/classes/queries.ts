/** Reading classes: the `SchoolClass` shape of the contract (names of what it belongs to, its homeroom teacher, its size). */
import type { SchoolClass } from '@keuangan/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { class_students, classes, departments, employees, levels, years_of_study } from '../db/schema';
import { notFound } from '../lib/errors';
import { type BranchScope, inBranch } from '../lib/scope';

/** Students placed in the class. */
export const studentCount = sql<number>`(select count(*) from ${class_students}
  where ${class_students.class_id} = ${classes.id})`.mapWith(Number);

/** Class rows with their names joined; add `.where(...)`, order and page. */
export function selectClasses(db: Db) {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      capacity: classes.capacity,
      department_id: classes.department_id,
      level_id: classes.level_id,
      year_of_study_id: classes.year_of_study_id,
      employee_id: classes.employee_id,
      employee_name: employees.name,
      department_name: departments.name,
      level_name: levels.name,
      year_name: years_of_study.name,
      student_count: studentCount,
    })
    .from(classes)
    .innerJoin(departments, eq(departments.id, classes.department_id))
    .innerJoin(levels, eq(levels.id, classes.level_id))
    .innerJoin(years_of_study, eq(years_of_study.id, classes.year_of_study_id))
    .leftJoin(employees, eq(employees.id, classes.employee_id))
    .$dynamic();
}

type ClassRow = Awaited<ReturnType<typeof selectClasses>>[number];

export function toClass({
  employee_name,
  department_name,
  level_name,
  year_name,
  ...row
}: ClassRow): SchoolClass {
  return {
    ...row,
    employee:
      row.employee_id === null || employee_name === null
        ? null
        : { id: row.employee_id, name: employee_name },
    department: { id: row.department_id, name: department_name },
    level: { id: row.level_id, name: level_name },
    year_of_study: { id: row.year_of_study_id, name: year_name },
  };
}

/** One class of the branch, as the API returns it, or 404. */
export async function loadClass(db: Db, scope: BranchScope, id: number): Promise<SchoolClass> {
  const [row] = await selectClasses(db)
    .where(inBranch(scope, classes, eq(classes.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return toClass(row);
}
