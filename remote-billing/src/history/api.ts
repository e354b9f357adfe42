/** The payment history's requests (docs/architecture.md "Code layout"), through `useApi()` (the embedded view's token). */
import {
  type DocumentLink,
  type DocumentLinkKind,
  type QueryType,
  ROUTES,
  useApi,
  usePagedQuery,
} from '@keuangan/shared';
import { useMemo } from 'react';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-billing-payment`: one page of a student's payments. */
export const usePaymentHistory = (params: QueryType<typeof ROUTES.billing.payments>, options: ListOptions) =>
  usePagedQuery(ROUTES.billing.payments(), params, options);

/** `POST /api/document-links`: a one-use link to a payment's receipt or note, and the API's address to open it at. */
export function useDocumentLinks() {
  const { apiPost, http } = useApi();
  return useMemo(
    () => ({
      mint: (kind: DocumentLinkKind, paymentId: number) =>
        apiPost(ROUTES.admin.documentLinks(), { kind, payment_id: paymentId }),
      urlOf: (link: DocumentLink) => `${http.defaults.baseURL ?? ''}${link.path}`,
    }),
    [apiPost, http],
  );
}
