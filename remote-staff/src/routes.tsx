import { RedirectHome } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';
import { EmployeeAddPage } from './pages/EmployeeAddPage';
import { EmployeeEditPage } from './pages/EmployeeEditPage';
import { EmployeeListPage } from './pages/EmployeeListPage';
import { EmployeeViewPage } from './pages/EmployeeViewPage';

/** The staff (Pegawai) screens, mounted by the host at /{area}/* (area 'employee'); paths here are relative. */
export default function StaffRoutes() {
  return (
    <Routes>
      <Route index element={<EmployeeListPage />} />
      <Route path="add" element={<EmployeeAddPage />} />
      <Route path="edit/:id" element={<EmployeeEditPage />} />
      <Route path="show/:id" element={<EmployeeViewPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}
