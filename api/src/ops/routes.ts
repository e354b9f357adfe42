/**
 * Operations: `/api/health` says the process is alive (a restart is the cure when it does not answer);
 * `/api/ready` says whether it can serve now (database, migrations, pool): 503 with Retry-After when not.
 * Both public, no data. See api/README.md, "Operations".
 */
import type { HealthResponse, ReadyResponse } from '@keuangan/shared/contract';
import { ROUTES } from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { routeDocs } from '../openapi/route-docs';
import { isReady, readiness } from './readiness';
import { RETRY_AFTER_SECONDS } from './unavailable';

const documented = routeDocs('Operations');

export async function opsRoutes(app: FastifyInstance): Promise<void> {
  const open = { config: { public: true } };
  app.get(
    ROUTES.ops.health.local,
    documented(open, { summary: 'The process is alive', input: 'none', response: 'HealthResponse' }),
    async (): Promise<HealthResponse> => ({ status: 'ok' }),
  );
  app.get(
    ROUTES.ops.ready.local,
    documented(open, {
      summary: 'Ready to serve: database reachable, migrations current, a free connection',
      input: 'none',
      response: 'ReadyResponse',
      status: [200, 503],
    }),
    async (_request, reply): Promise<ReadyResponse> => {
      const checks = await readiness(app.database);
      if (isReady(checks)) return { status: 'ready', checks };
      reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return { status: 'not-ready', message: 'Server belum siap melayani, coba lagi', checks };
    },
  );
}
