/**
 * What prints: a payment's receipt or note (`GET /api/ref-student-billing-payment/{id}`, docs/receipts) and
 * the bills PDF's query.
 */
import type { StudentBillingItemPayment, StudentBillingPayment } from './history';
import type { PaidInstalments } from './instalments';

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
  /**
   * The lines on split items (docs/money.md "Instalments"): which instalments each paid, derived from the item's
   * standing payments before this one, earliest first. Lines on items paid at once are not listed.
   */
  instalments: (PaidInstalments & { student_billing_item_id: number })[];
  /**
   * Saldo Titipan (docs/money.md): what the payment brought into the student's credit (+, a transfer's excess) or
   * spent from it (-, "Gunakan Saldo Titipan"); 0 when neither.
   */
  credit: number;
}

/**
 * A receipt line's name: the component's, with the bill's month on a payment of several bills and the instalments
 * it paid on a split item: 'Uang Pangkal (cicilan 1-2 dari 3)', 'SPP (Oktober 2026)'.
 */
export function receiptLineName(
  payment: Pick<StudentBillingPaymentReceipt, 'instalments'>,
  line: Pick<StudentBillingItemPayment, 'student_billing_item_id' | 'student_fee_component'>,
  month: string | null,
): string {
  const paid = payment.instalments.find((i) => i.student_billing_item_id === line.student_billing_item_id);
  const notes = [
    ...(month === null ? [] : [month]),
    ...(paid
      ? [`cicilan ${paid.first === paid.last ? paid.first : `${paid.first}-${paid.last}`} dari ${paid.count}`]
      : []),
  ];
  const name = line.student_fee_component.name;
  return notes.length === 0 ? name : `${name} (${notes.join(', ')})`;
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
