/** The prospect writes, one transaction each (what they do is rules.ts's; api/ROUTES.md, "Prospects"). */
import type { Database } from '../db/client';
import type { Poster } from '../ledger/journal-post-queries';
import type { BranchScope, ZonedScope } from '../lib/scope';
import { changeRegistrationStatus, deleteProspect } from './rules';

export function changeStatus(database: Database, scope: ZonedScope & Poster, id: number, value: number) {
  return database.transaction((tx) => changeRegistrationStatus(tx, scope, id, value));
}

export function removeProspect(database: Database, scope: BranchScope & Poster, id: number) {
  return database.transaction((tx) => deleteProspect(tx, scope, id));
}
