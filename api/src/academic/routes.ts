/**
 * The academic lists the admission screens' filters read (api/ROUTES.md): departments, levels, years of
 * study and batches (Angkatan), as paged lists (`data`, limit up to 100) of the session's branch, each
 * optionally of one department (`deptId`) and searched by name (`q`). The `ref-*-getall` arrays
 * (reference/routes.ts) serve the fee and billing screens the same data.
 */
import { type AnyApiRoute, type DepartmentRef, ROUTES } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { batches, departments, levels, years_of_study } from '../db/schema';
import { findInBranch } from '../lib/scope';
import { pathId, validate } from '../lib/validate';
import type { ResponseName } from '../openapi/responses';
import { routeDocs } from '../openapi/route-docs';
import { type AcademicQuery, type AcademicTable, academicPage } from './queries';

interface AcademicList {
  /** Its route in the contract's table. */
  route: AnyApiRoute;
  /** The route's query schema (the contract's ROUTE_INPUTS). */
  query: v.GenericSchema<unknown, AcademicQuery>;
  /** The answer's name in the API description (openapi/responses.ts). */
  response: ResponseName;
  table: AcademicTable;
  /** The answer's columns. */
  columns: Record<string, AnyPgColumn>;
}

const LISTS = [
  {
    route: ROUTES.reference.departmentPage,
    query: ROUTE_INPUTS.reference.departmentPage.query,
    response: 'DepartmentPage',
    table: departments,
    columns: { id: departments.id, name: departments.name, sequence: departments.sequence },
  },
  {
    route: ROUTES.reference.levelPage,
    query: ROUTE_INPUTS.reference.levelPage.query,
    response: 'LevelPage',
    table: levels,
    columns: {
      id: levels.id,
      name: levels.name,
      department_id: levels.department_id,
      sequence: levels.sequence,
    },
  },
  {
    route: ROUTES.reference.yearOfStudyPage,
    query: ROUTE_INPUTS.reference.yearOfStudyPage.query,
    response: 'YearOfStudyPage',
    table: years_of_study,
    columns: {
      id: years_of_study.id,
      name: years_of_study.name,
      department_id: years_of_study.department_id,
      start_date: years_of_study.start_date,
      end_date: years_of_study.end_date,
    },
  },
  {
    route: ROUTES.reference.batches,
    query: ROUTE_INPUTS.reference.batches.query,
    response: 'BatchPage',
    table: batches,
    columns: { id: batches.id, name: batches.name, department_id: batches.department_id, yoe: batches.yoe },
  },
] as const satisfies readonly AcademicList[];

const documented = routeDocs('Academic lists');

export async function academicRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  for (const list of LISTS as readonly AcademicList[]) {
    // One handler answers four lists of drizzle-selected columns: its answer type is not tied to the docs here
    // (test/openapi.test.ts checks the answers against them).
    const options: RouteShorthandOptions = documented(guard, {
      summary: `${list.route.local.slice(1)} list of the branch, paged`,
      response: list.response,
    });
    app.get(list.route.local, options, async (request) => {
      const query = validate(list.query, request.query);
      return academicPage(db, requireAuth(request), list, query);
    });
  }

  app.get(
    ROUTES.reference.department.local,
    documented(guard, { summary: 'One department', input: 'none', response: 'DepartmentRef' }),
    async (request): Promise<DepartmentRef> => {
      const row = await findInBranch(db, requireAuth(request), departments, pathId(request));
      return { id: row.id, name: row.name, sequence: row.sequence };
    },
  );
}
