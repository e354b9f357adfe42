/** Saldo Titipan's statements (docs/money.md "Saldo Titipan"): a student's movements and balance, and its lock. */
import type { StudentCreditMovement, StudentCreditPage } from '@keuangan/shared/contract';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { student_billings, student_credit_movements, students } from '../db/schema';
import { notFound } from '../lib/errors';
import { pagedResponse } from '../lib/paging';
import { type BranchScope, inBranch, sumOf } from '../lib/scope';

const m = student_credit_movements;
const ofStudent = (scope: BranchScope, studentId: number) => inBranch(scope, m, eq(m.student_id, studentId));

/** The student of the scope's branch, or 404. */
export async function assertStudentInBranch(db: Db, scope: BranchScope, studentId: number): Promise<void> {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(inBranch(scope, students, eq(students.id, studentId)));
  if (!row) throw notFound();
}

/** How many of `billIds` are the student's bills of the scope's branch. */
export async function countBillsOfStudent(db: Db, scope: BranchScope, studentId: number, billIds: number[]) {
  const [row] = await db
    .select({ n: count() })
    .from(student_billings)
    .where(
      inBranch(
        scope,
        student_billings,
        eq(student_billings.student_id, studentId),
        inArray(student_billings.id, billIds),
      ),
    );
  return row?.n ?? 0;
}

/** The balance: the sum of the student's movements in the branch (0 when none). */
export async function creditBalance(db: Db | Tx, scope: BranchScope, studentId: number): Promise<number> {
  const [row] = await db
    .select({ balance: sumOf(m.amount) })
    .from(m)
    .where(ofStudent(scope, studentId));
  return row?.balance ?? 0;
}

/** One page of the student's movements, newest first, with the balance. */
export async function creditPage(
  db: Db,
  scope: BranchScope,
  studentId: number,
  query: { page: number; limit: number },
): Promise<StudentCreditPage> {
  const where = ofStudent(scope, studentId);
  const [rows, [counted], balance] = await Promise.all([
    db
      .select({
        id: m.id,
        amount: m.amount,
        source: m.source,
        reference: m.reference,
        note: m.note,
        created_at: m.created_at,
      })
      .from(m)
      .where(where)
      .orderBy(desc(m.created_at), desc(m.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(m).where(where),
    creditBalance(db, scope, studentId),
  ]);
  const data: StudentCreditMovement[] = rows.map((row) => ({
    ...row,
    payment_id: paymentIdOf(row.reference),
    created_at: row.created_at.toISOString(),
  }));
  return { ...pagedResponse(data, counted?.total ?? 0, query.page, query.limit), balance };
}

/** `payment:{id}` and `payment:{id}:void` name a payment (ledger/student-credit.ts). */
const paymentIdOf = (reference: string) => {
  const match = /^payment:(\d+)(:void)?$/.exec(reference);
  return match ? Number(match[1]) : null;
};

/** The student's credit, one writer at a time until the transaction ends: two spends of it queue. */
export async function lockStudentCredit(tx: Tx, scope: BranchScope, studentId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`student-credit:${scope.branchId}:${studentId}`}, 0))`,
  );
}
