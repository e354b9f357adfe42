/** The documents' requests, one function each (docs/architecture.md "Code layout"). */
import { apiGet, apiPost, type DocumentRequest, ROUTES } from '@keuangan/shared';

/** The routes of a document's payment kind (a prospect's receipt, else a student's receipt or note). */
const routesOf = (request: DocumentRequest) =>
  request.kind === 'prospect-receipt'
    ? { print: ROUTES.receipts.prospectPrint, payer: ROUTES.receipts.prospectPayer }
    : { print: ROUTES.receipts.studentPrint, payer: ROUTES.receipts.studentPayer };

/** `GET /api/ref-prospective-billing-payment/{id}`: a prospect's payment as its receipt shows it. */
export const fetchProspectPayment = (request: DocumentRequest, signal?: AbortSignal) =>
  apiGet(ROUTES.receipts.prospectPayment({ id: request.paymentId }), undefined, { signal });

/** `GET /api/ref-student-billing-payment/{id}`: a student's payment as its receipt or note shows it. */
export const fetchStudentPayment = (request: DocumentRequest, signal?: AbortSignal) =>
  apiGet(ROUTES.receipts.studentPayment({ id: request.paymentId }), undefined, { signal });

/** `POST /api/…-print/{id}`: records a print; the answer says whether it is a copy (SALINAN). */
export const recordPrint = (request: DocumentRequest, signal?: AbortSignal) =>
  apiPost(routesOf(request).print({ id: request.paymentId }), undefined, { signal });

/** `POST /api/…-xupdate/{id}`: saves who paid, or their city, as the receipt shows it. */
export const savePayerField = (request: DocumentRequest, field: 'payer_name' | 'payer_city', value: string) =>
  apiPost(routesOf(request).payer({ id: request.paymentId }), { [field]: value });
