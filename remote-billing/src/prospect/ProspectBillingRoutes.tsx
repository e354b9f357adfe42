import { type PsbEventStype, RedirectHome } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';
import { ProspectBillDetailPage } from './ProspectBillDetailPage';
import { ProspectBillingListPage } from './ProspectBillingListPage';

/**
 * Billing Peserta PSB (`stype` 1) or Billing Peserta Mutasi (2): the list and a bill's detail. Their receipt
 * (`show/:id/receipt-show`, Kuitansi Calon Siswa) is the receipts remote's route: the host sends that path
 * there, not here.
 */
export function ProspectBillingRoutes({ stype }: { stype: PsbEventStype }) {
  return (
    <Routes>
      <Route index element={<ProspectBillingListPage stype={stype} />} />
      <Route path="show/:id" element={<ProspectBillDetailPage stype={stype} />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}
