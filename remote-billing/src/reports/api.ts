/** The reports' requests (docs/architecture.md "Code layout"). */
import { apiDownload, apiGet, ROUTES, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/report-student-billing`: the student billing report's figures. */
export const fetchStudentReport = (params: Record<string, unknown>, signal: AbortSignal) =>
  apiGet(ROUTES.reports.studentBilling(), params, { signal });

/** `GET /api/report-student-billing-students`: one page of Tunggakan per Siswa. */
export const useStudentArrears = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery(ROUTES.reports.studentArrears(), params, options);

/** `GET /api/report-student-billing-xlsx`: the report as a spreadsheet, saved as `fileName`. */
export const downloadStudentReport = (params: Record<string, unknown>, fileName: string) =>
  apiDownload(ROUTES.reports.studentBillingXlsx(), params, fileName);

/** `GET /api/report-prospective-billing`: a prospect billing report's figures. */
export const fetchProspectReport = (params: Record<string, unknown>, signal: AbortSignal) =>
  apiGet(ROUTES.reports.prospectBilling(), params, { signal });

/** `GET /api/report-prospective-billing-unpaid`: one page of the prospects who have not paid in full. */
export const useUnpaidProspects = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery(ROUTES.reports.prospectUnpaid(), params, options);

/** `GET /api/report-prospective-billing-xlsx`: the report as a spreadsheet, saved as `fileName`. */
export const downloadProspectReport = (params: Record<string, unknown>, fileName: string) =>
  apiDownload(ROUTES.reports.prospectBillingXlsx(), params, fileName);

/** `GET /api/report-discounts`: Laporan Potongan, per rule and class. */
export const fetchDiscountReport = (params: Record<string, unknown>, signal: AbortSignal) =>
  apiGet(ROUTES.reports.discounts(), params, { signal });

/** `GET /api/report-discounts-xlsx`: Laporan Potongan as a spreadsheet. */
export const downloadDiscountReport = (params: Record<string, unknown>, fileName: string) =>
  apiDownload(ROUTES.reports.discountsXlsx(), params, fileName);

/** `GET /api/student-credit/report`: one page of Laporan Saldo Titipan, with the totals. */
export const useCreditReport = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery(ROUTES.reports.creditReport(), params, options);

/** `GET /api/student-credit/report-xlsx`: Laporan Saldo Titipan as a spreadsheet. */
export const downloadCreditReport = (params: Record<string, unknown>, fileName: string) =>
  apiDownload(ROUTES.reports.creditReportXlsx(), params, fileName);

/** `GET /api/student-credit/report-movements`: one page of the movements in a range of days, with the totals. */
export const useCreditMovements = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery(ROUTES.reports.creditMovements(), params, options);
