/** The session writes, one transaction each (api/ROUTES.md, "Sessions and passwords"). */
import type { Database } from '../db/client';
import { changePassword, endSessions, rememberBranch } from './queries';

/** Ends every session of the user. */
export function signOut(database: Database, userId: number) {
  return database.transaction((tx) => endSessions(tx, userId));
}

/** Remembers the user's active branch (written only when it changes). */
export function chooseBranch(database: Database, userId: number, branchId: number) {
  return database.transaction((tx) => rememberBranch(tx, userId, branchId));
}

/** Stores a new password hash, ending earlier sessions; answers the new token version (undefined: no user). */
export function setPassword(database: Database, userId: number, passwordHash: string) {
  return database.transaction((tx) => changePassword(tx, userId, passwordHash));
}
