import { ComingSoon } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';

const TITLES: Record<string, string> = {
  'psb-event-prospective': 'Calon Siswa',
  'mutation-event-prospective': 'Calon Siswa Pindahan',
  student: 'Siswa',
  class: 'Daftar Kelas',
  'class-student': 'Siswa Kelas',
};

/** Prospects, students and classes; the host mounts one area per top-level route. */
export default function AdmissionsRoutes({ area }: { area: string }) {
  return (
    <Routes>
      <Route path="*" element={<ComingSoon title={TITLES[area] ?? 'Calon Siswa'} />} />
    </Routes>
  );
}
