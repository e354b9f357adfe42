import { ComingSoon } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';

/** The printable documents (Kuitansi Siswa, Nota Siswa, Kuitansi Calon Siswa); the billing screens open them. */
export default function ReceiptsRoutes() {
  return (
    <Routes>
      <Route path="*" element={<ComingSoon title="Kuitansi" />} />
    </Routes>
  );
}
