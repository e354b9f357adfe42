import { ComingSoon } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';

/** The staff (Pegawai) screens, mounted by the host at /employee/*. */
export default function StaffRoutes() {
  return (
    <Routes>
      <Route path="*" element={<ComingSoon title="Pegawai" />} />
    </Routes>
  );
}
