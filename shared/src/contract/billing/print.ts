/**
 * What prints: a payment's receipt or note (`GET /api/ref-student-billing-payment/{id}`, docs/receipts) and
 * the bills PDF's query.
 */
import type { StudentBillingPayment } from './history';

/** `GET /api/ref-student-billing-payment/{id}` and the answer of a payment: everything a receipt or note prints. */
export interface StudentBillingPaymentReceipt extends StudentBillingPayment {
  branch: {
    name: string;
    address: string | null;
    phone: string | null;
    website: string | null;
    /** The receipt's default city (the payer's, when saved, wins). */
    city: string | null;
  };
  student: { id: number; name: string; nis: string };
  class: { name: string };
  department: { name: string };
  year_of_study: { name: string };
  yos_periode: { periode: { name: string } };
  student_billing: StudentBillingPayment['student_billing'] & {
    form_status: number;
    payment_status: number;
    /** What is left to pay on the bill now. */
    total_billing: number;
  };
}

/**
 * `GET /api/student-billing-pdf` (the student's bills: by default confirmed and unpaid, Semua Tagihan) and
 * `GET /api/student-billing-pdf/{id}` (one bill): application/pdf, bearer token.
 */
export interface StudentBillingPdfQuery {
  student_id: number;
  department_id: number;
  form_status?: 0 | 1;
  payment_status?: 0 | 1;
  /** 'YYYY-MM-DD', inclusive. */
  bill_date_before?: string;
}
