/**
 * Every statement of Rekonsiliasi Bank: accounts, imports (a line already known is skipped by its identity), the
 * month's lines with their shares and standing payments, and the students matching reads.
 */
import { type BankAccount, type BankAccountCreate, FORM_STATUS_CONFIRMED } from '@keuangan/shared/contract';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  bank_accounts,
  bank_line_allocations,
  bank_line_payments,
  bank_statement_imports,
  bank_statement_lines,
  student_billing_payments,
  student_billings,
  student_credit_movements,
  students,
} from '../db/schema';
import { type BranchScope, findInBranch, inBranch, scopeValues } from '../lib/scope';
import { monthRange } from '../lib/time';
import type { MatchStudent } from './match';
import type { StatementLine } from './parse';

const accountColumns = {
  id: bank_accounts.id,
  bank: bank_accounts.bank,
  account_number: bank_accounts.account_number,
  account_name: bank_accounts.account_name,
};

export const listAccounts = (db: Db, scope: BranchScope): Promise<BankAccount[]> =>
  db
    .select(accountColumns)
    .from(bank_accounts)
    .where(inBranch(scope, bank_accounts))
    .orderBy(asc(bank_accounts.id));

export const findAccount = (db: Db, scope: BranchScope, id: number) =>
  findInBranch(db, scope, bank_accounts, id);

export async function insertAccount(
  tx: Tx,
  scope: BranchScope,
  body: BankAccountCreate,
): Promise<BankAccount> {
  const [row] = await tx
    .insert(bank_accounts)
    .values({ ...scopeValues(scope), ...body })
    .returning(accountColumns);
  return row as BankAccount;
}

/** The import and its credit lines not known yet (by their identity); answers the import id and how many were new. */
export async function insertImport(
  tx: Tx,
  scope: BranchScope & { userId: number },
  account: { id: number; bank: string },
  file: { name: string; lines: StatementLine[]; closing_balance: number | null },
): Promise<{ id: number; newLines: number }> {
  const credits = file.lines.filter((l) => l.credit > 0);
  const dates = file.lines.map((l) => l.line_date).sort();
  const [made] = await tx
    .insert(bank_statement_imports)
    .values({
      ...scopeValues(scope),
      bank_account_id: account.id,
      file_name: file.name.slice(0, 200),
      layout: account.bank,
      credit_lines: credits.length,
      new_lines: 0,
      debit_lines: file.lines.length - credits.length,
      closing_balance: file.closing_balance,
      first_date: dates[0] ?? null,
      last_date: dates.at(-1) ?? null,
      imported_by: scope.userId,
    })
    .returning({ id: bank_statement_imports.id });
  const importId = made?.id as number;
  if (credits.length === 0) return { id: importId, newLines: 0 };
  const inserted = await tx
    .insert(bank_statement_lines)
    .values(
      credits.map((l) => ({
        ...scopeValues(scope),
        bank_account_id: account.id,
        import_id: importId,
        line_date: l.line_date,
        description: l.description,
        amount: l.credit,
        balance: l.balance,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: bank_statement_lines.id });
  return { id: importId, newLines: inserted.length };
}

/** An account's lines of a month, with their standing shares and standing payments. */
export async function linesOfMonth(db: Db, scope: BranchScope, accountId: number, mm: string) {
  const { first, last } = monthRange(mm);
  const lines = await db
    .select({
      id: bank_statement_lines.id,
      line_date: bank_statement_lines.line_date,
      description: bank_statement_lines.description,
      amount: bank_statement_lines.amount,
      balance: bank_statement_lines.balance,
    })
    .from(bank_statement_lines)
    .where(
      inBranch(
        scope,
        bank_statement_lines,
        eq(bank_statement_lines.bank_account_id, accountId),
        gte(bank_statement_lines.line_date, first),
        lte(bank_statement_lines.line_date, last),
      ),
    )
    .orderBy(asc(bank_statement_lines.line_date), asc(bank_statement_lines.id));
  const ids = lines.map((l) => l.id);
  const [shares, payments] = ids.length
    ? await Promise.all([standingShares(db, ids), standingPayments(db, ids)])
    : [[], []];
  return lines.map((line) => ({
    ...line,
    allocations: shares.filter((s) => s.line_id === line.id),
    payment_ids: payments.filter((p) => p.line_id === line.id).map((p) => p.payment_id),
  }));
}

export function standingShares(db: Db | Tx, lineIds: number[]) {
  return db
    .select({
      id: bank_line_allocations.id,
      line_id: bank_line_allocations.line_id,
      student_id: bank_line_allocations.student_id,
      student_name: students.name,
      amount: bank_line_allocations.amount,
      reason: bank_line_allocations.reason,
    })
    .from(bank_line_allocations)
    .innerJoin(students, eq(students.id, bank_line_allocations.student_id))
    .where(and(inArray(bank_line_allocations.line_id, lineIds), isNull(bank_line_allocations.withdrawn_at)))
    .orderBy(asc(bank_line_allocations.id));
}

/** The payments a line was posted as that are not voided: while one stands, the line is posted. */
export function standingPayments(db: Db | Tx, lineIds: number[]) {
  return db
    .select({
      line_id: bank_line_payments.line_id,
      payment_id: bank_line_payments.student_billing_payment_id,
    })
    .from(bank_line_payments)
    .innerJoin(
      student_billing_payments,
      eq(student_billing_payments.id, bank_line_payments.student_billing_payment_id),
    )
    .where(and(inArray(bank_line_payments.line_id, lineIds), isNull(student_billing_payments.voided_at)));
}

/** A line of the branch: its account and date (which month's list holds it). */
export async function findLine(db: Db, scope: BranchScope, id: number) {
  const [line] = await db
    .select({
      bank_account_id: bank_statement_lines.bank_account_id,
      line_date: bank_statement_lines.line_date,
    })
    .from(bank_statement_lines)
    .where(inBranch(scope, bank_statement_lines, eq(bank_statement_lines.id, id)));
  return line;
}

/** The line of the branch, locked: postings and share changes of one line run one after the other. */
export async function lockLine(tx: Tx, scope: BranchScope, id: number) {
  const [line] = await tx
    .select()
    .from(bank_statement_lines)
    .where(inBranch(scope, bank_statement_lines, eq(bank_statement_lines.id, id)))
    .for('update');
  return line;
}

/** Withdraws the line's standing shares and records the new ones. */
export async function replaceShares(
  tx: Tx,
  scope: BranchScope & { userId: number },
  lineId: number,
  shares: { student_id: number; amount: number; source: number; reason: string | null }[],
): Promise<void> {
  await tx
    .update(bank_line_allocations)
    .set({ withdrawn_at: sql`now()`, withdrawn_by: scope.userId })
    .where(and(eq(bank_line_allocations.line_id, lineId), isNull(bank_line_allocations.withdrawn_at)));
  await tx
    .insert(bank_line_allocations)
    .values(shares.map((s) => ({ ...scopeValues(scope), line_id: lineId, chosen_by: scope.userId, ...s })));
}

export async function linkPayments(
  tx: Tx,
  scope: BranchScope & { userId: number },
  lineId: number,
  paymentIds: number[],
): Promise<void> {
  await tx.insert(bank_line_payments).values(
    paymentIds.map((id) => ({
      ...scopeValues(scope),
      line_id: lineId,
      student_billing_payment_id: id,
      posted_by: scope.userId,
    })),
  );
}

/** Active students of the branch with their parents' names and confirmed bills still owing (matching's input). */
export async function matchStudents(db: Db, scope: BranchScope): Promise<MatchStudent[]> {
  const [people, bills] = await Promise.all([
    db
      .select({
        id: students.id,
        name: students.name,
        nis: students.nis,
        father: students.father,
        mother: students.mother,
        guardian: students.guardian,
      })
      .from(students)
      .where(inBranch(scope, students, eq(students.study_status, 1))),
    db
      .select({
        student_id: student_billings.student_id,
        bill_number: student_billings.bill_number,
        owing: student_billings.total_billing,
        due_date: student_billings.due_date,
      })
      .from(student_billings)
      .where(
        inBranch(
          scope,
          student_billings,
          eq(student_billings.form_status, FORM_STATUS_CONFIRMED),
          gt(student_billings.total_billing, 0),
        ),
      )
      .orderBy(asc(student_billings.due_date), asc(student_billings.id)),
  ]);
  const owing = new Map<number, MatchStudent['bills']>();
  for (const { student_id, ...bill } of bills)
    owing.set(student_id, [...(owing.get(student_id) ?? []), bill]);
  return people.map((p) => ({
    id: p.id,
    name: p.name,
    nis: p.nis,
    parents: [p.father, p.mother, p.guardian].filter((n): n is string => !!n),
    bills: owing.get(p.id) ?? [],
  }));
}

/** The payments' numbers, by id. */
export async function paymentNumbers(db: Db, scope: BranchScope, ids: number[]) {
  if (ids.length === 0) return new Map<number, string | null>();
  const rows = await db
    .select({ id: student_billing_payments.id, number: student_billing_payments.payment_number })
    .from(student_billing_payments)
    .where(inBranch(scope, student_billing_payments, inArray(student_billing_payments.id, ids)));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** The Saldo Titipan the payments brought (each under its payment's reference), by reference. */
export async function creditsOfPayments(db: Db, scope: BranchScope, references: string[]) {
  if (references.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ reference: student_credit_movements.reference, amount: student_credit_movements.amount })
    .from(student_credit_movements)
    .where(
      inBranch(
        scope,
        student_credit_movements,
        inArray(student_credit_movements.reference, references),
        gt(student_credit_movements.amount, 0),
      ),
    );
  return new Map(rows.map((r) => [r.reference, r.amount]));
}

/** How many payments the line was ever linked to, voided ones too (a new posting's keys count on from there). */
export async function countPostings(tx: Tx, lineId: number): Promise<number> {
  const [done] = await tx
    .select({ n: count() })
    .from(bank_line_payments)
    .where(eq(bank_line_payments.line_id, lineId));
  return done?.n ?? 0;
}
