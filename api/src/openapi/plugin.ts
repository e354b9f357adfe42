/**
 * The API's OpenAPI 3.1 description and its reader at /api/docs (docs/decisions.md#the-api-describes-itself):
 * @fastify/swagger collects the routes, describe.ts turns each route's docs into its operation, and
 * @fastify/swagger-ui serves the Swagger UI from its npm package (no CDN: the product works offline).
 * Register before the routes, so every route is seen.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type AnyApiRoute, ROUTES } from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { describeRoute } from './describe';
import responses from './responses.json';

/** The generated answers (generate.ts); a JSON import widens their `type: 'object'` to string, hence the cast. */
const answerSchemas = responses.schemas as Record<string, unknown> as Record<string, never>;

export const DOCS_PREFIX = '/api/docs';

/** The route table's entries by `METHOD path`: each operation's body and query come from its entry. */
const TABLE = new Map<string, AnyApiRoute>(
  Object.values(ROUTES)
    .flatMap((group): AnyApiRoute[] => Object.values(group))
    .map((route) => [`${route.method} ${route.path}`, route]),
);

/** The docs' own pages and files: public, like /api/health (they describe routes, they hold no data). */
export const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * The UI's pages only: its own scripts and styles (Swagger UI sets inline style attributes), the document
 * fetched from here. Everything else keeps the API's `default-src 'none'` (app.ts).
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Keuangan API',
        version: '1',
        description:
          'The finance back office of the school-management suite. Every route answers JSON unless it says ' +
          'otherwise; every refusal is `{message, errors?}` with an Indonesian message. Behaviour: docs/ of the ' +
          'repository; each route: api/ROUTES.md.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A session token from POST /api/auth/login (HS256, audience keuangan-api, 12 hours), re-checked on every request.',
          },
          embedToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'An embed token (Token Integrasi, audience keuangan-embed, from POST /api/embed-tokens) for the embedded billing view of one branch or one student: scope billing:read or billing:pay.',
          },
        },
        schemas: answerSchemas,
      },
    },
    transform: ({ schema, url, route }) => {
      const docs = route.config?.openapi;
      if (!url.startsWith('/api/') || isDocsRoute(url)) return { schema: { hide: true }, url };
      if (!docs) return { schema, url };
      const method = [route.method].flat()[0];
      const entry = app.routeTable.find((r) => r.url === url && r.method === method);
      return { schema: describeRoute(docs, url, entry, TABLE.get(`${method} ${url}`)), url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    theme: { title: 'Keuangan API' },
    // No online validator: the reader works offline and sends the document nowhere.
    uiConfig: {
      docExpansion: 'none',
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      tagsSorter: 'alpha',
      validatorUrl: null,
    },
  });
}
