import { apiErrorText, notifyError, openApiDocument } from '@keuangan/shared';
import dayjs from 'dayjs';

/** Today in 'YYYY-MM-DD' (the browser's day; the API checks against Jakarta's). */
export const today = () => dayjs().format('YYYY-MM-DD');

/** Opens a PDF in a new tab; a failure says why in an 'Error' toast. */
async function open(url: string, params: object | undefined, filename: string) {
  try {
    await openApiDocument(url, params, filename);
  } catch (error) {
    notifyError(`PDF tidak dapat dibuka.\n${apiErrorText(error)}`, 'Error');
  }
}

/** Billing Detail (PDF): one bill. */
export const openBillPdf = (billId: number, billNumber: string) =>
  open(`/api/student-billing-pdf/${billId}`, undefined, `billing-${billNumber}.pdf`);

/** Semua Tagihan (PDF): the student's confirmed, unpaid bills of the department dated up to today. */
export const openAllBillsPdf = (studentId: number, departmentId: number, nis: string) =>
  open(
    '/api/student-billing-pdf',
    {
      student_id: studentId,
      department_id: departmentId,
      form_status: 1,
      payment_status: 0,
      bill_date_before: today(),
    },
    `semua-tagihan-${nis}.pdf`,
  );

/** Rekap Kas Harian (PDF) of one closing, signed by the cashier and the head of finance. */
export const openClosingPdf = (closingId: number, closingNumber: string) =>
  open(`/api/cash-closing/${closingId}/pdf`, undefined, `rekap-kas-${closingNumber}.pdf`);
