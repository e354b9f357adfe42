import { defineAreas } from '@keuangan/shared/contract';

/** This remote's screen areas: the host's routes and menu are built from them (docs/architecture.md). */
export const ADMISSIONS_AREAS = defineAreas([
  { path: 'psb-event-prospective', title: 'Calon Siswa PSB', menu: { group: 'master-data', order: 2 } },
  {
    path: 'mutation-event-prospective',
    title: 'Calon Siswa Mutasi',
    menu: { group: 'master-data', order: 3 },
  },
  { path: 'student', title: 'Siswa', menu: { group: 'master-data', order: 4 } },
  { path: 'class', title: 'Kelas', menu: { group: 'master-data', order: 5 } },
  { path: 'class-student', title: 'Siswa Kelas', marks: 'class' },
]);
export type AdmissionsArea = (typeof ADMISSIONS_AREAS)[number]['path'];
