/**
 * Reference lists for selects (plain arrays). Global lists (religions, ethnics, roles) need any session;
 * the academic lists (api/ROUTES.md) are branch data: finance editors only, scoped to the session's branch.
 */
import type {
  ClassRef,
  DepartmentRef,
  FeeTypeRef,
  LevelRef,
  RefItem,
  Role,
  YearOfStudyRef,
  YosPeriode,
} from '@keuangan/shared/contract';
import { ROUTES } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import {
  classList,
  departmentList,
  ethnicList,
  feeTypeList,
  levelList,
  periodList,
  religionList,
  roleList,
  yearList,
} from './queries';

const documented = routeDocs('Reference lists');

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    ROUTES.reference.religions.local,
    documented(
      { preHandler: app.authenticated },
      { summary: 'Religions', input: 'none', response: 'RefItems' },
    ),
    async (): Promise<RefItem[]> => religionList(db),
  );

  app.get(
    ROUTES.reference.ethnics.local,
    documented(
      { preHandler: app.authenticated },
      { summary: 'Ethnic groups', input: 'none', response: 'RefItems' },
    ),
    async (): Promise<RefItem[]> => ethnicList(db),
  );

  app.get(
    ROUTES.reference.roles.local,
    documented({ preHandler: app.authenticated }, { summary: 'Roles', input: 'none', response: 'Roles' }),
    async (): Promise<Role[]> => roleList(db),
  );

  app.get(
    ROUTES.reference.departments.local,
    documented(
      { preHandler: app.financeEditor },
      { summary: 'Departments of the branch', input: 'none', response: 'DepartmentRefs' },
    ),
    async (request): Promise<DepartmentRef[]> => {
      const scope = requireAuth(request);
      return departmentList(db, scope);
    },
  );

  app.get(
    ROUTES.reference.feeTypes.local,
    documented(
      { preHandler: app.financeEditor },
      { summary: 'Fee types of the branch', input: 'none', response: 'FeeTypeRefs' },
    ),
    async (request): Promise<FeeTypeRef[]> => {
      const scope = requireAuth(request);
      return feeTypeList(db, scope);
    },
  );

  app.get(
    ROUTES.reference.yearsOfStudy.local,
    documented(
      { preHandler: app.financeEditor },
      {
        summary: 'Years of study, newest first',
        response: 'YearOfStudyRefs',
      },
    ),
    async (request): Promise<YearOfStudyRef[]> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reference.yearsOfStudy.query, request.query);
      return yearList(db, scope, query.department_id);
    },
  );

  app.get(
    ROUTES.reference.levels.local,
    documented(
      { preHandler: app.financeEditor },
      { summary: 'Levels of a department', response: 'LevelRefs' },
    ),
    async (request): Promise<LevelRef[]> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reference.levels.query, request.query);
      return levelList(db, scope, query.department_id);
    },
  );

  app.get(
    ROUTES.reference.classes.local,
    documented(
      { preHandler: app.financeEditor },
      {
        summary: 'Classes of a department, level and year',
        response: 'ClassRefs',
      },
    ),
    async (request): Promise<ClassRef[]> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reference.classes.query, request.query);
      return classList(db, scope, query);
    },
  );

  app.get(
    ROUTES.reference.periods.local,
    documented(
      { preHandler: app.financeEditor },
      {
        summary: 'Periods (semesters) of a year of study',
        response: 'YosPeriodes',
      },
    ),
    async (request): Promise<YosPeriode[]> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reference.periods.query, request.query);
      return periodList(db, scope, query.year_of_study_id);
    },
  );
}
