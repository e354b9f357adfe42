/** Akun & Pemetaan's requests (api/ROUTES.md "Books"; docs/books.md "Keeping the chart"). */
import {
  apiPost,
  apiPut,
  type BooksAccountSave,
  type BooksMappingSave,
  ROUTES,
  usePagedQuery,
} from '@keuangan/shared';

export const useChart = () => usePagedQuery(ROUTES.books.chart(), {}, { pageSize: 25 });

export const useMappings = () => usePagedQuery(ROUTES.books.mappings(), {}, { pageSize: 25 });

export const addAccount = (body: BooksAccountSave) => apiPost(ROUTES.books.addAccount(), body);

export const editAccount = (id: number, body: BooksAccountSave) =>
  apiPut(ROUTES.books.editAccount({ id }), body);

export const setAccountActive = (id: number, active: boolean) =>
  apiPost(ROUTES.books.setAccountActive({ id }), { active });

export const saveMapping = (body: BooksMappingSave) => apiPut(ROUTES.books.saveMapping(), body);
