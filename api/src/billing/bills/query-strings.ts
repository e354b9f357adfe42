/** The billing list's query as its statements read it: their shape and placeholder values. */
import type { StudentBillingListQuerySchema } from '@keuangan/shared/contract';
import type * as v from 'valibot';
import { containsPattern } from '../../lib/paging';
import { scopeValues, type ZonedScope } from '../../lib/scope';
import { todayIn } from '../../lib/time';
import { LIST_FILTERS, type ListShape } from './list-queries';

/** The list's query as validated (`StudentBillingListQuerySchema` of the route table). */
export type ListQuery = v.InferOutput<typeof StudentBillingListQuerySchema>;

/** The shape of the list's statement (list-queries.ts) this query asks for. */
export const listShape = (q: ListQuery): ListShape => ({
  filters: LIST_FILTERS.filter((f) => q[f] !== undefined),
  searching: q.q !== '',
  order: [q.orderby, q.sort],
  resume: q.with_resume,
});

/** The values of the placeholders of the list's statements for this query. */
export function listValues(scope: ZonedScope, q: ListQuery, shape: ListShape) {
  return {
    ...scopeValues(scope),
    today: todayIn(scope),
    ...Object.fromEntries(shape.filters.map((f) => [f, q[f]])),
    pattern: shape.searching ? containsPattern(q.q) : undefined,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}
