/**
 * Payments as the bill detail and the payment history list them (Riwayat): what one payment paid on each
 * item, who voided it, and the history page's query and answer.
 */
import type { Named, Paged } from '../common';

/** Who voided a payment, when and why (all null while it stands). */
export interface PaymentVoidInfo {
  /** True once voided: the payment no longer counts in any total, but stays readable with its receipt. */
  is_void: boolean;
  /** ISO timestamp. */
  voided_at: string | null;
  voided_by: Named | null;
  void_reason: string | null;
}

/** What one payment paid on one item. */
export interface StudentBillingItemPayment {
  id: number;
  student_billing_item_id: number;
  student_fee_component_id: number;
  /** Paid on this item by this payment (0 for an item listed but not paid this time). */
  amount: number;
  student_fee_component: { name: string; fee_type: { name: string } };
  /** The item as it is now (docs/data.md: the receipt's line marker reads its total_billing). */
  student_billing_item: { id: number; total_amount: number; total_billing: number; payment_status: number };
  /** The item's bill: a payment of several bills lists each bill's items under its number and month. */
  bill: { id: number; bill_number: string; mm: string };
}

/** What every payment carries, whatever the kind of bill (student or prospect): the history cards read these. */
export interface BillPaymentBase extends PaymentVoidInfo {
  id: number;
  payment_number: string;
  /** 'YYYY-MM-DD' */
  payment_date: string;
  /** Total paid (Total): the sum of the item payments. */
  amount: number;
  /** Money handed over (Bayar), stored, so every reprint shows the same. */
  total_amount_payment_paid: number;
  /** Kembali: total_amount_payment_paid - amount. */
  change: number;
  /** What was left to pay on the bill right after this payment (Sisa Tagihan on its receipt). */
  total_billing_after: number;
  /** Receipts and notes printed so far (the server counts: every print after the first is a SALINAN). */
  print_count: number;
  /** ISO timestamp of the first print, or null. */
  first_printed_at: string | null;
  /** 1 Cash, 2 ATM/Debit, 3 Pengurangan Hutang, 4 Transfer, 5 Cek/Giro, 6 Credit Card. */
  ptype: number;
  payer_name: string | null;
  payer_city: string | null;
  note: string | null;
  /** ISO timestamp. */
  created_at: string;
  created_by: Named | null;
  /** The cashier named by the kasir Token Integrasi it was taken with (who took it); null: `created_by` did. */
  cashier_name: string | null;
}

/** A payment as the bill detail and the payment history list it. */
export interface StudentBillingPayment extends BillPaymentBase {
  student_billing_id: number;
  student_id: number;
  student_billing_item_payments: StudentBillingItemPayment[];
  /** The bill it paid (the history shows the month 'MMMM YYYY' of bill_date). */
  student_billing: { id: number; bill_number: string; bill_date: string; mm: string; type: number };
}

/** `GET /api/student-billing-payment`: a student's payments in a department, paged (default 5). */
export interface StudentBillingPaymentQuery {
  student_id: number;
  department_id: number;
  /** 'YYYY-MM-DD', inclusive: only payments of bills dated up to this day (the screens send today). */
  bill_date_before?: string;
  page?: number;
  limit?: number;
  orderby?: 'id' | 'payment_date';
  sort?: 'asc' | 'desc';
}
/** The history page: the paged payments and the header card's data (Departemen, Nama Siswa, NIS, Angkatan). */
export type StudentBillingPaymentPage = Paged<StudentBillingPayment> & {
  student: { id: number; name: string; nis: string; batch: { name: string } | null };
  department: Named;
};
