// The API describes itself (docs/decisions.md#the-api-describes-itself): every route of `app.routeTable` is in the
// document, the reader renders under its CSP, and real answers match the schemas it gives.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { type AnyApiRoute, ROUTES } from '@keuangan/shared/contract';
import { inputsOf, ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteEntry, requestSchema, routeInput } from '../src/openapi/describe';
import { generateResponseSchemas, RESPONSES_FILE } from '../src/openapi/generate';
import { isDocsRoute } from '../src/openapi/plugin';
import { bearer, createTestContext, login, type TestContext } from './helpers';
import {
  injectOptions,
  isFileRoute,
  paramNames,
  requestsFor,
  routeKey,
  SAMPLES,
  type SweepRequest,
} from './sweep/requests';
import { loadFixture } from './sweep/world';

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document read as JSON
type Json = any;

/** Routes the document leaves out, and why. */
const outOfTheDocument = (route: RouteEntry): string | undefined =>
  isFileRoute(route)
    ? 'a file outside /api (uploads, staff photos): served by name, not an API call'
    : isDocsRoute(route.url)
      ? 'the document and its reader themselves'
      : undefined;

const ERROR_SCHEMA = '#/components/schemas/ApiErrorBody';

/** What is missing from the document for `routes`: one line per fault, none when every route is described. */
function undocumented(doc: Json, routes: RouteEntry[]): string[] {
  const faults: string[] = [];
  for (const route of routes) {
    if (outOfTheDocument(route)) continue;
    const key = routeKey(route);
    const op = doc.paths?.[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    if (!op?.summary) {
      faults.push(`${key}: not described (give it docs: src/openapi/route-docs.ts)`);
      continue;
    }
    const parameters: Json[] = op.parameters ?? [];
    for (const name of paramNames(route.url)) {
      if (!parameters.some((p) => p.in === 'path' && p.name === name && p.schema)) {
        faults.push(`${key}: path parameter ${name} not described`);
      }
    }
    // A route reading nothing but its path says so: `x-takes-no-input` (input 'none' in its docs).
    if (parameters.length === 0 && !op.requestBody && op['x-takes-no-input'] !== true) {
      faults.push(`${key}: what it reads is not described (parameters, body, or x-takes-no-input)`);
    }
    const success = Object.entries<Json>(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    const described = success.some(([, answer]) =>
      Object.values<Json>(answer.content ?? {}).some((media) => media.schema),
    );
    if (!described) faults.push(`${key}: no success answer with a schema`);
    if (op.responses?.['4XX']?.content?.['application/json']?.schema?.$ref !== ERROR_SCHEMA) {
      faults.push(`${key}: the error shape of 4xx answers is not described`);
    }
  }
  return faults;
}

/** Every `$ref` of the document that names no component. */
function danglingRefs(doc: Json): string[] {
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  return [...new Set(refs.map((r) => r.slice(8, -1)))].filter(
    (ref) => !doc.components?.schemas?.[ref.replace('#/components/schemas/', '')],
  );
}

let ctx: TestContext;
let doc: Json;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
}, 120_000);
afterAll(() => ctx?.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the session and embed token schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['session', 'embedToken']);
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('describes every route: its path, what it reads, its success answer and the error shape', () => {
    const routes = ctx.app.routeTable;
    expect(routes.filter((r) => !outOfTheDocument(r)).length).toBeGreaterThan(90);
    expect(undocumented(doc, routes)).toEqual([]);
  });

  it('finds a route without docs, and a route without an answer schema', () => {
    const stray: RouteEntry = { method: 'POST', url: '/api/tanpa-dokumentasi/:id', access: 'financeEditor' };
    expect(undocumented(doc, [stray])).toEqual([
      'POST /api/tanpa-dokumentasi/:id: not described (give it docs: src/openapi/route-docs.ts)',
    ]);
    const bare = structuredClone(doc);
    const op = bare.paths['/api/auth/me'].get;
    delete op.responses['200'];
    delete op['x-takes-no-input'];
    expect(undocumented(bare, [{ method: 'GET', url: '/api/auth/me', access: 'authenticated' }])).toEqual([
      'GET /api/auth/me: what it reads is not described (parameters, body, or x-takes-no-input)',
      'GET /api/auth/me: no success answer with a schema',
    ]);
  });

  it('describes requests from the valibot schemas the routes validate with (what a client sends)', () => {
    const list = doc.paths['/api/student-billing'].get;
    const limit = list.parameters.find((p: Json) => p.name === 'limit');
    // A query value is a string before the route's transform makes it a number.
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'string', default: '50' } });
    expect(list.parameters.find((p: Json) => p.name === 'department_id')?.required).toBe(true);
    const pay = doc.paths['/api/student-billing-pay/{id}'].post;
    expect(pay.requestBody.content['application/json'].schema.required).toEqual([
      'student_billing_items',
      'ptype',
    ]);
    expect(pay.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual([
      'path id',
      'header Idempotency-Key',
    ]);
    expect(Object.keys(pay.responses)).toEqual(expect.arrayContaining(['200', '201', '4XX']));
    expect(pay.security).toEqual([{ session: [] }, { embedToken: [] }]);
    const photo = doc.paths['/api/employee-photo/{id}'].post;
    expect(Object.keys(photo.requestBody.content)).toEqual(['multipart/form-data']);
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(Object.keys(doc.paths['/api/student-billing-pdf/{id}'].get.responses['200'].content)).toEqual([
      'application/pdf',
    ]);
  });

  it('documents each body and query from the route table entry the handler validates with', () => {
    const table: AnyApiRoute[] = Object.values(ROUTES).flatMap((group) => Object.values(group));
    // Its fields, what is required and its variants: what @fastify/swagger keeps as it is of a request schema.
    const shape = (schema: Json) => [
      Object.keys(schema?.properties ?? {}),
      schema?.required ?? [],
      (schema?.anyOf ?? schema?.oneOf ?? []).length,
    ];
    const faults: string[] = [];
    for (const route of table) {
      const { body: bodySchema, query } = inputsOf(route);
      const op = doc.paths[route.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const body = op?.requestBody?.content?.['application/json']?.schema;
      if (bodySchema && !isDeepStrictEqual(shape(body), shape(requestSchema(bodySchema))))
        faults.push(`${route.method} ${route.path}: body`);
      const fields = query ? Object.keys(requestSchema(query).properties ?? {}) : [];
      const inQuery = (op?.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
      if (query && !isDeepStrictEqual(inQuery, fields)) faults.push(`${route.method} ${route.path}: query`);
    }
    expect(table.filter((route) => route.body || route.query).length).toBeGreaterThan(80);
    expect(table.filter((route) => inputsOf(route).body || inputsOf(route).query).length).toBeGreaterThan(80);
    expect(faults).toEqual([]);
  });

  // A query schema has no home in a route's docs (RouteExtras): the entry is the only one.
  it("refuses a body declared both in a route's docs and in its table entry", () => {
    const docs = {
      tag: 'Cash',
      summary: 'x',
      input: { body: 'photo' },
      response: 'CashClosing',
    } as const;
    expect(() => routeInput(docs, ROUTES.cash.reopen)).toThrow('POST /api/cash-closing/:id/reopen: body');
    expect(routeInput({ ...docs, input: 'none' }, ROUTES.cash.reopen).body).toBe(
      ROUTE_INPUTS.cash.reopen.body,
    );
  });

  it('is generated from current answer types (src/openapi/responses.json)', () => {
    expect(
      generateResponseSchemas() === readFileSync(RESPONSES_FILE, 'utf8'),
      'src/openapi/responses.json is behind the contract: run pnpm --filter @keuangan/api openapi',
    ).toBe(true);
  }, 60_000);
});

describe('the answers', () => {
  it('match the schema the document gives them: every reading route, and the writes of the sweep samples', async () => {
    const { token, user } = await login(ctx.app, 'admin');
    const fixture = await loadFixture(ctx.database, user.active_branch.id);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const mismatches: string[] = [];
    const checked = new Set<string>();
    /** Sends the requests until one succeeds, and checks its answer against the schema of its status. */
    const check = async (route: RouteEntry, requests: SweepRequest[]) => {
      const op = doc.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')][route.method.toLowerCase()];
      for (const request of requests) {
        const res = await ctx.app.inject(injectOptions(route, request, token));
        const schema = op.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
        if (res.statusCode >= 300 || !schema) continue; // refused, or a file
        checked.add(routeKey(route));
        const validate = ajv.compile({ ...schema, components: doc.components });
        if (!validate(res.json())) mismatches.push(`${routeKey(route)}: ${ajv.errorsText(validate.errors)}`);
        return;
      }
    };
    const documentedRoutes = ctx.app.routeTable.filter((r) => !outOfTheDocument(r));
    for (const route of documentedRoutes.filter((r) => r.method === 'GET')) {
      await check(route, await requestsFor(route, fixture));
    }
    // In the samples' order: deletes come last.
    for (const [key, sample] of Object.entries(SAMPLES)) {
      const route = documentedRoutes.find((r) => routeKey(r) === key && r.method !== 'GET');
      if (route) await check(route, [await sample(fixture)]);
    }
    expect(mismatches).toEqual([]);
    // Most routes answer these requests (the rest need ids or bodies the fixture and samples do not give).
    expect(checked.size).toBeGreaterThan(55);
  }, 120_000);
});

describe('the reader at /api/docs', () => {
  it('serves the Swagger UI and its files from the package, under a CSP of its own', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self'");
    const files = [...page.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1] as string);
    expect(files).toEqual(
      expect.arrayContaining(['static/swagger-ui-bundle.js', 'static/swagger-initializer.js']),
    );
    for (const file of files) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/docs/${file}` });
      expect(res.statusCode, file).toBe(200);
    }
    // The initializer loads the document from this server.
    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('json');
  });

  it('leaves the CSP of API answers as it was', async () => {
    const { token } = await login(ctx.app, 'keuangan');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
  });
});
