/**
 * The statements of the month's balance (balances.ts): what an import read of its months, its debit lines kept once
 * by their identity, and the month's opening, closing and debits.
 */
import { asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bank_statement_debits, bank_statement_months } from '../db/schema';
import { type BranchScope, inBranch, scopeValues } from '../lib/scope';
import { monthRange } from '../lib/time';
import { monthBalances } from './balances';
import type { Statement } from './parse';

/** Writes what an import read of its months and its debit lines not known yet. */
export async function insertBalances(
  tx: Tx,
  scope: BranchScope,
  accountId: number,
  importId: number,
  statement: Statement,
) {
  const owner = { ...scopeValues(scope), bank_account_id: accountId, import_id: importId };
  await tx.insert(bank_statement_months).values(monthBalances(statement).map((m) => ({ ...owner, ...m })));
  const debits = statement.lines.filter((l) => l.debit > 0);
  if (debits.length === 0) return;
  await tx
    .insert(bank_statement_debits)
    .values(
      debits.map((l) => ({
        ...owner,
        line_date: l.line_date,
        description: l.description,
        amount: l.debit,
        balance: l.balance,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The month's balance: the opening of the import starting earliest in it, the closing of the one ending latest
 * (the one imported last on a tie), and the debits' count and sum.
 */
export async function balanceOfMonth(db: Db, scope: BranchScope, accountId: number, mm: string) {
  const { first, last } = monthRange(mm);
  const ofMonth = inBranch(
    scope,
    bank_statement_months,
    eq(bank_statement_months.bank_account_id, accountId),
    eq(bank_statement_months.mm, mm),
  );
  const [[opening], [closing], [debits]] = await Promise.all([
    db
      .select({ balance: bank_statement_months.opening_balance, date: bank_statement_months.first_date })
      .from(bank_statement_months)
      .where(ofMonth)
      .orderBy(asc(bank_statement_months.first_date), desc(bank_statement_months.id))
      .limit(1),
    db
      .select({ balance: bank_statement_months.closing_balance, date: bank_statement_months.last_date })
      .from(bank_statement_months)
      .where(ofMonth)
      .orderBy(desc(bank_statement_months.last_date), desc(bank_statement_months.id))
      .limit(1),
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${bank_statement_debits.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(bank_statement_debits)
      .where(
        inBranch(
          scope,
          bank_statement_debits,
          eq(bank_statement_debits.bank_account_id, accountId),
          gte(bank_statement_debits.line_date, first),
          lte(bank_statement_debits.line_date, last),
        ),
      ),
  ]);
  return {
    opening_balance: opening?.balance ?? null,
    opening_date: opening?.date ?? null,
    closing_balance: closing?.balance ?? null,
    closing_date: closing?.date ?? null,
    debited: { count: debits?.count ?? 0, amount: debits?.amount ?? 0 },
  };
}
