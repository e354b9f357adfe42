/** The dashboard's request (docs/architecture.md "Code layout"); the core part only, so the page stays small. */
import { ROUTES } from '@keuangan/shared/contract';
import { apiGet } from '@keuangan/shared/core';

/** `GET /api/dashboard-fin-summary`: the four totals of the active branch. */
export const fetchDashboardSummary = (signal?: AbortSignal) =>
  apiGet(ROUTES.admin.dashboardSummary(), undefined, { signal });
