/** The operators' routes: liveness and readiness, public, for load balancers and orchestrators (api/README.md, "Health and readiness"). */
import type { HealthResponse, ReadyResponse } from '../common';
import { answer, get } from './define';

export const OPS_ROUTES = {
  health: get('/api/health', answer<HealthResponse>()),
  ready: get('/api/ready', answer<ReadyResponse>()),
};
