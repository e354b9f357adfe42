import { RedirectHome } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';
import { ProspectBillDetailPage } from './ProspectBillDetailPage';
import { ProspectBillingListPage } from './ProspectBillingListPage';

/**
 * Billing Peserta PSB: the list and a bill's detail. Its receipt (`show/:id/receipt-show`, Kuitansi Calon
 * Siswa) is the receipts remote's route: the host sends that path there, not here.
 */
export function ProspectBillingRoutes() {
  return (
    <Routes>
      <Route index element={<ProspectBillingListPage />} />
      <Route path="show/:id" element={<ProspectBillDetailPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}
