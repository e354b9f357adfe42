import type { RemoteName } from '@keuangan/shared/core';
import { lazy, Suspense } from 'react';

// The area frame uses the shared antd: loaded with the first remote screen, not on /login.
const RemoteArea = lazy(async () => ({ default: (await import('./RemoteArea')).RemoteArea }));

/** Which remote owns which top-level route (docs/architecture.md, "Who owns which screen"). */
const AREAS: { path: string; remote: RemoteName; title: string }[] = [
  { path: 'employee', remote: 'staff', title: 'Pegawai' },
  { path: 'audit-log', remote: 'staff', title: 'Log Audit' },
  { path: 'student-fee-component', remote: 'fees', title: 'Komponen Biaya Siswa' },
  { path: 'student-auto-fee', remote: 'fees', title: 'Biaya Otomatis Siswa' },
  { path: 'aturan-potongan', remote: 'fees', title: 'Aturan Potongan' },
  { path: 'rencana-cicilan', remote: 'fees', title: 'Rencana Cicilan' },
  { path: 'student-billing', remote: 'billing', title: 'Billing Siswa' },
  { path: 'student-billing-payment-history-detail', remote: 'billing', title: 'Riwayat Pembayaran' },
  { path: 'prospective-billing', remote: 'billing', title: 'Billing Peserta PSB' },
  { path: 'mutation-billing', remote: 'billing', title: 'Billing Peserta Mutasi' },
  { path: 'rekap-kas-harian', remote: 'billing', title: 'Rekap Kas Harian' },
  { path: 'pembayaran-online', remote: 'billing', title: 'Pembayaran Online' },
  { path: 'rekonsiliasi-bank', remote: 'billing', title: 'Rekonsiliasi Bank' },
  { path: 'report-prospective-billing', remote: 'billing', title: 'Laporan Billing Peserta PSB' },
  { path: 'report-mutation-billing', remote: 'billing', title: 'Laporan Billing Peserta Mutasi' },
  { path: 'report-student-billing', remote: 'billing', title: 'Laporan Billing Siswa' },
  { path: 'pengingat-tagihan', remote: 'billing', title: 'Pengingat Tagihan' },
  { path: 'report-discounts', remote: 'billing', title: 'Laporan Potongan' },
  { path: 'psb-event-prospective', remote: 'admissions', title: 'Calon Siswa PSB' },
  { path: 'mutation-event-prospective', remote: 'admissions', title: 'Calon Siswa Mutasi' },
  { path: 'student', remote: 'admissions', title: 'Siswa' },
  { path: 'class', remote: 'admissions', title: 'Kelas' },
  { path: 'class-student', remote: 'admissions', title: 'Siswa Kelas' },
];

/**
 * The printed documents live under the billing screens' paths but belong to the receipts remote (docs/architecture.md);
 * these exact paths outrank the billing areas' `*`.
 */
const DOCUMENTS: { path: string; area: string; title: string }[] = [
  { path: 'student-billing/show/:id/receipt-show', area: 'student-receipt', title: 'Kuitansi Siswa' },
  { path: 'student-billing/show/:id/bill-show', area: 'student-note', title: 'Nota Siswa' },
  {
    path: 'prospective-billing/show/:id/receipt-show',
    area: 'prospect-receipt',
    title: 'Kuitansi Calon Siswa',
  },
  { path: 'mutation-billing/show/:id/receipt-show', area: 'prospect-receipt', title: 'Kuitansi Calon Siswa' },
];

const documentRoutes = DOCUMENTS.map(({ path, area, title }) => ({
  path,
  element: (
    <Suspense key={path}>
      <RemoteArea remote="receipts" area={area} title={title} />
    </Suspense>
  ),
}));

const areaRoutes = AREAS.map(({ path, remote, title }) => ({
  path: `${path}/*`,
  // key: moving between two areas of one remote must mount a fresh area.
  element: (
    <Suspense key={path}>
      <RemoteArea remote={remote} area={path} title={title} />
    </Suspense>
  ),
}));

export const remoteRoutes = [...documentRoutes, ...areaRoutes];
