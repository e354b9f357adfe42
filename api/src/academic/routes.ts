/**
 * The academic lists the admission screens' filters read (spec part 2 §7): departments, levels, years of
 * study and batches (Angkatan), as paged lists (`data`, limit up to 100) of the session's branch. The
 * `ref-*-getall` arrays (routes/reference.ts) serve the fee and billing screens the same data.
 */
import type { BatchRef, DepartmentRef, LevelRef, Paged, YearOfStudyRef } from '@keuangan/shared/contract';
import { count, ilike, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import type { Db } from '../db/client';
import { batches, departments, levels, years_of_study } from '../db/schema';
import { containsPattern, listQueryEntries, orderOf, pagedResponse } from '../lib/paging';
import { findInBranch, inBranch, optionalEq } from '../lib/scope';
import { optionalQueryId, pathId, validate } from '../lib/validate';

/** One page of `select` rows over `table` matching `where`, with the total. */
async function page<T>(
  db: Db,
  table: PgTable,
  rows: (limit: number, offset: number) => Promise<T[]>,
  where: SQL,
  query: { page: number; limit: number },
): Promise<Paged<T>> {
  const [data, [counted]] = await Promise.all([
    rows(query.limit, (query.page - 1) * query.limit),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return pagedResponse(data, counted?.total ?? 0, query.page, query.limit);
}

const DepartmentQuery = v.object(listQueryEntries(['sequence', 'name', 'id']));
const DeptListQuery = <const T extends string>(fields: readonly [T, ...T[]]) =>
  v.object({ deptId: optionalQueryId('Departemen'), ...listQueryEntries(fields) });
const LevelQuery = DeptListQuery(['sequence', 'name', 'id']);
// Newest year first by default: the screens default to the first option.
const YearQuery = v.object({
  deptId: optionalQueryId('Departemen'),
  ...listQueryEntries(['start_date', 'name', 'id']),
  sort: v.optional(v.picklist(['asc', 'desc'] as const, 'Arah urutan tidak valid'), 'desc'),
});
const BatchQuery = DeptListQuery(['yoe', 'name', 'id']);

export async function academicRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get('/department', guard, async (request): Promise<Paged<DepartmentRef>> => {
    const scope = requireAuth(request);
    const query = validate(DepartmentQuery, request.query);
    const where = inBranch(
      scope,
      departments,
      query.q ? ilike(departments.name, containsPattern(query.q)) : undefined,
    );
    return page(
      db,
      departments,
      (limit, offset) =>
        db
          .select({ id: departments.id, name: departments.name, sequence: departments.sequence })
          .from(departments)
          .where(where)
          .orderBy(...orderOf(departments, query, departments.id))
          .limit(limit)
          .offset(offset),
      where,
      query,
    );
  });

  app.get('/department/:id', guard, async (request): Promise<DepartmentRef> => {
    const row = await findInBranch(db, requireAuth(request), departments, pathId(request));
    return { id: row.id, name: row.name, sequence: row.sequence };
  });

  app.get('/level', guard, async (request): Promise<Paged<LevelRef>> => {
    const scope = requireAuth(request);
    const query = validate(LevelQuery, request.query);
    const where = inBranch(
      scope,
      levels,
      optionalEq(levels.department_id, query.deptId),
      query.q ? ilike(levels.name, containsPattern(query.q)) : undefined,
    );
    return page(
      db,
      levels,
      (limit, offset) =>
        db
          .select({
            id: levels.id,
            name: levels.name,
            department_id: levels.department_id,
            sequence: levels.sequence,
          })
          .from(levels)
          .where(where)
          .orderBy(...orderOf(levels, query, levels.id))
          .limit(limit)
          .offset(offset),
      where,
      query,
    );
  });

  app.get('/year_of_study', guard, async (request): Promise<Paged<YearOfStudyRef>> => {
    const scope = requireAuth(request);
    const query = validate(YearQuery, request.query);
    const where = inBranch(
      scope,
      years_of_study,
      optionalEq(years_of_study.department_id, query.deptId),
      query.q ? ilike(years_of_study.name, containsPattern(query.q)) : undefined,
    );
    return page(
      db,
      years_of_study,
      (limit, offset) =>
        db
          .select({
            id: years_of_study.id,
            name: years_of_study.name,
            department_id: years_of_study.department_id,
            start_date: years_of_study.start_date,
            end_date: years_of_study.end_date,
          })
          .from(years_of_study)
          .where(where)
          .orderBy(...orderOf(years_of_study, query, years_of_study.id))
          .limit(limit)
          .offset(offset),
      where,
      query,
    );
  });

  app.get('/batch', guard, async (request): Promise<Paged<BatchRef>> => {
    const scope = requireAuth(request);
    const query = validate(BatchQuery, request.query);
    const where = inBranch(
      scope,
      batches,
      optionalEq(batches.department_id, query.deptId),
      query.q ? ilike(batches.name, containsPattern(query.q)) : undefined,
    );
    return page(
      db,
      batches,
      (limit, offset) =>
        db
          .select({
            id: batches.id,
            name: batches.name,
            department_id: batches.department_id,
            yoe: batches.yoe,
          })
          .from(batches)
          .where(where)
          .orderBy(...orderOf(batches, query, batches.id))
          .limit(limit)
          .offset(offset),
      where,
      query,
    );
  });
}
