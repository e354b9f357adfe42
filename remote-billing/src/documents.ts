import {
  type ApiClient,
  type ApiUrl,
  apiErrorText,
  notifyError,
  openApiDocument,
  type QueryOf,
  ROUTES,
  useApi,
} from '@keuangan/shared';
import { useMemo } from 'react';
import { useToday } from './today';

/** Opens a PDF in a new tab; a failure says why in an 'Error' toast. */
export async function openPdf<U extends ApiUrl<Blob, 'GET'>>(
  client: ApiClient,
  url: U,
  params: QueryOf<U> | undefined,
  filename: string,
) {
  try {
    await openApiDocument(url, params, filename, client);
  } catch (error) {
    notifyError(`PDF tidak dapat dibuka.\n${apiErrorText(error)}`, 'Error');
  }
}

/** The billing PDFs, fetched with the screen's client (the session's, or the embedded view's token). */
export function useDocuments() {
  const client = useApi();
  const today = useToday();
  return useMemo(
    () => ({
      /** Billing Detail (PDF): one bill. */
      openBillPdf: (billId: number, billNumber: string) =>
        openPdf(client, ROUTES.billing.billPdf({ id: billId }), undefined, `billing-${billNumber}.pdf`),
      /** Semua Tagihan (PDF): the student's confirmed, unpaid bills of the department dated up to today. */
      openAllBillsPdf: (studentId: number, departmentId: number, nis: string) =>
        openPdf(
          client,
          ROUTES.billing.billsPdf(),
          {
            student_id: studentId,
            department_id: departmentId,
            form_status: 1,
            payment_status: 0,
            bill_date_before: today(),
          },
          `semua-tagihan-${nis}.pdf`,
        ),
      /** Rekap Kas Harian (PDF) of one closing, signed by the cashier and the head of finance. */
      openClosingPdf: (closingId: number, closingNumber: string) =>
        openPdf(
          client,
          ROUTES.cash.closingPdf({ id: closingId }),
          undefined,
          `rekap-kas-${closingNumber}.pdf`,
        ),
      /** Setoran Bank (PDF): the deposit slip of one closing. */
      openDepositPdf: (closingId: number, closingNumber: string) =>
        openPdf(
          client,
          ROUTES.cash.depositPdf({ id: closingId }),
          undefined,
          `setoran-bank-${closingNumber}.pdf`,
        ),
    }),
    [client, today],
  );
}
