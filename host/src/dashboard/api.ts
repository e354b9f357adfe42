/** The dashboard's request (docs/architecture.md "Code layout"); the core part only, so the page stays small. */
import type { DashboardSummary } from '@keuangan/shared/contract';
import { apiGet } from '@keuangan/shared/core';

/** `GET /api/dashboard-fin-summary`: the four totals of the active branch. */
export const fetchDashboardSummary = (signal?: AbortSignal) =>
  apiGet<DashboardSummary>('/api/dashboard-fin-summary', undefined, { signal });
