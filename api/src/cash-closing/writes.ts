/** The daily closing writes, one transaction each (what they check is rules.ts's and deposit.ts's; docs/). */
import type { CashDepositCreate } from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import { recordDeposit } from './deposit';
import { type CloseInput, closeDay, reopenDay } from './rules';

/** Closes a cashier's day; answers the closing's id. */
export function closeCashDay(database: Database, auth: AuthContext, input: CloseInput) {
  return database.transaction((tx) => closeDay(tx, auth, input));
}

/** Reopens a closed day with a reason; answers its date. */
export function reopenCashDay(database: Database, auth: AuthContext, closingId: number, reason: string) {
  return database.transaction((tx) => reopenDay(tx, auth, closingId, reason));
}

/** Records a closing's bank deposit, once; answers the closing's date. */
export function depositCash(
  database: Database,
  auth: AuthContext,
  closingId: number,
  input: CashDepositCreate,
) {
  return database.transaction((tx) => recordDeposit(tx, auth, closingId, input));
}
