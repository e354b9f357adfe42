/**
 * The admission screens' rules as pure functions (unit-tested): which statuses a row may change, the
 * class students page's parameters, the entry-year choices, and the labels the lists show.
 */
import { EDITABLE_REGISTRATION_STATUSES, STYPE_ADMISSION, STYPE_TRANSFER } from '@keuangan/shared';

/** The two prospect lists: one component, parameterised by the event type. */
export const PROSPECT_AREAS = {
  [STYPE_ADMISSION]: {
    path: '/psb-event-prospective',
    title: 'Calon Siswa',
    storageKey: 'psb-event-prospective',
  },
  [STYPE_TRANSFER]: {
    path: '/mutation-event-prospective',
    title: 'Calon Siswa Pindahan',
    storageKey: 'mutation-event-prospective',
  },
} as const;
export type ProspectStype = keyof typeof PROSPECT_AREAS;

/** docs/validation.md#how-messages-appear: its success toasts and the lists' load failures are centred. */
export const CENTERED = { centered: true } as const;

/** Page sizes of docs/money.md#constants-and-limits. */
export const PROSPECT_PAGE_SIZE = 5;
export const STUDENT_PAGE_SIZE = 5;
export const CLASS_PAGE_SIZE = 10;
export const CLASS_STUDENT_PAGE_SIZE = 5;

/** A row's status can be changed from the list while it is one of 0-3; 4 and 5 are final. */
export const canChangeStatus = (status: number): boolean => EDITABLE_REGISTRATION_STATUSES.includes(status);

/** The prospect lists' entry years (docs/money.md#constants-and-limits): the shared filter's. */
export { prospectYears } from '@keuangan/shared';

export interface ClassStudentParams {
  classId: number;
  yearOfStudy: string;
  className: string;
}

/**
 * `/class-student/{classId}?class_id=&year_of_study=&class=` (docs/screens.md): all three query parameters are
 * needed (and class_id must be the path's); otherwise null, and the page goes back to /class.
 */
export function classStudentParams(
  pathId: string | undefined,
  search: URLSearchParams,
): ClassStudentParams | null {
  const classId = search.get('class_id') ?? '';
  const yearOfStudy = search.get('year_of_study')?.trim() ?? '';
  const className = search.get('class')?.trim() ?? '';
  if (!/^[1-9]\d{0,8}$/.test(classId) || classId !== pathId || !yearOfStudy || !className) return null;
  return { classId: Number(classId), yearOfStudy, className };
}

/** The link from the class list to its students. */
export function classStudentsPath(cls: {
  id: number;
  name: string;
  year_of_study: { name: string };
}): string {
  const query = new URLSearchParams({
    class_id: String(cls.id),
    year_of_study: cls.year_of_study.name,
    class: cls.name,
  });
  return `/class-student/${cls.id}?${query}`;
}
