import { RedirectHome, withOwnAntd } from '@keuangan/shared';
import { ConfigProvider } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { AuditLogPage } from './audit/AuditLogPage';
import { EmployeeAddPage } from './employees/EmployeeAddPage';
import { EmployeeEditPage } from './employees/EmployeeEditPage';
import { EmployeeListPage } from './employees/EmployeeListPage';
import { EmployeeViewPage } from './employees/EmployeeViewPage';

/**
 * The staff (Pegawai) screens, mounted by the host at /{area}/* (area 'employee'; paths here are relative), and
 * Log Audit (area 'audit-log', admins only): who changed what, as staff and access are this remote's.
 */
function StaffRoutes({ area }: { area: string }) {
  if (area === 'audit-log') {
    return (
      <Routes>
        <Route index element={<AuditLogPage />} />
        <Route path="*" element={<RedirectHome />} />
      </Routes>
    );
  }
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

export default withOwnAntd<{ area: string }>(ConfigProvider, StaffRoutes);
