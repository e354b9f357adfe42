/**
 * The Laporan reports (issue 12): Laporan Billing Siswa, and Laporan Billing Peserta PSB / Mutasi (one set of
 * routes, `stype` 1 or 2), each as JSON for the screen and as a spreadsheet. Finance editors only, scoped to
 * the active branch; the definitions are in api/ROUTES.md "Reports".
 */
import {
  labelOf,
  type ProspectiveBillingReport,
  type ProspectiveBillingReportQuery,
  type ProspectiveBillingReportUnpaidPage,
  ROUTES,
  STYPE_TRANSFER,
  type StudentBillingReport,
  type StudentBillingReportQuery,
  type StudentBillingReportStudentPage,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import type { Db } from '../db/client';
import { departments, psb_events } from '../db/schema';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { ApiError } from '../lib/errors';
import { type BranchScope, findInBranch } from '../lib/scope';
import { todayIn } from '../lib/time';
import { validate } from '../lib/validate';
import { MAX_XLS_ROWS, sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { ALL_LABEL, placementFilterLines } from './filter-lines';
import { prospectiveBillingReport, studentArrears, studentBillingReport, unpaidProspects } from './queries';

const tooManyRows = () =>
  new ApiError(
    422,
    `Data terlalu banyak untuk diunduh (lebih dari ${MAX_XLS_ROWS} baris). Persempit filter terlebih dahulu.`,
  );

export const prospectReportTitle = (stype: number) =>
  stype === STYPE_TRANSFER ? 'Laporan Billing Peserta Mutasi' : 'Laporan Billing Peserta PSB';

/** The student report's filter as the spreadsheet writes it at the top (names, not ids; 404 for a foreign id). */
async function studentFilterLines(
  db: Db,
  scope: BranchScope,
  q: StudentBillingReportQuery,
  today: string,
): Promise<[string, string][]> {
  return [
    ...(await placementFilterLines(db, scope, q)),
    // Narrows Tunggakan per Siswa only (docs/money.md "Due dates and arrears").
    ['Keterlambatan', q.overdue_min ? `Minimal ${q.overdue_min} hari` : ALL_LABEL],
    ['Tanggal Laporan', today],
  ];
}

async function prospectFilterLines(
  db: Db,
  scope: BranchScope,
  q: ProspectiveBillingReportQuery,
  today: string,
): Promise<[string, string][]> {
  const department = q.department_id
    ? (await findInBranch(db, scope, departments, q.department_id)).name
    : ALL_LABEL;
  const event = q.psb_event_id ? await findInBranch(db, scope, psb_events, q.psb_event_id) : null;
  return [
    [
      'Jenis',
      labelOf(
        [
          { value: 1, label: 'PSB' },
          { value: 2, label: 'Mutasi' },
        ],
        q.stype,
      ),
    ],
    ['Departemen', department],
    ['Tahun Masuk', q.yoe ? String(q.yoe) : ALL_LABEL],
    ['Event', event ? `${event.code} - ${event.name}` : ALL_LABEL],
    ['Tanggal Laporan', today],
  ];
}

const documented = routeDocs('Reports');

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.reports.studentBilling.local,
    documented(guard, {
      summary: 'Student billing report: arrears and collections',
      response: 'StudentBillingReport',
    }),
    async (request): Promise<StudentBillingReport> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reports.studentBilling.query, request.query);
      return studentBillingReport(db, scope, query, todayIn(scope));
    },
  );

  app.get(
    ROUTES.reports.studentArrears.local,
    documented(guard, {
      summary: "The report's students, paged",
      response: 'StudentBillingReportStudentPage',
    }),
    async (request): Promise<StudentBillingReportStudentPage> => {
      const scope = requireAuth(request);
      const { page, limit, orderby, ...filter } = validate(
        ROUTE_INPUTS.reports.studentArrears.query,
        request.query,
      );
      return studentArrears(db, scope, filter, todayIn(scope), { page, limit }, orderby);
    },
  );

  app.get(
    ROUTES.reports.studentBillingXlsx.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'The student billing report as a workbook',
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reports.studentBillingXlsx.query, request.query);
      const today = todayIn(scope);
      const filter = await studentFilterLines(db, scope, query, today);
      const probe = await studentArrears(db, scope, query, today, { page: 1, limit: 1 });
      if (probe.total > MAX_XLS_ROWS) throw tooManyRows();
      const [report, students] = await Promise.all([
        studentBillingReport(db, scope, query, today),
        studentArrears(db, scope, query, today, null, query.orderby),
      ]);
      const file = await app.documents.build('studentReportWorkbook', report, students.data, filter);
      const name = `laporan-billing-siswa-${today}.xlsx`;
      return sendXlsx(reply, file, name);
    },
  );

  app.get(
    ROUTES.reports.prospectBilling.local,
    documented(guard, {
      summary: 'Prospect billing report per event',
      response: 'ProspectiveBillingReport',
    }),
    async (request): Promise<ProspectiveBillingReport> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reports.prospectBilling.query, request.query);
      return prospectiveBillingReport(db, scope, query);
    },
  );

  app.get(
    ROUTES.reports.prospectUnpaid.local,
    documented(guard, {
      summary: 'Prospects with unpaid bills, paged',
      response: 'ProspectiveBillingReportUnpaidPage',
    }),
    async (request): Promise<ProspectiveBillingReportUnpaidPage> => {
      const scope = requireAuth(request);
      const { page, limit, ...filter } = validate(ROUTE_INPUTS.reports.prospectUnpaid.query, request.query);
      return unpaidProspects(db, scope, filter, { page, limit });
    },
  );

  app.get(
    ROUTES.reports.prospectBillingXlsx.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'The prospect billing report as a workbook',
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reports.prospectBillingXlsx.query, request.query);
      const today = todayIn(scope);
      const filter = await prospectFilterLines(db, scope, query, today);
      const probe = await unpaidProspects(db, scope, query, { page: 1, limit: 1 });
      if (probe.total > MAX_XLS_ROWS) throw tooManyRows();
      const [report, unpaid] = await Promise.all([
        prospectiveBillingReport(db, scope, query),
        unpaidProspects(db, scope, query, null),
      ]);
      const title = prospectReportTitle(query.stype);
      const file = await app.documents.build('prospectReportWorkbook', title, report, unpaid.data, filter);
      const name = `${title.toLowerCase().replace(/ /g, '-')}-${today}.xlsx`;
      return sendXlsx(reply, file, name);
    },
  );
}
