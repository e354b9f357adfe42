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
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import {
  classes,
  departments,
  ethnics,
  fee_types,
  levels,
  periodes,
  religions,
  roles,
  years_of_study,
  yos_periodes,
} from '../db/schema';
import { inBranch, optionalEq } from '../lib/scope';
import { optionalQueryId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';

const DepartmentQuery = v.object({ department_id: optionalQueryId('Departemen') });
const ClassQuery = v.object({
  department_id: optionalQueryId('Departemen'),
  level_id: optionalQueryId('Tingkat'),
  year_of_study_id: optionalQueryId('Tahun Ajaran'),
});
const YearOfStudyQuery = v.object({ year_of_study_id: optionalQueryId('Tahun Ajaran') });

const documented = routeDocs('Reference lists');

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/ref-religions-getall',
    documented(
      { preHandler: app.authenticated },
      { summary: 'Religions', input: 'none', response: 'RefItems' },
    ),
    async (): Promise<RefItem[]> =>
      db.select({ id: religions.id, name: religions.name }).from(religions).orderBy(asc(religions.id)),
  );

  app.get(
    '/ref-ethnics-getall',
    documented(
      { preHandler: app.authenticated },
      { summary: 'Ethnic groups', input: 'none', response: 'RefItems' },
    ),
    async (): Promise<RefItem[]> =>
      db.select({ id: ethnics.id, name: ethnics.name }).from(ethnics).orderBy(asc(ethnics.name)),
  );

  app.get(
    '/ref-roles-getall',
    documented({ preHandler: app.authenticated }, { summary: 'Roles', input: 'none', response: 'Roles' }),
    async (): Promise<Role[]> =>
      db
        .select({ id: roles.id, slug: roles.slug, title: roles.title, bg_color: roles.bg_color })
        .from(roles)
        .orderBy(asc(roles.id)),
  );

  app.get(
    '/ref-department-getall',
    documented(
      { preHandler: app.financeEditor },
      { summary: 'Departments of the branch', input: 'none', response: 'DepartmentRefs' },
    ),
    async (request): Promise<DepartmentRef[]> => {
      const scope = requireAuth(request);
      return db
        .select({ id: departments.id, name: departments.name, sequence: departments.sequence })
        .from(departments)
        .where(inBranch(scope, departments))
        .orderBy(asc(departments.sequence), asc(departments.id));
    },
  );

  app.get(
    '/ref-fee-types-getall',
    documented(
      { preHandler: app.financeEditor },
      { summary: 'Fee types of the branch', input: 'none', response: 'FeeTypeRefs' },
    ),
    async (request): Promise<FeeTypeRef[]> => {
      const scope = requireAuth(request);
      return db
        .select({ id: fee_types.id, name: fee_types.name })
        .from(fee_types)
        .where(inBranch(scope, fee_types))
        .orderBy(asc(fee_types.id));
    },
  );

  // Newest year first: the screens default to the first option.
  app.get(
    '/ref-year-of-study-getall',
    documented(
      { preHandler: app.financeEditor },
      {
        summary: 'Years of study, newest first',
        input: { query: DepartmentQuery },
        response: 'YearOfStudyRefs',
      },
    ),
    async (request): Promise<YearOfStudyRef[]> => {
      const scope = requireAuth(request);
      const query = validate(DepartmentQuery, request.query);
      return db
        .select({
          id: years_of_study.id,
          name: years_of_study.name,
          department_id: years_of_study.department_id,
          start_date: years_of_study.start_date,
          end_date: years_of_study.end_date,
        })
        .from(years_of_study)
        .where(inBranch(scope, years_of_study, optionalEq(years_of_study.department_id, query.department_id)))
        .orderBy(desc(years_of_study.start_date), asc(years_of_study.id));
    },
  );

  app.get(
    '/ref-level-getall',
    documented(
      { preHandler: app.financeEditor },
      { summary: 'Levels of a department', input: { query: DepartmentQuery }, response: 'LevelRefs' },
    ),
    async (request): Promise<LevelRef[]> => {
      const scope = requireAuth(request);
      const query = validate(DepartmentQuery, request.query);
      return db
        .select({
          id: levels.id,
          name: levels.name,
          department_id: levels.department_id,
          sequence: levels.sequence,
        })
        .from(levels)
        .where(inBranch(scope, levels, optionalEq(levels.department_id, query.department_id)))
        .orderBy(asc(levels.sequence), asc(levels.id));
    },
  );

  app.get(
    '/ref-class-getall',
    documented(
      { preHandler: app.financeEditor },
      {
        summary: 'Classes of a department, level and year',
        input: { query: ClassQuery },
        response: 'ClassRefs',
      },
    ),
    async (request): Promise<ClassRef[]> => {
      const scope = requireAuth(request);
      const query = validate(ClassQuery, request.query);
      return db
        .select({
          id: classes.id,
          name: classes.name,
          department_id: classes.department_id,
          level_id: classes.level_id,
          year_of_study_id: classes.year_of_study_id,
          capacity: classes.capacity,
        })
        .from(classes)
        .where(
          inBranch(
            scope,
            classes,
            optionalEq(classes.department_id, query.department_id),
            optionalEq(classes.level_id, query.level_id),
            optionalEq(classes.year_of_study_id, query.year_of_study_id),
          ),
        )
        .orderBy(asc(classes.name), asc(classes.id));
    },
  );

  app.get(
    '/ref-yos-periode-getall',
    documented(
      { preHandler: app.financeEditor },
      {
        summary: 'Periods (semesters) of a year of study',
        input: { query: YearOfStudyQuery },
        response: 'YosPeriodes',
      },
    ),
    async (request): Promise<YosPeriode[]> => {
      const scope = requireAuth(request);
      const query = validate(YearOfStudyQuery, request.query);
      const rows = await db
        .select({
          id: yos_periodes.id,
          year_of_study_id: yos_periodes.year_of_study_id,
          periode_id: yos_periodes.periode_id,
          start_date: yos_periodes.start_date,
          end_date: yos_periodes.end_date,
          periode_name: periodes.name,
        })
        .from(yos_periodes)
        .innerJoin(periodes, eq(periodes.id, yos_periodes.periode_id))
        .where(
          inBranch(scope, yos_periodes, optionalEq(yos_periodes.year_of_study_id, query.year_of_study_id)),
        )
        .orderBy(asc(yos_periodes.start_date), asc(yos_periodes.id));
      return rows.map(({ periode_name, ...row }) => ({ ...row, periode: { name: periode_name } }));
    },
  );
}
