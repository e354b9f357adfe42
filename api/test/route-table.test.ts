/**
 * The route table of the contract (docs/architecture.md#the-route-table) is what the API serves: every route the
 * screens may call is registered with the same method and path, so no screen calls a route the API lacks.
 */
import { type AnyApiRoute, ROUTES } from '@keuangan/shared/contract';
import { inputMismatches } from '@keuangan/shared/contract/inputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/openapi/describe';
import { createTestContext, type TestContext } from './helpers';

/** Served but not yet in the table: the gateways' callbacks and the fixed VA (docs/architecture.md#the-route-table). */
const STILL_UNDECLARED: string[] = [];

const TABLE: AnyApiRoute[] = Object.values(ROUTES).flatMap((group) => Object.values(group));

/** The table's routes `served` lacks, as `METHOD path`: none when the API serves them all. */
export function missingRoutes(table: AnyApiRoute[], served: RouteEntry[]): string[] {
  const keys = new Set(served.map((route) => `${route.method} ${route.url}`));
  return table.map((route) => `${route.method} ${route.path}`).filter((key) => !keys.has(key));
}

/** The API's own routes `table` lacks, as `METHOD path`: what is served without being declared there. */
export function undeclaredRoutes(table: AnyApiRoute[], served: RouteEntry[]): string[] {
  const keys = new Set(table.map((route) => `${route.method} ${route.path}`));
  return served
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .map((route) => `${route.method} ${route.url}`)
    .filter((key) => !keys.has(key));
}

describe('the route table', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is served whole: each route registered with its method and path', () => {
    expect(TABLE.length).toBeGreaterThan(90);
    expect(missingRoutes(TABLE, ctx.app.routeTable)).toEqual([]);
  });

  // The table declares inputs by type only: the API validates with ROUTE_INPUTS' values, one for each.
  it('has a schema value for each input a route declares, and none for one it does not', () => {
    expect(inputMismatches()).toEqual([]);
  });

  it('declares every route the API serves under /api', () => {
    expect(undeclaredRoutes(TABLE, ctx.app.routeTable)).toEqual(STILL_UNDECLARED);
  });

  it('names a route the API lacks, or one served under another method or parameter name', () => {
    const served = ctx.app.routeTable;
    const employee = TABLE.find((route) => route.path === '/api/employee/:id' && route.method === 'GET');
    const wrong = [
      { ...employee, method: 'PATCH', path: '/api/employee/:id' },
      { ...employee, path: '/api/employee/:employeeId' },
      { ...employee, path: '/api/pegawai' },
    ] as AnyApiRoute[];
    expect(missingRoutes(wrong, served)).toEqual([
      'PATCH /api/employee/:id',
      'GET /api/employee/:employeeId',
      'GET /api/pegawai',
    ]);
  });
});
