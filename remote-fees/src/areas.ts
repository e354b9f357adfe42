import { defineAreas } from '@keuangan/shared/contract';

/** This remote's screen areas: the host's routes and menu are built from them (docs/architecture.md). */
export const FEES_AREAS = defineAreas([
  { path: 'student-fee-component', title: 'Komponen Biaya Siswa', menu: { group: 'master-data', order: 6 } },
  { path: 'student-auto-fee', title: 'Biaya Otomatis Siswa' },
  { path: 'aturan-potongan', title: 'Aturan Potongan', menu: { group: 'master-data', order: 7 } },
  { path: 'rencana-cicilan', title: 'Rencana Cicilan', menu: { group: 'master-data', order: 8 } },
]);
export type FeesArea = (typeof FEES_AREAS)[number]['path'];
