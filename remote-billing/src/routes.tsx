import { ComingSoon } from '@keuangan/shared';
import { Route, Routes } from 'react-router-dom';

const TITLES: Record<string, string> = {
  'student-billing': 'Billing Siswa',
  'student-billing-payment-history-detail': 'Riwayat Pembayaran',
  'prospective-billing': 'Billing Peserta PSB',
  'mutation-billing': 'Billing Peserta Mutasi',
  'report-prospective-billing': 'Laporan Billing Peserta PSB',
  'report-mutation-billing': 'Laporan Billing Peserta Mutasi',
  'report-student-billing': 'Laporan Billing Siswa',
};

/** Billing, payment and report screens; the host mounts one area per top-level route. */
export default function BillingRoutes({ area }: { area: string }) {
  return (
    <Routes>
      <Route path="*" element={<ComingSoon title={TITLES[area] ?? 'Billing'} />} />
    </Routes>
  );
}
