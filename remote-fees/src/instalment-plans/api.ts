/** Rencana Cicilan's requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPost,
  type InstalmentPlanPage,
  type InstalmentPlanRow,
  type InstalmentPlanSave,
  type InstalmentPlanWriteResponse,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/instalment-plans`: a page of the branch's plans, active first. */
export const useInstalmentPlanList = (options: ListOptions) =>
  usePagedQuery<InstalmentPlanRow>('/api/instalment-plans', {}, options);

/** `GET /api/instalment-plans/{id}`. */
export const fetchInstalmentPlan = (id: string | undefined) =>
  apiGet<InstalmentPlanRow>(`/api/instalment-plans/${id}`);

/** `POST /api/instalment-plans` for a new plan, `POST /api/instalment-plans/{id}` for one. */
export const saveInstalmentPlan = (plan: InstalmentPlanRow | undefined, payload: InstalmentPlanSave) =>
  apiPost<InstalmentPlanWriteResponse>(
    plan ? `/api/instalment-plans/${plan.id}` : '/api/instalment-plans',
    payload,
  );

/** `POST /api/instalment-plans/{id}/active`: deactivate or reactivate. */
export const setInstalmentPlanActive = (id: number, active: boolean) =>
  apiPost<InstalmentPlanWriteResponse>(`/api/instalment-plans/${id}/active`, { active });

/** `GET /api/instalment-plans?active=1`: the plans a charge may use. */
export const fetchActivePlans = () =>
  apiGet<InstalmentPlanPage>('/api/instalment-plans', { active: '1', limit: '100' });
