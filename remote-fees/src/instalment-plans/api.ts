/** Rencana Cicilan's requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPost,
  type InstalmentPlanRow,
  type InstalmentPlanSave,
  type InstalmentPlanWriteResponse,
  ROUTES,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/instalment-plans`: a page of the branch's plans, active first. */
export const useInstalmentPlanList = (options: ListOptions) =>
  usePagedQuery(ROUTES.fees.instalmentPlans(), {}, options);

/** `GET /api/instalment-plans/{id}`. */
export const fetchInstalmentPlan = (id: string | undefined) => apiGet(ROUTES.fees.instalmentPlan({ id }));

/** `POST /api/instalment-plans` for a new plan, `POST /api/instalment-plans/{id}` for one. */
export const saveInstalmentPlan = (plan: InstalmentPlanRow | undefined, payload: InstalmentPlanSave) =>
  apiPost<InstalmentPlanWriteResponse>(
    plan ? ROUTES.fees.updateInstalmentPlan({ id: plan.id }) : ROUTES.fees.createInstalmentPlan(),
    payload,
  );

/** `POST /api/instalment-plans/{id}/active`: deactivate or reactivate. */
export const setInstalmentPlanActive = (id: number, active: boolean) =>
  apiPost(ROUTES.fees.setInstalmentPlanActive({ id }), { active });

/** `GET /api/instalment-plans?active=1`: the plans a charge may use. */
export const fetchActivePlans = () => apiGet(ROUTES.fees.instalmentPlans(), { active: '1', limit: '100' });
