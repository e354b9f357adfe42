import { defineAreas } from '@keuangan/shared/contract';

/**
 * The printed documents: exact paths under the billing screens', served by this remote so a document opens
 * from its address without loading billing (docs/architecture.md). The host's routes are built from these.
 */
export const RECEIPTS_AREAS = defineAreas([
  {
    path: 'student-billing/show/:id/receipt-show',
    area: 'student-receipt',
    exact: true,
    title: 'Kuitansi Siswa',
  },
  { path: 'student-billing/show/:id/bill-show', area: 'student-note', exact: true, title: 'Nota Siswa' },
  {
    path: 'prospective-billing/show/:id/receipt-show',
    area: 'prospect-receipt',
    exact: true,
    title: 'Kuitansi Calon Siswa',
  },
  {
    path: 'mutation-billing/show/:id/receipt-show',
    area: 'prospect-receipt',
    exact: true,
    title: 'Kuitansi Calon Siswa',
  },
]);
