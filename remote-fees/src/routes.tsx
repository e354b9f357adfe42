import { ComingSoon, RedirectHome, withOwnAntd } from '@keuangan/shared';
import { ConfigProvider } from 'antd';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { FeesArea } from './areas';
import { DiscountRuleFormPage } from './discount-rules/DiscountRuleFormPage';
import { DiscountRulesPage } from './discount-rules/DiscountRulesPage';
import { LIST_PATH } from './fee-components/constants';
import { FeeComponentAddPage, FeeComponentEditPage } from './fee-components/FeeComponentFormPage';
import { FeeComponentListPage } from './fee-components/FeeComponentListPage';
import { InstalmentPlanAddPage, InstalmentPlanEditPage } from './instalment-plans/InstalmentPlanFormPage';
import { InstalmentPlanListPage } from './instalment-plans/InstalmentPlanListPage';

/** Komponen Biaya Siswa: list, add, edit; show is a placeholder (docs/README.md). */
function FeeComponentRoutes() {
  return (
    <Routes>
      <Route index element={<FeeComponentListPage />} />
      <Route path="add" element={<FeeComponentAddPage />} />
      <Route path="edit/:id" element={<FeeComponentEditPage />} />
      {/* docs/screens.md#fee-component-form: edit without an id goes back to the list. */}
      <Route path="edit" element={<Navigate to={LIST_PATH} replace />} />
      <Route path="show/:id" element={<ComingSoon title="Detail Komponen Biaya Siswa" />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** Biaya Otomatis Siswa: placeholder pages only (docs/README.md). */
function AutoFeeRoutes() {
  return (
    <Routes>
      <Route index element={<ComingSoon title="Biaya Otomatis Siswa" />} />
      <Route path="add" element={<ComingSoon title="Tambah Biaya Otomatis Siswa" />} />
      <Route path="edit/:id" element={<ComingSoon title="Ubah Biaya Otomatis Siswa" />} />
      <Route path="show/:id" element={<ComingSoon title="Detail Biaya Otomatis Siswa" />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** Aturan Potongan: the rules and categories, and the new rule's form (docs/screens.md#aturan-potongan). */
function DiscountRuleRoutes() {
  return (
    <Routes>
      <Route index element={<DiscountRulesPage />} />
      <Route path="add" element={<DiscountRuleFormPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** Rencana Cicilan: list, add, edit (docs/screens.md#rencana-cicilan). */
function InstalmentPlanRoutes() {
  return (
    <Routes>
      <Route index element={<InstalmentPlanListPage />} />
      <Route path="add" element={<InstalmentPlanAddPage />} />
      <Route path="edit/:id" element={<InstalmentPlanEditPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** Each area declared in `areas.ts` and its screens; the host mounts one area per top-level route. */
const AREA_ROUTES: Record<FeesArea, ComponentType> = {
  'student-fee-component': FeeComponentRoutes,
  'student-auto-fee': AutoFeeRoutes,
  'aturan-potongan': DiscountRuleRoutes,
  'rencana-cicilan': InstalmentPlanRoutes,
};

function FeesRoutes({ area }: { area: string }) {
  const AreaRoutes = AREA_ROUTES[area as FeesArea];
  return AreaRoutes ? <AreaRoutes /> : <RedirectHome />;
}

export default withOwnAntd(ConfigProvider, FeesRoutes);
