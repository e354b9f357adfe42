import { CRUD_PATHS, PlaceholderRoutes } from '@keuangan/shared';

/** Each area's title and the sub-paths the spec gives it (part 1 §2, part 2 §2); others go to '/'. */
const AREAS: Record<string, { title: string; paths: string[] }> = {
  'student-billing': {
    title: 'Billing Siswa',
    paths: [...CRUD_PATHS, 'show/:id/receipt-show', 'show/:id/bill-show'],
  },
  'student-billing-payment-history-detail': { title: 'Riwayat Pembayaran', paths: [':query'] },
  'prospective-billing': { title: 'Billing Peserta PSB', paths: [...CRUD_PATHS, 'show/:id/receipt-show'] },
  'mutation-billing': { title: 'Billing Peserta Mutasi', paths: CRUD_PATHS },
  'report-prospective-billing': { title: 'Laporan Billing Peserta PSB', paths: [''] },
  'report-mutation-billing': { title: 'Laporan Billing Peserta Mutasi', paths: [''] },
  'report-student-billing': { title: 'Laporan Billing Siswa', paths: [''] },
};

/** Billing, payment and report screens; the host mounts one area per top-level route. */
export default function BillingRoutes({ area }: { area: string }) {
  const { title, paths } = AREAS[area] ?? { title: 'Billing', paths: [] };
  return <PlaceholderRoutes title={title} paths={paths} />;
}
