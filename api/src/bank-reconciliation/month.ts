/**
 * An account's month as staff see it (docs/bank-reconciliation.md "Matching" and "Overview"): each credit line
 * with its status and candidates, the month's figures, and the rows of its XLSX export.
 */
import type { BankLine, BankOverview, BankOverviewFigure } from '@keuangan/shared/contract';
import type { Db } from '../db/client';
import { paymentCreditReference } from '../ledger/student-credit';
import type { BranchScope } from '../lib/scope';
import { balanceOfMonth } from './balance-queries';
import { isConfident, matchLine } from './match';
import { creditsOfPayments, linesOfMonth, matchStudents, paymentNumbers } from './queries';

/** The month's lines with status and candidates; `reasons` keeps each share's reason (the export names it). */
export async function monthLines(db: Db, scope: BranchScope, accountId: number, mm: string) {
  const [lines, people] = await Promise.all([
    linesOfMonth(db, scope, accountId, mm),
    matchStudents(db, scope),
  ]);
  return lines.map((line) => {
    const posted = line.payment_ids.length > 0;
    const candidates = posted ? [] : matchLine(line, people);
    const chosen = line.allocations.length > 0 || isConfident(candidates);
    const reasons = line.allocations.map((a) => a.reason);
    const result: BankLine = {
      ...line,
      allocations: line.allocations.map(({ student_id, student_name, amount }) => ({
        student_id,
        student_name,
        amount,
      })),
      candidates,
      status: posted ? 'posted' : chosen ? 'cocok' : 'belum_cocok',
    };
    return { line: result, reasons };
  });
}

const figure = (lines: BankLine[]): BankOverviewFigure => ({
  count: lines.length,
  amount: lines.reduce((sum, l) => sum + l.amount, 0),
});

/** The month's figures: the balance checked against the statement, and `difference`, the credits not posted. */
export async function monthOverview(
  db: Db,
  scope: BranchScope,
  accountId: number,
  mm: string,
): Promise<{ overview: BankOverview; rows: ExportRow[] }> {
  const month = await monthLines(db, scope, accountId, mm);
  const lines = month.map((m) => m.line);
  const paymentIds = lines.flatMap((l) => l.payment_ids);
  const [balance, numbers, credits] = await Promise.all([
    balanceOfMonth(db, scope, accountId, mm),
    paymentNumbers(db, scope, paymentIds),
    creditsOfPayments(db, scope, paymentIds.map(paymentCreditReference)),
  ]);
  const posted = figure(lines.filter((l) => l.status === 'posted'));
  const imported = figure(lines);
  const computed =
    balance.opening_balance === null
      ? null
      : balance.opening_balance + imported.amount - balance.debited.amount;
  const overview: BankOverview = {
    bank_account_id: accountId,
    mm,
    imported,
    cocok: figure(lines.filter((l) => l.status === 'cocok')),
    belum_cocok: figure(lines.filter((l) => l.status === 'belum_cocok')),
    posted,
    credited: paymentIds.reduce((sum, id) => sum + (credits.get(paymentCreditReference(id)) ?? 0), 0),
    ...balance,
    computed_closing: computed,
    balance_matches:
      computed === null || balance.closing_balance === null ? null : computed === balance.closing_balance,
    received: posted.amount,
    difference: imported.amount - posted.amount,
  };
  const rows = month.map(({ line, reasons }) => exportRow(line, reasons, numbers, credits));
  return { overview, rows };
}

/** One line of the export: rupiah as numbers, the student(s), payment numbers and why it matched. */
export interface ExportRow {
  date: string;
  description: string;
  amount: number;
  balance: number | null;
  status: string;
  students: string;
  payments: string;
  credit: number;
  reason: string;
}

const STATUS_LABELS: Record<BankLine['status'], string> = {
  posted: 'Diposting',
  cocok: 'Cocok',
  belum_cocok: 'Belum Cocok',
};

function exportRow(
  line: BankLine,
  reasons: (string | null)[],
  numbers: Map<number, string | null>,
  credits: Map<string, number>,
): ExportRow {
  const best = line.candidates[0];
  const students = line.allocations.length
    ? line.allocations.map((a) => a.student_name).join('; ')
    : (best?.student_name ?? '');
  const reason = line.allocations.length
    ? reasons.map((r) => r ?? 'Dipilih oleh petugas').join('; ')
    : (best?.reason ?? 'Tidak ada kandidat');
  return {
    date: line.line_date,
    description: line.description,
    amount: line.amount,
    balance: line.balance,
    status: STATUS_LABELS[line.status],
    students,
    payments: line.payment_ids.map((id) => numbers.get(id) ?? `#${id}`).join('; '),
    credit: line.payment_ids.reduce((sum, id) => sum + (credits.get(paymentCreditReference(id)) ?? 0), 0),
    reason,
  };
}
