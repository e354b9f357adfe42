/**
 * Akun & Pemetaan's writes (docs/books.md "The accounts"), admins and finance managers only: each in its own
 * transaction with its audit record. An account is never deleted; a mapping applies to entries posted after it.
 */
import {
  BOOKS_CHART_MESSAGES,
  BOOKS_MAPPING_KINDS,
  type BooksAccountSave,
  type BooksMappingSave,
  isCashManager,
  MAPPED_PAYMENT_TYPES,
} from '@keuangan/shared/contract';
import type { AuthContext } from '../auth/session';
import type { Database, Tx } from '../db/client';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, fieldError, forbidden } from '../lib/errors';
import {
  codeTaken,
  feeTypeOfClient,
  insertAccount,
  lockAccount,
  lockMapping,
  setAccountActive,
  updateAccount,
  upsertMapping,
} from './chart-queries';

/** The chart's keepers: the same people who close the books (docs/roles.md). */
export function requireChartKeeper(auth: AuthContext): void {
  if (!isCashManager(auth.roleSlugs)) throw forbidden(BOOKS_CHART_MESSAGES.role);
}

async function accountOr404(tx: Tx, auth: AuthContext, id: number) {
  const account = await lockAccount(tx, auth, id);
  if (!account) throw new ApiError(404, BOOKS_CHART_MESSAGES.notFound);
  return account;
}

/** Adds an account to the foundation's chart; answers its id. */
export function createAccount(
  database: Database,
  auth: AuthContext,
  body: BooksAccountSave,
): Promise<number> {
  requireChartKeeper(auth);
  return database.transaction(async (tx) => {
    if (await codeTaken(tx, auth, body.code, null)) throw fieldError('code', BOOKS_CHART_MESSAGES.codeTaken);
    const id = await insertAccount(tx, auth, body);
    await recordAudit(tx, auditWho(auth), {
      action: 'books.account_create',
      entity: 'books_account',
      entityId: id,
      after: body,
    });
    return id;
  });
}

/** Changes an account's code, name and kind; an account with entries keeps its kind. */
export function editAccount(database: Database, auth: AuthContext, id: number, body: BooksAccountSave) {
  requireChartKeeper(auth);
  return database.transaction(async (tx) => {
    const before = await accountOr404(tx, auth, id);
    if (before.has_entries && before.kind !== body.kind)
      throw fieldError('kind', BOOKS_CHART_MESSAGES.kindLocked);
    if (await codeTaken(tx, auth, body.code, id)) throw fieldError('code', BOOKS_CHART_MESSAGES.codeTaken);
    await updateAccount(tx, id, body);
    await recordAudit(tx, auditWho(auth), {
      action: 'books.account_update',
      entity: 'books_account',
      entityId: id,
      before: { code: before.code, name: before.name, kind: before.kind },
      after: body,
    });
  });
}

/** Deactivates an account (refused while a mapping or a role points to it) or activates it again. */
export function changeAccountActive(database: Database, auth: AuthContext, id: number, active: boolean) {
  requireChartKeeper(auth);
  return database.transaction(async (tx) => {
    const before = await accountOr404(tx, auth, id);
    if (!active && before.mapped > 0) throw new ApiError(409, BOOKS_CHART_MESSAGES.stillMapped);
    if (before.active === active) return;
    await setAccountActive(tx, id, active);
    await recordAudit(tx, auditWho(auth), {
      action: active ? 'books.account_activate' : 'books.account_deactivate',
      entity: 'books_account',
      entityId: id,
      before: { code: before.code, active: before.active },
      after: { code: before.code, active },
    });
  });
}

/** Whether the mapped thing exists: a fee type of the foundation, a payment type, a deduction kind. */
async function knownKey(tx: Tx, auth: AuthContext, m: BooksMappingSave): Promise<boolean> {
  if (m.source === 'fee_type') return feeTypeOfClient(tx, auth, m.source_key);
  if (m.source === 'payment_type') return MAPPED_PAYMENT_TYPES.some((t) => t.value === m.source_key);
  return m.source_key === 1 || m.source_key === 2;
}

/** An account the mapping may point to: in the chart, active, of a kind the mapping takes. */
async function mappableAccount(
  tx: Tx,
  auth: AuthContext,
  field: string,
  id: number,
  kinds: readonly string[],
) {
  const account = await lockAccount(tx, auth, id);
  if (!account) throw fieldError(field, BOOKS_CHART_MESSAGES.notFound);
  if (!account.active) throw fieldError(field, BOOKS_CHART_MESSAGES.inactive);
  if (!kinds.includes(account.kind)) {
    throw fieldError(
      field,
      field === 'account_id' ? BOOKS_CHART_MESSAGES.accountKind : BOOKS_CHART_MESSAGES.receivableKind,
    );
  }
}

/** Points a fee type, payment type or deduction at its accounts, for entries posted from now on. */
export function saveMapping(database: Database, auth: AuthContext, body: BooksMappingSave) {
  requireChartKeeper(auth);
  const m = {
    ...body,
    receivable_account_id: body.source === 'fee_type' ? body.receivable_account_id : null,
  };
  return database.transaction(async (tx) => {
    if (!(await knownKey(tx, auth, m))) throw fieldError('source_key', BOOKS_CHART_MESSAGES.keyInvalid);
    await mappableAccount(tx, auth, 'account_id', m.account_id, BOOKS_MAPPING_KINDS[m.source]);
    if (m.receivable_account_id !== null) {
      await mappableAccount(tx, auth, 'receivable_account_id', m.receivable_account_id, ['asset']);
    }
    const before = await lockMapping(tx, auth, m);
    await upsertMapping(tx, auth, m);
    await recordAudit(tx, auditWho(auth), {
      action: 'books.mapping_update',
      entity: 'books_mapping',
      entityId: m.source_key,
      before: before ?? null,
      after: m,
    });
  });
}
