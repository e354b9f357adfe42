/**
 * The student billing list's statements: its page (prepared once per shape), its count and its resume (the
 * totals of the whole filter), all over one condition whose values are placeholders.
 */
import { FEE_FILTER_FIELDS, type StudentBillingResume } from '@keuangan/shared/contract';
import { and, asc, desc, eq, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { student_billing_sums, student_billings, students } from '../../db/schema';
import { overdueAtLeast, overdueDaysOf } from '../../ledger/overdue-queries';
import { classMonthConditions, inBranch, PREPARED_SCOPE } from '../../lib/scope';
import { type BillFilter, billFilterWhere, countBills, selectBills } from '../queries';

const today = sql.placeholder('today');

const ORDER_COLUMNS = {
  id: student_billings.id,
  bill_number: student_billings.bill_number,
  mm: student_billings.mm,
  bill_date: student_billings.bill_date,
  total_billing: student_billings.total_billing,
  due_date: student_billings.due_date,
  overdue_days: overdueDaysOf(today),
} as const;

/**
 * The list's filters a query may give (besides the branch): the six of a class-month and four more
 * (`overdue_min`: at least that many days late on the branch's today).
 */
export const LIST_FILTERS = [
  ...FEE_FILTER_FIELDS,
  'payment_status',
  'type',
  'student_id',
  'overdue_min',
] as const;

/** What decides the text of the list's statement: the filters given, a search or not, the order, the resume. */
export interface ListShape {
  filters: (typeof LIST_FILTERS)[number][];
  searching: boolean;
  order: [keyof typeof ORDER_COLUMNS, 'asc' | 'desc'];
  resume: boolean;
}

/** The list's filter and search as one condition, its values placeholders (`listValues` of the routes). */
function listWhere(shape: ListShape): SQL {
  const given = Object.fromEntries(shape.filters.map((f) => [f, sql.placeholder(f)]));
  const pattern = sql.placeholder('pattern');
  return billFilterWhere(
    PREPARED_SCOPE,
    given as unknown as BillFilter<Placeholder>,
    and(
      given.student_id ? eq(student_billings.student_id, given.student_id) : undefined,
      given.overdue_min ? overdueAtLeast(today, given.overdue_min) : undefined,
      shape.searching
        ? or(
            ilike(students.name, pattern),
            ilike(students.nis, pattern),
            ilike(student_billings.bill_number, pattern),
          )
        : undefined,
    ),
  );
}

/**
 * Whether the resume can be read from the kept class-month sums (student_billing_sums, migration 0018): the
 * filter is placement only (department, year, periode, level, class, month), no search.
 */
const placementOnly = (shape: ListShape) =>
  !shape.searching && shape.filters.every((f) => (FEE_FILTER_FIELDS as readonly string[]).includes(f));

/** The resume of a placement-only filter from the kept sums: a few rows per class-month, not every bill. */
function resumeFromSums(shape: ListShape) {
  const t = student_billing_sums;
  const given = Object.fromEntries(shape.filters.map((f) => [f, sql.placeholder(f)]));
  return sql<StudentBillingResume>`(select json_build_object(
      'sum_total_amount', coalesce(sum(${t.total_amount}), 0),
      'sum_total_discount', coalesce(sum(${t.total_discount}), 0),
      'sum_total_bail', coalesce(sum(${t.total_bail}), 0),
      'sum_total_payment', coalesce(sum(${t.total_payment}), 0),
      'sum_total_billing', coalesce(sum(${t.total_billing}), 0),
      'count_bill', coalesce(sum(${t.bill_count}), 0),
      'count_unconfirmed', coalesce(sum(${t.bill_count}) filter (where ${t.form_status} = 0), 0))
    from ${t}
    where ${inBranch(PREPARED_SCOPE, t, ...classMonthConditions(t, given))})`;
}

/**
 * The count and the five totals of the whole filter (not the page) as one JSON value: a column of the page's
 * statement (an uncorrelated subquery, computed once for all rows), or a statement of its own for an empty page.
 * A placement-only filter reads them from the kept sums.
 */
function listResume(shape: ListShape) {
  if (placementOnly(shape)) return resumeFromSums(shape);
  return sql<StudentBillingResume>`(select json_build_object(
      'sum_total_amount', coalesce(sum(${student_billings.total_amount}), 0),
      'sum_total_discount', coalesce(sum(${student_billings.total_discount}), 0),
      'sum_total_bail', coalesce(sum(${student_billings.total_bail}), 0),
      'sum_total_payment', coalesce(sum(${student_billings.total_payment}), 0),
      'sum_total_billing', coalesce(sum(${student_billings.total_billing}), 0),
      'count_bill', count(*),
      'count_unconfirmed', count(*) filter (where ${student_billings.form_status} = 0))
    from ${student_billings}
    ${shape.searching ? sql`inner join ${students} on ${students.id} = ${student_billings.student_id}` : sql``}
    where ${listWhere(shape)})`;
}

/** A page of the list, with its resume when asked: one round trip for the page, its count and its totals. */
function listPage(db: Db, shape: ListShape) {
  const [orderby, sort] = shape.order;
  const extra: { resume?: ReturnType<typeof listResume> } = shape.resume ? { resume: listResume(shape) } : {};
  return selectBills(db, extra, sql.placeholder('today'))
    .where(listWhere(shape))
    .orderBy((sort === 'desc' ? desc : asc)(ORDER_COLUMNS[orderby]), asc(student_billings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/**
 * The list's page statements, prepared once per shape (db/prepared.ts): the screens ask a handful of shapes.
 * Past `MAX_LIST_SHAPES` (odd queries) a shape runs unprepared, so the server keeps a bounded set per connection.
 */
const listPages = new Map<string, ReturnType<typeof preparedListPage>>();
const MAX_LIST_SHAPES = 64;
const preparedListPage = (name: string, shape: ListShape) => prepared(name, (db) => listPage(db, shape));

/** The bills of one page of the list (each with the resume when the shape asks it), for these values. */
export function runListPage(db: Db, shape: ListShape, values: Record<string, unknown>) {
  const key = JSON.stringify(shape);
  let page = listPages.get(key);
  if (!page && listPages.size < MAX_LIST_SHAPES) {
    page = preparedListPage(`student_billing_list_${listPages.size}`, shape);
    listPages.set(key, page);
  }
  return page ? page(db, values) : listPage(db, shape).execute(values);
}

/** How many bills the whole list has (not the page), for these values. */
export function countListBills(db: Db, shape: ListShape, values: Record<string, unknown>): Promise<number> {
  return countBills(db, listWhere(shape), shape.searching, values);
}

/** The list's resume read on its own (an empty page carries none), for these values. */
export async function readListResume(
  db: Db,
  shape: ListShape,
  values: Record<string, unknown>,
): Promise<StudentBillingResume | undefined> {
  return (
    await db
      .select({ resume: listResume(shape) })
      .from(sql`(select 1) as one`)
      .execute(values)
  )[0]?.resume;
}
