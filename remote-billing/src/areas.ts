import { CASH_MANAGER_ROLES, defineAreas, FINANCE_EDITOR_ROLES } from '@keuangan/shared/contract';

/** This remote's screen areas: the host's routes and menu are built from them (docs/architecture.md). */
export const BILLING_AREAS = defineAreas([
  { path: 'prospective-billing', title: 'Billing Peserta PSB', menu: { order: 20 } },
  { path: 'mutation-billing', title: 'Billing Peserta Mutasi', menu: { order: 21 } },
  { path: 'student-billing', title: 'Billing Siswa', menu: { order: 22 } },
  { path: 'student-billing-payment-history-detail', title: 'Riwayat Pembayaran', marks: 'student-billing' },
  { path: 'rekap-kas-harian', title: 'Rekap Kas Harian', menu: { order: 23 } },
  { path: 'pembayaran-online', title: 'Pembayaran Online', menu: { order: 24 } },
  { path: 'rekonsiliasi-bank', title: 'Rekonsiliasi Bank', menu: { order: 25 }, roles: FINANCE_EDITOR_ROLES },
  // The reports' labels start with 'Laporan' so they differ from the billing entries above.
  {
    path: 'report-prospective-billing',
    title: 'Laporan Billing Peserta PSB',
    menu: { group: 'laporan', order: 1 },
  },
  {
    path: 'report-mutation-billing',
    title: 'Laporan Billing Peserta Mutasi',
    menu: { group: 'laporan', order: 2 },
  },
  { path: 'report-student-billing', title: 'Laporan Billing Siswa', menu: { group: 'laporan', order: 3 } },
  { path: 'pengingat-tagihan', title: 'Pengingat Tagihan', menu: { group: 'laporan', order: 4 } },
  { path: 'report-discounts', title: 'Laporan Potongan', menu: { group: 'laporan', order: 5 } },
  { path: 'report-student-credit', title: 'Laporan Saldo Titipan', menu: { group: 'laporan', order: 5.5 } },
  // The books (docs/books.md): the journal, its CSV and Tutup Buku; the ledger; the trial balance and the tie-out.
  {
    path: 'jurnal-umum',
    title: 'Jurnal Umum',
    menu: { group: 'laporan', order: 6 },
    roles: FINANCE_EDITOR_ROLES,
  },
  {
    path: 'buku-besar',
    title: 'Buku Besar',
    menu: { group: 'laporan', order: 7 },
    roles: FINANCE_EDITOR_ROLES,
  },
  {
    path: 'neraca-saldo',
    title: 'Neraca Saldo',
    menu: { group: 'laporan', order: 8 },
    roles: FINANCE_EDITOR_ROLES,
  },
  // The chart and its mappings: admins and finance managers only (docs/roles.md#akun--pemetaan).
  {
    path: 'akun-pemetaan',
    title: 'Akun & Pemetaan',
    menu: { group: 'laporan', order: 9 },
    roles: CASH_MANAGER_ROLES,
  },
]);
export type BillingArea = (typeof BILLING_AREAS)[number]['path'];
