import { ComingSoon, CRUD_PATHS, PlaceholderRoutes, RedirectHome } from '@keuangan/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ExtraBillPage } from './add/ExtraBillPage';
import { LIST_PATH } from './constants';
import { BillDetailPage } from './detail/BillDetailPage';
import { PaymentHistoryPage } from './history/PaymentHistoryPage';
import { StudentBillingListPage } from './list/StudentBillingListPage';
import { ProspectBillingRoutes } from './prospect/ProspectBillingRoutes';

/** Billing Siswa: list, extra bill, bill detail (spec part 2 §2). */
function StudentBillingRoutes() {
  return (
    <Routes>
      <Route index element={<StudentBillingListPage />} />
      <Route path="add" element={<ExtraBillPage />} />
      <Route path="show/:id" element={<BillDetailPage />} />
      {/* The printed receipt and notes belong to the receipts remote; until it answers these routes: */}
      <Route path="show/:id/receipt-show" element={<ComingSoon title="Kuitansi Siswa" />} />
      <Route path="show/:id/bill-show" element={<ComingSoon title="Nota Siswa" />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** Riwayat Pembayaran: needs student_id and department_id, else back to the billing list (spec §2). */
function PaymentHistoryRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={LIST_PATH} replace />} />
      <Route path=":query" element={<PaymentHistoryPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** The areas that are still placeholders: each area's title and the sub-paths the spec gives it. */
const PLACEHOLDERS: Record<string, { title: string; paths: string[] }> = {
  'mutation-billing': { title: 'Billing Peserta Mutasi', paths: CRUD_PATHS },
  'report-prospective-billing': { title: 'Laporan Billing Peserta PSB', paths: [''] },
  'report-mutation-billing': { title: 'Laporan Billing Peserta Mutasi', paths: [''] },
  'report-student-billing': { title: 'Laporan Billing Siswa', paths: [''] },
};

/** Billing, payment and report screens; the host mounts one area per top-level route. */
export default function BillingRoutes({ area }: { area: string }) {
  if (area === 'student-billing') return <StudentBillingRoutes />;
  if (area === 'student-billing-payment-history-detail') return <PaymentHistoryRoutes />;
  if (area === 'prospective-billing') return <ProspectBillingRoutes />;
  const { title, paths } = PLACEHOLDERS[area] ?? { title: 'Billing', paths: [] };
  return <PlaceholderRoutes title={title} paths={paths} />;
}
