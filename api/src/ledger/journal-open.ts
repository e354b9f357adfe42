/**
 * Opening the books over money written before them (docs/books.md "Opening"): the demo seed's rows, and a database
 * that had bills before migration 0030, opened once per branch when the API migrates. The statements:
 * journal-open-queries.ts.
 */
import type { Database } from '../db/client';
import { liftStatementTimeout, lockBranchOpening, openBooks, unbookedBranches } from './journal-open-queries';

/**
 * Run by the migrate step: opens each unbooked branch in its own transaction (a year of history may take long).
 * Servers starting together take turns per branch, and a branch opened meanwhile is left alone. Answers the ids.
 */
export async function openUnbookedBranches(database: Database): Promise<number[]> {
  const opened: number[] = [];
  for (const branchId of await unbookedBranches(database.db)) {
    const done = await database.transaction(async (tx) => {
      await lockBranchOpening(tx, branchId);
      if (!(await unbookedBranches(tx)).includes(branchId)) return false;
      // A large history is one long statement per kind: past the requests' limit (db/client.ts WAIT_LIMITS).
      await liftStatementTimeout(tx);
      await openBooks(tx, [branchId]);
      return true;
    });
    if (done) opened.push(branchId);
  }
  return opened;
}
