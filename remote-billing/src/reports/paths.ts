import { STYPE_ADMISSION, STYPE_TRANSFER } from '@keuangan/shared';

export const STUDENT_REPORT_TITLE = 'Laporan Billing Siswa';
export const STUDENT_REPORT_STORAGE_KEY = 'report-student-billing';

/** The two prospect reports: one screen, parameterised by the event type. */
export const PROSPECT_REPORTS = {
  [STYPE_ADMISSION]: {
    title: 'Laporan Billing Peserta PSB',
    storageKey: 'report-prospective-billing',
    fileName: 'laporan-billing-peserta-psb.xlsx',
  },
  [STYPE_TRANSFER]: {
    title: 'Laporan Billing Peserta Mutasi',
    storageKey: 'report-mutation-billing',
    fileName: 'laporan-billing-peserta-mutasi.xlsx',
  },
} as const;
export type ProspectReportStype = keyof typeof PROSPECT_REPORTS;

/** Laporan Potongan's saved filter (session storage, per branch). */
export const DISCOUNT_REPORT_STORAGE_KEY = 'report-discounts';

/** Laporan Saldo Titipan's saved filter (session storage, per branch). */
export const CREDIT_REPORT_STORAGE_KEY = 'report-student-credit';
