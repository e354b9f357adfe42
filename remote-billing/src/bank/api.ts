/** Rekonsiliasi Bank's requests (api/ROUTES.md "Bank reconciliation"). */
import {
  apiDownload,
  apiGet,
  apiPost,
  BANK_STATEMENT_FIELD,
  type BankAccountCreate,
  ROUTES,
} from '@keuangan/shared';

export const fetchAccounts = (signal: AbortSignal) => apiGet(ROUTES.bank.accounts(), undefined, { signal });

export const createAccount = (values: BankAccountCreate) => apiPost(ROUTES.bank.createAccount(), values);

export const fetchLines = (query: { bank_account_id: number; mm: string }, signal: AbortSignal) =>
  apiGet(ROUTES.bank.lines(), query, { signal });

/** `POST /api/bank-statement-import/{id}`: the statement file, in the account's layout. */
export function importStatement(accountId: number, file: File) {
  const form = new FormData();
  form.append(BANK_STATEMENT_FIELD, file, file.name);
  return apiPost(ROUTES.bank.importStatement({ id: accountId }), form);
}

export const downloadTemplate = () =>
  apiDownload(ROUTES.bank.template(), {}, 'template-mutasi-bank.csv', 'text/csv');

export const allocateLine = (id: number, allocations: { student_id: number; amount: number }[]) =>
  apiPost(ROUTES.bank.allocateLine({ id }), { allocations });

export const postLine = (id: number) => apiPost(ROUTES.bank.postLine({ id }), {});

export const fetchOverview = (query: { bank_account_id: number; mm: string }, signal: AbortSignal) =>
  apiGet(ROUTES.bank.overview(), query, { signal });

export const downloadReconciliation = (query: { bank_account_id: number; mm: string }) =>
  apiDownload(ROUTES.bank.xlsx(), query, `rekonsiliasi-bank-${query.mm}.xlsx`);
