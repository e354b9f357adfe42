/** Rekonsiliasi Bank's requests (api/ROUTES.md "Bank reconciliation"). */
import {
  apiDownload,
  apiGet,
  apiPost,
  BANK_STATEMENT_FIELD,
  type BankAccount,
  type BankAccountCreate,
  type BankAccountList,
  type BankImportResult,
  type BankLineList,
  type BankOverview,
  type BankPostResult,
  type MessageResponse,
} from '@keuangan/shared';

export const fetchAccounts = (signal: AbortSignal) =>
  apiGet<BankAccountList>('/api/bank-accounts', undefined, { signal });

export const createAccount = (values: BankAccountCreate) =>
  apiPost<BankAccount>('/api/bank-accounts', values);

export const fetchLines = (query: { bank_account_id: number; mm: string }, signal: AbortSignal) =>
  apiGet<BankLineList>('/api/bank-statement-lines', query, { signal });

/** `POST /api/bank-statement-import/{id}`: the statement file, in the account's layout. */
export function importStatement(accountId: number, file: File) {
  const form = new FormData();
  form.append(BANK_STATEMENT_FIELD, file, file.name);
  return apiPost<BankImportResult>(`/api/bank-statement-import/${accountId}`, form);
}

export const downloadTemplate = () =>
  apiDownload('/api/bank-statement-template', {}, 'template-mutasi-bank.csv', 'text/csv');

export const allocateLine = (id: number, allocations: { student_id: number; amount: number }[]) =>
  apiPost<MessageResponse>(`/api/bank-statement-lines/${id}/allocate`, { allocations });

export const postLine = (id: number) => apiPost<BankPostResult>(`/api/bank-statement-lines/${id}/post`, {});

export const fetchOverview = (query: { bank_account_id: number; mm: string }, signal: AbortSignal) =>
  apiGet<BankOverview>('/api/bank-reconciliation-overview', query, { signal });

export const downloadReconciliation = (query: { bank_account_id: number; mm: string }) =>
  apiDownload('/api/bank-reconciliation-xlsx', query, `rekonsiliasi-bank-${query.mm}.xlsx`);
