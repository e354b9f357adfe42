/**
 * The bank reconciliation writes, one function each, each its own transaction (api/ROUTES.md "Bank
 * reconciliation"): adding an account, recording an import, assigning a line, posting it.
 */
import {
  BANK_MESSAGES,
  type BankAccount,
  type BankAccountCreate,
  type BankAllocate,
  type BankPostResult,
} from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import { students } from '../db/schema';
import { ApiError, notFound } from '../lib/errors';
import { findInBranch } from '../lib/scope';
import { insertBalances } from './balance-queries';
import { isConfident, matchLine } from './match';
import type { Statement } from './parse';
import { postShares } from './post';
import {
  findLine,
  insertAccount,
  insertImport,
  linesOfMonth,
  listAccounts,
  lockLine,
  matchStudents,
  replaceShares,
  standingPayments,
} from './queries';

/** Adds a bank account to the branch; an account number it has already is 409. */
export async function addAccount(
  database: Database,
  auth: AuthContext,
  body: BankAccountCreate,
): Promise<BankAccount> {
  const known = await listAccounts(database.db, auth);
  if (known.some((a) => a.account_number === body.account_number)) {
    throw new ApiError(409, BANK_MESSAGES.accountExists, {
      account_number: [BANK_MESSAGES.accountExists],
    });
  }
  return database.transaction((tx) => insertAccount(tx, auth, body));
}

/** Records a parsed statement of the account: its new lines, its months' balances and its debits. */
export function recordImport(
  database: Database,
  auth: AuthContext,
  account: { id: number; bank: string },
  name: string,
  statement: Statement,
) {
  return database.transaction(async (tx) => {
    const made = await insertImport(tx, auth, account, { name, ...statement });
    await insertBalances(tx, auth, account.id, made.id, statement);
    return made;
  });
}

/** Assigns the line to students by hand: shares adding up to its amount, one per student. */
export async function allocateLine(
  database: Database,
  auth: AuthContext,
  id: number,
  allocations: BankAllocate['allocations'],
): Promise<void> {
  for (const share of allocations) await findInBranch(database.db, auth, students, share.student_id);
  if (new Set(allocations.map((s) => s.student_id)).size !== allocations.length) {
    throw new ApiError(422, 'Setiap siswa hanya sekali dalam satu mutasi');
  }
  await database.transaction(async (tx) => {
    const line = await lockLine(tx, auth, id);
    if (!line) throw notFound();
    if ((await standingPayments(tx, [id])).length > 0) throw new ApiError(409, BANK_MESSAGES.alreadyPosted);
    if (allocations.reduce((s, a) => s + a.amount, 0) !== line.amount) {
      throw new ApiError(422, BANK_MESSAGES.allocationSum);
    }
    await replaceShares(
      tx,
      auth,
      id,
      allocations.map((a) => ({ ...a, source: 2, reason: null })),
    );
  });
}

/** The line `id` as the month's list reads it (its shares and standing payments), or none. */
async function lineAsListed(database: Database, auth: AuthContext, id: number) {
  const row = await findLine(database.db, auth, id);
  if (!row) return undefined;
  const lines = await linesOfMonth(database.db, auth, row.bank_account_id, row.line_date.slice(0, 7));
  return lines.find((l) => l.id === id);
}

/**
 * Posts the line as Transfer payments (post.ts), in one transaction locking the line first. A Cocok line without
 * shares is posted as proposed: its best candidate takes the whole amount, written in a transaction before.
 */
export async function postLine(database: Database, auth: AuthContext, id: number): Promise<BankPostResult> {
  const line = await lineAsListed(database, auth, id);
  if (line && line.allocations.length === 0 && line.payment_ids.length === 0) {
    const candidates = matchLine(line, await matchStudents(database.db, auth));
    const [best] = candidates;
    if (best && isConfident(candidates)) {
      await database.transaction(async (tx) => {
        const locked = await lockLine(tx, auth, id);
        if (!locked || (await standingPayments(tx, [id])).length > 0) return;
        await replaceShares(tx, auth, id, [
          { student_id: best.student_id, amount: line.amount, source: 1, reason: best.reason },
        ]);
      });
    }
  }
  return database.transaction((tx) => postShares(database, tx, auth, id));
}
