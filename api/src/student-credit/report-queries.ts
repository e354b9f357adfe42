/**
 * Laporan Saldo Titipan's statements (docs/money.md "Saldo Titipan"): the students of the branch whose movements do
 * not sum to zero, paged, with the filter's total and the branch's total (Titipan Siswa's balance in the books).
 */
import type {
  StudentCreditReport,
  StudentCreditReportFilter,
  StudentCreditReportRow,
} from '@keuangan/shared/contract';
import { and, asc, count, eq, exists, gte, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  class_students,
  classes,
  departments,
  levels,
  student_credit_movements,
  students,
  years_of_study,
} from '../db/schema';
import { containsPattern, pagedResponse } from '../lib/paging';
import { type BranchScope, findInBranch, inBranch, optionalEq, sumOf } from '../lib/scope';

const m = student_credit_movements;

/** The student sits in a class of the chosen year, level and class (no condition when none is chosen). */
function placedIn(f: StudentCreditReportFilter, db: Db) {
  if (f.year_of_study_id === undefined && f.level_id === undefined && f.class_id === undefined)
    return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(class_students)
      .innerJoin(classes, eq(classes.id, class_students.class_id))
      .where(
        and(
          eq(class_students.student_id, students.id),
          optionalEq(classes.year_of_study_id, f.year_of_study_id),
          optionalEq(classes.level_id, f.level_id),
          optionalEq(classes.id, f.class_id),
        ),
      ),
  );
}

/** The branch's movements of the filter's students (a query joining `students`). */
export function creditFilter(db: Db, scope: BranchScope, f: StudentCreditReportFilter) {
  const search = f.q
    ? or(ilike(students.name, containsPattern(f.q)), ilike(students.nis, containsPattern(f.q)))
    : undefined;
  return and(
    inBranch(scope, m),
    optionalEq(students.department_id, f.department_id),
    placedIn(f, db),
    search,
  );
}

/** Per student of the filter: the balance and the last movement, only where the balance is not zero. */
function balances(db: Db, scope: BranchScope, f: StudentCreditReportFilter) {
  return db
    .select({
      student_id: m.student_id,
      balance: sql<string>`sum(${m.amount})`.as('balance'),
      // ISO text: the same on both drivers (a bare timestamp out of a subquery is not decoded alike).
      last_at:
        sql<string>`to_char(max(${m.created_at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
          'last_at',
        ),
    })
    .from(m)
    .innerJoin(students, eq(students.id, m.student_id))
    .where(creditFilter(db, scope, f))
    .groupBy(m.student_id)
    .having(ne(sql`sum(${m.amount})`, 0))
    .as('credit');
}

/** Every student's credit in the branch (0 when none). */
export async function branchCreditTotal(db: Db, scope: BranchScope): Promise<number> {
  const [row] = await db
    .select({ total: sumOf(m.amount) })
    .from(m)
    .where(inBranch(scope, m));
  return row?.total ?? 0;
}

/** The class each student sits in during the year `yearId`, else the year holding `today`. */
export async function classNames(
  db: Db,
  scope: BranchScope,
  ids: number[],
  yearId: number | undefined,
  today: string,
) {
  if (ids.length === 0) return new Map<number, string>();
  const year =
    yearId === undefined
      ? and(lte(years_of_study.start_date, today), gte(years_of_study.end_date, today))
      : eq(years_of_study.id, yearId);
  const rows = await db
    .select({ student_id: class_students.student_id, name: classes.name })
    .from(class_students)
    .innerJoin(classes, eq(classes.id, class_students.class_id))
    .innerJoin(years_of_study, eq(years_of_study.id, classes.year_of_study_id))
    .where(inBranch(scope, classes, inArray(class_students.student_id, ids), year))
    .orderBy(asc(classes.id));
  return new Map(rows.map((r) => [r.student_id, r.name]));
}

/**
 * One page of the report (null: every row, for the workbook), students by name. `today`: the branch's, for the
 * class shown when no Tahun Ajaran is chosen.
 */
export async function creditReport(
  db: Db,
  scope: BranchScope,
  f: StudentCreditReportFilter,
  today: string,
  page: { page: number; limit: number } | null,
): Promise<StudentCreditReport> {
  const credit = balances(db, scope, f);
  const rowsQuery = db
    .select({
      student_id: credit.student_id,
      nis: students.nis,
      name: students.name,
      department_id: students.department_id,
      department_name: departments.name,
      balance: credit.balance,
      last_at: credit.last_at,
    })
    .from(credit)
    .innerJoin(students, eq(students.id, credit.student_id))
    .innerJoin(departments, eq(departments.id, students.department_id))
    .orderBy(asc(students.name), asc(students.id))
    .$dynamic();
  const [rows, [summed], branch_balance] = await Promise.all([
    page ? rowsQuery.limit(page.limit).offset((page.page - 1) * page.limit) : rowsQuery,
    db.select({ n: count(), total: sql<string>`coalesce(sum(${credit.balance}), 0)` }).from(credit),
    branchCreditTotal(db, scope),
  ]);
  const names = await classNames(
    db,
    scope,
    rows.map((r) => r.student_id),
    f.year_of_study_id,
    today,
  );
  const data: StudentCreditReportRow[] = rows.map(({ balance, last_at, ...row }) => ({
    ...row,
    class_name: names.get(row.student_id) ?? null,
    balance: Number(balance),
    last_movement_at: last_at,
  }));
  const total = summed?.n ?? 0;
  return {
    ...pagedResponse(data, total, page?.page ?? 1, page?.limit ?? Math.max(total, 1)),
    total_balance: Number(summed?.total ?? 0),
    branch_balance,
  };
}

/** The filter as the workbook writes it on top: names, not ids ('Semua' when open); another branch's id is 404. */
export async function creditFilterLines(
  db: Db,
  scope: BranchScope,
  f: StudentCreditReportFilter,
  today: string,
): Promise<[string, string][]> {
  const nameOf = async (id: number | undefined, find: (id: number) => Promise<{ name: string }>) =>
    id === undefined ? 'Semua' : (await find(id)).name;
  const [department, year, level, klass] = await Promise.all([
    nameOf(f.department_id, (id) => findInBranch(db, scope, departments, id)),
    nameOf(f.year_of_study_id, (id) => findInBranch(db, scope, years_of_study, id)),
    nameOf(f.level_id, (id) => findInBranch(db, scope, levels, id)),
    nameOf(f.class_id, (id) => findInBranch(db, scope, classes, id)),
  ]);
  return [
    ['Departemen', department],
    ['Tahun Ajaran', year],
    ['Tingkat', level],
    ['Kelas', klass],
    ['Pencarian', f.q || 'Semua'],
    ['Tanggal Laporan', today],
  ];
}
