/**
 * Students: the `Student` shape of the contract (profile, department, batch, classes), the current class rule
 * (the class of the year of study that holds today, the branch's time zone), the pages and the writes.
 */
import type { Student, StudentClassRef } from '@keuangan/shared/contract';
import { and, desc, eq, getTableColumns, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  batches,
  class_students,
  classes,
  departments,
  ethnics,
  relationship_types,
  religions,
  students,
  years_of_study,
} from '../db/schema';
import { notFound } from '../lib/errors';
import { containsPattern, fetchPage, orderOf } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq, type ZonedScope } from '../lib/scope';
import { todayIn } from '../lib/time';

const {
  client_id: _client,
  branch_id: _branch,
  created_at: _created,
  updated_at: _updated,
  psb_event_prospective_id: _prospect,
  ...studentColumns
} = getTableColumns(students);

/** Student rows with department, batch and the profile's names; add `.where(...)`, order and page. */
export function selectStudents(db: Db) {
  return db
    .select({
      ...studentColumns,
      department_name: departments.name,
      batch_name: batches.name,
      religion_name: religions.name,
      ethnic_name: ethnics.name,
      rtype_title: relationship_types.title,
    })
    .from(students)
    .innerJoin(departments, eq(departments.id, students.department_id))
    .leftJoin(batches, eq(batches.id, students.batch_id))
    .leftJoin(religions, eq(religions.id, students.religion_id))
    .leftJoin(ethnics, eq(ethnics.id, students.ethnic_id))
    .leftJoin(relationship_types, eq(relationship_types.id, students.emergency_contact_rtype_id))
    .$dynamic();
}

type StudentRow = Awaited<ReturnType<typeof selectStudents>>[number];

/** The rows with their classes (newest year first) and current class added. */
export async function toStudents(db: Db, today: string, rows: StudentRow[]): Promise<Student[]> {
  const ids = rows.map((r) => r.id);
  const memberships =
    ids.length === 0
      ? []
      : await db
          .select({
            student_id: class_students.student_id,
            id: classes.id,
            name: classes.name,
            year_id: years_of_study.id,
            year_name: years_of_study.name,
            start_date: years_of_study.start_date,
            end_date: years_of_study.end_date,
          })
          .from(class_students)
          .innerJoin(classes, eq(classes.id, class_students.class_id))
          .innerJoin(years_of_study, eq(years_of_study.id, classes.year_of_study_id))
          .where(inArray(class_students.student_id, ids))
          .orderBy(desc(years_of_study.start_date), desc(classes.id));
  return rows.map(({ department_name, batch_name, religion_name, ethnic_name, rtype_title, ...fields }) => {
    const mine = memberships.filter((m) => m.student_id === fields.id);
    const ref = (m: (typeof mine)[number]): StudentClassRef => ({
      id: m.id,
      name: m.name,
      year_of_study: { id: m.year_id, name: m.year_name },
    });
    const current = mine.find((m) => m.start_date <= today && today <= m.end_date);
    return {
      ...fields,
      department: { id: fields.department_id, name: department_name },
      batch:
        fields.batch_id === null || batch_name === null ? null : { id: fields.batch_id, name: batch_name },
      religion: religion_name === null ? null : { name: religion_name },
      ethnic: ethnic_name === null ? null : { name: ethnic_name },
      emergency_contact_rtype: rtype_title === null ? null : { title: rtype_title },
      current_class: current ? ref(current) : null,
      class_student: mine.map((m) => ({ the_class: ref(m) })),
    };
  });
}

/** One student of the branch, as the API returns it, or 404. */
export async function loadStudent(db: Db, scope: ZonedScope, id: number): Promise<Student> {
  const rows = await selectStudents(db)
    .where(inBranch(scope, students, eq(students.id, id)))
    .limit(1);
  const [student] = await toStudents(db, todayIn(scope), rows);
  if (!student) throw notFound();
  return student;
}

/** Students sitting in the class (for `student-by-class`). */
const inClass = (db: Db, classId: number): SQL =>
  inArray(
    students.id,
    db
      .select({ id: class_students.student_id })
      .from(class_students)
      .where(eq(class_students.class_id, classId)),
  );

const ORDER_COLUMNS = {
  id: students.id,
  name: students.name,
  nis: students.nis,
  birth_date: students.birth_date,
  yoe: students.yoe,
};

interface PageQuery {
  q: string;
  page: number;
  limit: number;
  orderby: keyof typeof ORDER_COLUMNS;
  sort: 'asc' | 'desc';
}

const search = (q: string) =>
  q ? or(ilike(students.name, containsPattern(q)), ilike(students.nis, containsPattern(q))) : undefined;

/** One page of the branch's students, filtered by department, batch, study status and name or NIS. */
export function branchStudentPage(
  db: Db,
  scope: ZonedScope,
  query: PageQuery & {
    deptId?: number | undefined;
    batch_id?: number | undefined;
    study_status?: number | undefined;
  },
) {
  const where = inBranch(
    scope,
    students,
    optionalEq(students.department_id, query.deptId),
    optionalEq(students.batch_id, query.batch_id),
    optionalEq(students.study_status, query.study_status),
    search(query.q),
  );
  return studentPage(db, todayIn(scope), where, query);
}

/** One page of the students of a class (the caller checks the class is the branch's). */
export function classStudentPage(db: Db, scope: ZonedScope, query: PageQuery & { class_id: number }) {
  const where = inBranch(scope, students, inClass(db, query.class_id), search(query.q));
  return studentPage(db, todayIn(scope), where, query);
}

/** One page of the students matching `where`, their current class as of `today` (the branch's). */
function studentPage(db: Db, today: string, where: SQL, query: PageQuery) {
  return fetchPage(db, students, where, query, async (limit, offset) =>
    toStudents(
      db,
      today,
      await selectStudents(db)
        .where(where)
        .orderBy(...orderOf(ORDER_COLUMNS, query, students.id))
        .limit(limit)
        .offset(offset),
    ),
  );
}

/** Whether a student of the branch already has this NIS. */
export async function isNisTaken(tx: Tx, scope: BranchScope, nis: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.branch_id, scope.branchId), eq(students.nis, nis)))
    .limit(1);
  return taken !== undefined;
}

/** The department's Angkatan of a year of entry, made on first use; answers its id. */
export async function batchOfYear(
  tx: Tx,
  scope: BranchScope,
  departmentId: number,
  yoe: number,
): Promise<number | null> {
  await tx
    .insert(batches)
    .values({
      client_id: scope.clientId,
      branch_id: scope.branchId,
      department_id: departmentId,
      name: `Angkatan ${yoe}`,
      yoe,
    })
    .onConflictDoNothing({ target: [batches.department_id, batches.yoe] });
  const [batch] = await tx
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.department_id, departmentId), eq(batches.yoe, yoe)));
  return batch?.id ?? null;
}

type StudentValues = Omit<typeof students.$inferInsert, 'id' | 'client_id' | 'branch_id'>;

/** Adds a student to the branch; answers the id. */
export async function insertStudent(tx: Tx, scope: BranchScope, values: StudentValues): Promise<number> {
  const [row] = await tx
    .insert(students)
    .values({ ...values, client_id: scope.clientId, branch_id: scope.branchId })
    .returning({ id: students.id });
  if (!row) throw new Error('student not created');
  return row.id;
}

export async function updateStudent(tx: Tx, id: number, values: Partial<StudentValues>): Promise<void> {
  await tx
    .update(students)
    .set({ ...values, updated_at: new Date() })
    .where(eq(students.id, id));
}
