/** The documents' requests, one function each (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPost,
  type PaymentPrintResponse,
  type ProspectiveBillingPaymentReceipt,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared';
import type { DocumentRequest } from './sheets';

/** The API path stem of a document's payment kind. */
const baseOf = (request: DocumentRequest) =>
  request.kind === 'prospect-receipt' ? 'prospective-billing-payment' : 'student-billing-payment';

/** `GET /api/ref-…-payment/{id}`: a prospect's payment as its receipt shows it. */
export const fetchProspectPayment = (request: DocumentRequest, signal?: AbortSignal) =>
  apiGet<ProspectiveBillingPaymentReceipt>(`/api/ref-${baseOf(request)}/${request.paymentId}`, undefined, {
    signal,
  });

/** `GET /api/ref-…-payment/{id}`: a student's payment as its receipt or note shows it. */
export const fetchStudentPayment = (request: DocumentRequest, signal?: AbortSignal) =>
  apiGet<StudentBillingPaymentReceipt>(`/api/ref-${baseOf(request)}/${request.paymentId}`, undefined, {
    signal,
  });

/** `POST /api/…-print/{id}`: records a print; the answer says whether it is a copy (SALINAN). */
export const recordPrint = (request: DocumentRequest, signal?: AbortSignal) =>
  apiPost<PaymentPrintResponse>(`/api/${baseOf(request)}-print/${request.paymentId}`, undefined, { signal });

/** `POST /api/…-xupdate/{id}`: saves who paid, or their city, as the receipt shows it. */
export const savePayerField = (request: DocumentRequest, field: 'payer_name' | 'payer_city', value: string) =>
  apiPost<{ message: string; payer_name: string; payer_city: string }>(
    `/api/${baseOf(request)}-xupdate/${request.paymentId}`,
    { [field]: value },
  );
