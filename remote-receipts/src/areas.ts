import { DOCUMENT_ROUTE_PATTERNS, defineAreas } from '@keuangan/shared/contract';

/**
 * The printed documents: exact paths under the billing screens', served by this remote so a document opens
 * from its address without loading billing (docs/architecture.md). The host's routes are built from these.
 */
export const RECEIPTS_AREAS = defineAreas([
  {
    path: DOCUMENT_ROUTE_PATTERNS.studentReceipt,
    area: 'student-receipt',
    exact: true,
    title: 'Kuitansi Siswa',
  },
  { path: DOCUMENT_ROUTE_PATTERNS.studentNote, area: 'student-note', exact: true, title: 'Nota Siswa' },
  {
    path: DOCUMENT_ROUTE_PATTERNS.prospectReceipt,
    area: 'prospect-receipt',
    exact: true,
    title: 'Kuitansi Calon Siswa',
  },
  {
    path: DOCUMENT_ROUTE_PATTERNS.transferReceipt,
    area: 'prospect-receipt',
    exact: true,
    title: 'Kuitansi Calon Siswa',
  },
]);
