import { ComingSoon } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';

const TITLES: Record<string, string> = {
  'student-fee-component': 'Komponen Biaya Siswa',
  'student-auto-fee': 'Biaya Otomatis Siswa',
};

/** Fee component screens, mounted by the host at /student-fee-component/* and /student-auto-fee/*. */
export default function FeesRoutes({ area }: { area: string }) {
  return (
    <Routes>
      <Route path="*" element={<ComingSoon title={TITLES[area] ?? 'Komponen Biaya Siswa'} />} />
    </Routes>
  );
}
