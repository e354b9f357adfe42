/** The reports' requests (docs/architecture.md "Code layout"). */
import { apiDownload, apiGet, type QueryType, ROUTES, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/report-student-billing`: the student billing report's figures. */
export const fetchStudentReport = (
  params: QueryType<typeof ROUTES.reports.studentBilling>,
  signal: AbortSignal,
) => apiGet(ROUTES.reports.studentBilling(), params, { signal });

/** `GET /api/report-student-billing-students`: one page of Tunggakan per Siswa. */
export const useStudentArrears = (
  params: QueryType<typeof ROUTES.reports.studentArrears>,
  options: ListOptions,
) => usePagedQuery(ROUTES.reports.studentArrears(), params, options);

/** `GET /api/report-student-billing-xlsx`: the report as a spreadsheet, saved as `fileName`. */
export const downloadStudentReport = (
  params: QueryType<typeof ROUTES.reports.studentBillingXlsx>,
  fileName: string,
) => apiDownload(ROUTES.reports.studentBillingXlsx(), params, fileName);

/** `GET /api/report-prospective-billing`: a prospect billing report's figures. */
export const fetchProspectReport = (
  params: QueryType<typeof ROUTES.reports.prospectBilling>,
  signal: AbortSignal,
) => apiGet(ROUTES.reports.prospectBilling(), params, { signal });

/** `GET /api/report-prospective-billing-unpaid`: one page of the prospects who have not paid in full. */
export const useUnpaidProspects = (
  params: QueryType<typeof ROUTES.reports.prospectUnpaid>,
  options: ListOptions,
) => usePagedQuery(ROUTES.reports.prospectUnpaid(), params, options);

/** `GET /api/report-prospective-billing-xlsx`: the report as a spreadsheet, saved as `fileName`. */
export const downloadProspectReport = (
  params: QueryType<typeof ROUTES.reports.prospectBillingXlsx>,
  fileName: string,
) => apiDownload(ROUTES.reports.prospectBillingXlsx(), params, fileName);

/** `GET /api/report-discounts`: Laporan Potongan, per rule and class. */
export const fetchDiscountReport = (
  params: QueryType<typeof ROUTES.reports.discounts>,
  signal: AbortSignal,
) => apiGet(ROUTES.reports.discounts(), params, { signal });

/** `GET /api/report-discounts-xlsx`: Laporan Potongan as a spreadsheet. */
export const downloadDiscountReport = (
  params: QueryType<typeof ROUTES.reports.discountsXlsx>,
  fileName: string,
) => apiDownload(ROUTES.reports.discountsXlsx(), params, fileName);

/** Laporan Saldo Titipan's filter, as its spreadsheet (and the movements beside it) read it. */
export type CreditReportFilter = QueryType<typeof ROUTES.reports.creditReportXlsx>;

/** `GET /api/student-credit/report`: one page of Laporan Saldo Titipan, with the totals. */
export const useCreditReport = (
  params: QueryType<typeof ROUTES.reports.creditReport>,
  options: ListOptions,
) => usePagedQuery(ROUTES.reports.creditReport(), params, options);

/** `GET /api/student-credit/report-xlsx`: Laporan Saldo Titipan as a spreadsheet. */
export const downloadCreditReport = (params: CreditReportFilter, fileName: string) =>
  apiDownload(ROUTES.reports.creditReportXlsx(), params, fileName);

/** `GET /api/student-credit/report-movements`: one page of the movements in a range of days, with the totals. */
export const useCreditMovements = (
  params: QueryType<typeof ROUTES.reports.creditMovements>,
  options: ListOptions,
) => usePagedQuery(ROUTES.reports.creditMovements(), params, options);
