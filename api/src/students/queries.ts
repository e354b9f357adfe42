/**
 * Reading students: the `Student` shape of the contract (profile, department, batch, classes) and the
 * current class rule: the class of the year of study that holds today (the branch's time zone).
 */
import type { Student, StudentClassRef } from '@keuangan/shared/contract';
import { desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
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
import { inBranch, type ZonedScope } from '../lib/scope';
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
export const inClass = (db: Db, classId: number): SQL =>
  inArray(
    students.id,
    db
      .select({ id: class_students.student_id })
      .from(class_students)
      .where(eq(class_students.class_id, classId)),
  );
