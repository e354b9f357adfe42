/** Akun & Pemetaan's requests (api/ROUTES.md "Books"; docs/books.md "Keeping the chart"). */
import {
  apiPost,
  apiPut,
  type BooksAccountSave,
  type BooksChartAccount,
  type BooksMappingRow,
  type BooksMappingSave,
  type MessageResponse,
  usePagedQuery,
} from '@keuangan/shared';

export const useChart = () => usePagedQuery<BooksChartAccount>('/api/books/chart', {}, { pageSize: 25 });

export const useMappings = () => usePagedQuery<BooksMappingRow>('/api/books/mappings', {}, { pageSize: 25 });

export const addAccount = (body: BooksAccountSave) => apiPost<MessageResponse>('/api/books/chart', body);

export const editAccount = (id: number, body: BooksAccountSave) =>
  apiPut<MessageResponse>(`/api/books/chart/${id}`, body);

export const setAccountActive = (id: number, active: boolean) =>
  apiPost<MessageResponse>(`/api/books/chart/${id}/active`, { active });

export const saveMapping = (body: BooksMappingSave) => apiPut<MessageResponse>('/api/books/mappings', body);
