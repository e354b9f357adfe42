/** Classes: the `SchoolClass` shape of the contract (names of what it belongs to, its homeroom teacher, its size) and the writes. */
import type { SchoolClass } from '@keuangan/shared/contract';
import { and, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  class_students,
  classes,
  departments,
  employees,
  levels,
  student_billings,
  student_fee_components,
  years_of_study,
} from '../db/schema';
import { notFound } from '../lib/errors';
import { containsPattern, fetchPage, orderOf } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq } from '../lib/scope';

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

type ClassValues = Omit<typeof classes.$inferInsert, 'id' | 'client_id' | 'branch_id'>;

/** Adds a class to the branch; answers its id. */
export async function insertClass(tx: Tx, scope: BranchScope, values: ClassValues): Promise<number> {
  const [row] = await tx
    .insert(classes)
    .values({ ...values, client_id: scope.clientId, branch_id: scope.branchId })
    .returning({ id: classes.id });
  if (!row) throw new Error('class not created');
  return row.id;
}

export async function updateClass(tx: Tx, id: number, values: ClassValues): Promise<void> {
  await tx
    .update(classes)
    .set({ ...values, updated_at: new Date() })
    .where(eq(classes.id, id));
}

/** Deletes a class nothing uses (rules.ts `checkDeletable` first: no students, components or bills). */
export async function deleteClass(tx: Tx, id: number): Promise<void> {
  await tx.delete(classes).where(eq(classes.id, id));
}

const ORDER_COLUMNS = { name: classes.name, id: classes.id, capacity: classes.capacity };

export interface ClassListQuery {
  deptId?: number | undefined;
  levelId?: number | undefined;
  yearofstudyId?: number | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
  orderby: keyof typeof ORDER_COLUMNS;
  sort: 'asc' | 'desc';
}

/** One page of the branch's classes, filtered by department, level, year of study and name. */
export function classPage(db: Db, scope: BranchScope, query: ClassListQuery) {
  const where = inBranch(
    scope,
    classes,
    optionalEq(classes.department_id, query.deptId),
    optionalEq(classes.level_id, query.levelId),
    optionalEq(classes.year_of_study_id, query.yearofstudyId),
    query.q ? ilike(classes.name, containsPattern(query.q)) : undefined,
  );
  return fetchPage(db, classes, where, query, async (limit, offset) =>
    (
      await selectClasses(db)
        .where(where)
        .orderBy(...orderOf(ORDER_COLUMNS, query, classes.id))
        .limit(limit)
        .offset(offset)
    ).map(toClass),
  );
}

/** The class's row locked for the rest of the transaction, or undefined. */
export async function lockClassRow(tx: Tx, scope: BranchScope, id: number) {
  const [row] = await tx
    .select()
    .from(classes)
    .where(inBranch(scope, classes, eq(classes.id, id)))
    .for('update');
  return row;
}

export async function countStudentsIn(db: Db, classId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(class_students)
    .where(eq(class_students.class_id, classId));
  return row?.total ?? 0;
}

/** Whether another class of the year of study has the name. */
export async function classNameTaken(db: Db, yearId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.year_of_study_id, yearId),
        eq(classes.name, name),
        exceptId === undefined ? undefined : ne(classes.id, exceptId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}

export async function insertPlacement(tx: Tx, scope: BranchScope, classId: number, studentId: number) {
  await tx.insert(class_students).values({
    client_id: scope.clientId,
    branch_id: scope.branchId,
    class_id: classId,
    student_id: studentId,
  });
}

export async function classHasBills(tx: Tx, classId: number): Promise<boolean> {
  const [bill] = await tx
    .select({ id: student_billings.id })
    .from(student_billings)
    .where(eq(student_billings.class_id, classId))
    .limit(1);
  return bill !== undefined;
}

export async function classHasFees(tx: Tx, classId: number): Promise<boolean> {
  const [fee] = await tx
    .select({ id: student_fee_components.id })
    .from(student_fee_components)
    .where(eq(student_fee_components.class_id, classId))
    .limit(1);
  return fee !== undefined;
}
