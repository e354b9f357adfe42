import { RedirectHome, withOwnAntd } from '@keuangan/shared';
import { ConfigProvider } from 'antd';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { StaffArea } from './areas';
import { AuditLogPage } from './audit/AuditLogPage';
import { EmployeeAddPage } from './employees/EmployeeAddPage';
import { EmployeeEditPage } from './employees/EmployeeEditPage';
import { EmployeeListPage } from './employees/EmployeeListPage';
import { EmployeeViewPage } from './employees/EmployeeViewPage';

/** Log Audit (admins only): who changed what, as staff and access are this remote's. */
function AuditLogRoutes() {
  return (
    <Routes>
      <Route index element={<AuditLogPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** The staff (Pegawai) screens; paths here are relative to the area's. */
function EmployeeRoutes() {
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

/** Each area declared in `areas.ts` and its screens; the host mounts one area per top-level route. */
const AREA_ROUTES: Record<StaffArea, ComponentType> = {
  employee: EmployeeRoutes,
  'audit-log': AuditLogRoutes,
};

function StaffRoutes({ area }: { area: string }) {
  const AreaRoutes = AREA_ROUTES[area as StaffArea];
  return AreaRoutes ? <AreaRoutes /> : <RedirectHome />;
}

export default withOwnAntd<{ area: string }>(ConfigProvider, StaffRoutes);
