/**
 * Laporan Saldo Titipan's movements (docs/money.md "Saldo Titipan"): every movement of the filter's students in a
 * range of the branch's days, newest first, with what came in and went out.
 */
import type {
  StudentCreditMovementReport,
  StudentCreditMovementsQuery,
  StudentCreditReportMovement,
} from '@keuangan/shared/contract';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { student_credit_movements, students } from '../db/schema';
import { pagedResponse } from '../lib/paging';
import type { ZonedScope } from '../lib/scope';
import { classNames, creditFilter } from './report-queries';

const m = student_credit_movements;

/** A movement's day in the branch's time zone. */
const dayOf = (column: AnyPgColumn, timeZone: string): SQL => sql`(${column} at time zone ${timeZone})::date`;

export async function creditMovementReport(
  db: Db,
  scope: ZonedScope,
  query: StudentCreditMovementsQuery,
  today: string,
): Promise<StudentCreditMovementReport> {
  const { page, limit, date_from, date_to, ...filter } = query;
  const where = and(
    creditFilter(db, scope, filter),
    date_from ? gte(dayOf(m.created_at, scope.timeZone), sql`${date_from}::date`) : undefined,
    date_to ? lte(dayOf(m.created_at, scope.timeZone), sql`${date_to}::date`) : undefined,
  );
  const [rows, [summed]] = await Promise.all([
    db
      .select({
        id: m.id,
        created_at: m.created_at,
        student_id: m.student_id,
        nis: students.nis,
        name: students.name,
        amount: m.amount,
        source: m.source,
        note: m.note,
      })
      .from(m)
      .innerJoin(students, eq(students.id, m.student_id))
      .where(where)
      .orderBy(desc(m.created_at), desc(m.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        n: count(),
        in: sql<string>`coalesce(sum(${m.amount}) filter (where ${m.amount} > 0), 0)`,
        out: sql<string>`coalesce(sum(${m.amount}) filter (where ${m.amount} < 0), 0)`,
      })
      .from(m)
      .innerJoin(students, eq(students.id, m.student_id))
      .where(where),
  ]);
  const ids = [...new Set(rows.map((r) => r.student_id))];
  const names = await classNames(db, scope, ids, filter.year_of_study_id, today);
  const data: StudentCreditReportMovement[] = rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    class_name: names.get(row.student_id) ?? null,
  }));
  return {
    ...pagedResponse(data, summed?.n ?? 0, page, limit),
    total_in: Number(summed?.in ?? 0),
    total_out: Number(summed?.out ?? 0),
  };
}
