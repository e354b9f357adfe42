import { CRUD_PATHS, PlaceholderRoutes } from '@keuangan/shared';

/** Each area's title and the sub-paths the spec gives it (part 1 §2, part 2 §2); others go to '/'. */
const AREAS: Record<string, { title: string; paths: string[] }> = {
  'psb-event-prospective': { title: 'Calon Siswa', paths: CRUD_PATHS },
  'mutation-event-prospective': { title: 'Calon Siswa Pindahan', paths: CRUD_PATHS },
  student: { title: 'Siswa', paths: ['', 'show/:id', 'edit/:id', 'search'] },
  class: { title: 'Daftar Kelas', paths: CRUD_PATHS },
  'class-student': { title: 'Siswa Kelas', paths: [':classId'] },
};

/** Prospects, students and classes; the host mounts one area per top-level route. */
export default function AdmissionsRoutes({ area }: { area: string }) {
  const { title, paths } = AREAS[area] ?? { title: 'Calon Siswa', paths: [] };
  return <PlaceholderRoutes title={title} paths={paths} />;
}
