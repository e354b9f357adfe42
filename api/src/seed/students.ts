/**
 * A department's students: 8-12 per current class A and B (last year one level lower; new entrants were not
 * here yet), last year's graduates (lulus) and a few who left (keluar), and who sat in which class each year.
 */

import type * as s from '../db/schema';
import { pad, type Row, type SeedContext } from './context';
import {
  BIRTH_PLACES,
  FEMALE_NAMES,
  HOBBIES,
  MALE_NAMES,
  SCHOOLS_BEFORE_SD,
  SCHOOLS_BEFORE_SMP,
} from './names';
import type { People } from './people';
import type { ReferenceIds } from './reference';
import type { BranchScope, DepartmentStructure } from './school';

export interface Enrolment {
  /** Class id -> the ids of its students. */
  classStudents: Map<number, number[]>;
  studentById: Map<number, Row<typeof s.students>>;
}

export function addStudents(
  { rows, ids, rnd, currentStart }: SeedContext,
  people: People,
  reference: ReferenceIds,
  scope: BranchScope,
  structure: DepartmentStructure,
): Enrolment {
  const { branch, own } = scope;
  const { dept, d, departmentId, classOf } = structure;
  const nisSeq = new Map<number, number>();
  const members: { studentId: number; classKey: (yearIdx: number) => string | null }[] = [];

  function addStudent(yoe: number, study_status: number): number {
    const id = ids.students();
    const g = people.gender();
    const seq = (nisSeq.get(yoe) ?? 0) + 1;
    nisSeq.set(yoe, seq);
    const fatherName = people.personName(1);
    rows.students.push({
      id,
      ...own,
      department_id: departmentId,
      batch_id: structure.batchFor(yoe),
      nis: `${yoe}${d + 1}${pad(seq, 3)}`,
      nisn: `00${rnd.digits(8)}`,
      name: `${rnd.pick(g === 1 ? MALE_NAMES : FEMALE_NAMES)} ${fatherName.split(' ')[1]}`,
      yoe,
      study_status,
      gender_id: g,
      birth_place: rnd.weighted([
        [branch.city, 70],
        [rnd.pick(BIRTH_PLACES), 30],
      ]),
      birth_date: people.birthDate(yoe - dept.entryAge),
      citizenship: 'I',
      nik: `${branch.nikPrefix}${rnd.digits(12)}`,
      religion_id: rnd.weighted(people.religionWeights),
      ethnic_id: people.ethnicOf(branch),
      living_status: 1,
      father: fatherName,
      mother: people.personName(2),
      address_full: people.address(branch.city),
      prev_school_department_type: d === 0 ? 1 : 2,
      prev_school_name: rnd.pick(d === 0 ? SCHOOLS_BEFORE_SD : SCHOOLS_BEFORE_SMP),
      emergency_contact_type: 2,
      emergency_contact_rtype_id: reference.relationshipIds[0] as number,
      emergency_contact_name: fatherName,
      emergency_contact_phone: `${branch.phonePrefix}${rnd.digits(8)}`,
      med_blood_type: rnd.pick(['A', 'B', 'AB', 'O']),
      med_blood_rhesus: '+',
      ext_hobby: rnd.pick(HOBBIES),
    });
    return id;
  }

  const topLevel = dept.levels.length - 1;
  dept.levels.forEach((_grade, levelIdx) => {
    for (const letter of ['A', 'B']) {
      const count = rnd.int(8, 12);
      for (let i = 0; i < count; i++) {
        const studentId = addStudent(currentStart - levelIdx, 1);
        // Last year they were one level lower (new entrants were not here yet).
        members.push({
          studentId,
          classKey: (yearIdx) =>
            yearIdx === 1 ? `1:${levelIdx}:${letter}` : levelIdx > 0 ? `0:${levelIdx - 1}:${letter}` : null,
        });
      }
    }
  });
  for (let i = 0; i < 6 + scope.b * 2; i++) {
    const letter = rnd.pick(['A', 'B']);
    members.push({
      studentId: addStudent(currentStart - 1 - topLevel, 2),
      classKey: (yearIdx) => (yearIdx === 0 ? `0:${topLevel}:${letter}` : null),
    });
  }
  for (let i = 0; i < 3; i++) {
    const levelIdx = rnd.int(0, topLevel);
    const letter = rnd.pick(['A', 'B']);
    members.push({
      studentId: addStudent(currentStart - 1 - levelIdx, 3),
      classKey: (yearIdx) => (yearIdx === 0 ? `0:${levelIdx}:${letter}` : null),
    });
  }

  const classStudents = new Map<number, number[]>();
  for (const { studentId, classKey } of members) {
    for (const yearIdx of [0, 1]) {
      const key = classKey(yearIdx);
      const cls = key ? classOf.get(key) : undefined;
      if (!cls) continue;
      rows.class_students.push({ id: ids.class_students(), ...own, class_id: cls.id, student_id: studentId });
      classStudents.set(cls.id, [...(classStudents.get(cls.id) ?? []), studentId]);
    }
  }
  const studentById = new Map(
    rows.students.filter((st) => st.department_id === departmentId).map((st) => [st.id as number, st]),
  );
  return { classStudents, studentById };
}
