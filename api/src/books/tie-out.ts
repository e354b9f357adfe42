/**
 * The tie-out of one branch (docs/books.md "Reports"): each receivable in the ledger against the unpaid bills billing
 * holds, bill by bill, and Titipan Siswa against the students' credit (Saldo Titipan).
 */
import type { BooksTieOut, BooksTieOutLine, BooksTieOutReceivable } from '@keuangan/shared/contract';
import type { Db } from '../db/client';
import type { BranchScope } from '../lib/scope';
import { creditTieOutRow, prospectTieOutRows, studentTieOutRows, type TieOutRow } from './tie-out-queries';

/** The totals of the rows and the bills that differ (a bill deleted since shows its number as '-'). */
function receivable(found: TieOutRow[]): BooksTieOutReceivable {
  let ledger = 0;
  let billing = 0;
  const lines: BooksTieOutLine[] = [];
  for (const row of found) {
    const l = Number(row.ledger);
    const b = Number(row.billing);
    ledger += l;
    billing += b;
    if (l !== b) {
      lines.push({
        bill_id: Number(row.bill_id ?? 0),
        bill_number: row.bill_number ?? '-',
        ledger: l,
        billing: b,
        difference: l - b,
      });
    }
  }
  lines.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference));
  return { ledger, billing, difference: ledger - billing, lines: lines.slice(0, 100) };
}

/** Titipan Siswa's balance (a credit) against the sum of the branch's credit movements. */
async function credit(db: Db, scope: BranchScope): Promise<BooksTieOut['credit']> {
  const row = await creditTieOutRow(db, scope);
  const ledger = Number(row?.ledger ?? 0);
  const balance = Number(row?.balance ?? 0);
  return { ledger, balance, difference: ledger - balance };
}

export async function tieOut(db: Db, scope: BranchScope): Promise<BooksTieOut> {
  const [students, prospects, credited] = await Promise.all([
    studentTieOutRows(db, scope),
    prospectTieOutRows(db, scope),
    credit(db, scope),
  ]);
  return { ...receivable(students), prospects: receivable(prospects), credit: credited };
}
