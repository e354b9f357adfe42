/**
 * The bill rows the API returns (docs/data.md "Student billing"): a bill, its items (and removed items), its
 * detail, the list's totals, the list's query and the students of the extra bill form.
 */
import type { Named, Paged } from '../common';
import type { FILTER_ALL } from './codes';
import type { StudentBillingPayment } from './history';
import type { BillTotals, ItemTotals } from './totals';

/** The rule an item's discount came from, as the bill shows it (docs/money.md#discount-rules). */
export interface ItemDiscountRule {
  id: number;
  name: string;
  reason: string;
}

/** A bill item (Rincian Biaya), with its component's name and fee type. */
export interface StudentBillingItem extends ItemTotals {
  id: number;
  client_id: number;
  branch_id: number;
  department_id: number;
  student_id: number;
  student_billing_id: number;
  student_fee_component_id: number;
  fee_type_id: number;
  /** 1 Wajib, 0 Sumbangan Sukarela. */
  ftype: number;
  price: number;
  discount: number;
  bail: number;
  qty: number;
  student_fee_component: { id: number; name: string; mm: string; fee_type: { name: string } };
  fee_type: { name: string };
  /**
   * A payment (voided ones included) names this item: removing it (only while the bill is unconfirmed, so every
   * such payment is void) keeps it as a removed item, with who, when and why, so its void receipts stay whole.
   */
  has_payments: boolean;
  /** 'YYYY-MM-DD': when it falls due, kept from charge time (docs/money.md "Due dates and arrears"). */
  due_date: string;
  /** The rule its discount came from; null for no discount or a hand discount (docs/money.md#discount-rules). */
  discount_rule_id: number | null;
  discount_rule: ItemDiscountRule | null;
}

/** An item removed from an unconfirmed bill after a (now voided) payment named it: kept, never deleted. */
export interface StudentBillingRemovedItem {
  id: number;
  student_fee_component: { id: number; name: string; fee_type: { name: string } };
  price: number;
  qty: number;
  total_amount: number;
  /** ISO timestamp. */
  removed_at: string;
  removed_by: Named | null;
  removed_reason: string;
}

/** A bill as the list returns it (docs/data.md "Student billing"). */
export interface StudentBilling extends BillTotals {
  id: number;
  client_id: number;
  branch_id: number;
  bill_number: string;
  student_id: number;
  department_id: number;
  year_of_study_id: number;
  yos_periode_id: number;
  level_id: number;
  class_id: number;
  /** 'YYYY-MM' */
  mm: string;
  /** 'YYYY-MM-DD' */
  bill_date: string;
  /** 1 Utama, 2 Extra. */
  type: number;
  /** 0 Belum Konfirmasi, 1 Terkonfirmasi. */
  form_status: number;
  /** Jatuh Tempo 'YYYY-MM-DD': the earliest due date of its items still owing (docs/money.md "Due dates and arrears"). */
  due_date: string;
  /** Days past `due_date` on the branch's today while confirmed and owing (Terlambat when above 0), else 0. */
  overdue_days: number;
  /**
   * The student's confirmed, unpaid bills in this department dated up to today (what the Semua Tagihan PDF
   * lists); the list's Semua Tagihan / Riwayat buttons show when it is above 0.
   */
  unsettled_bill_count: number;
  /** 1 when unsettled_bill_count is 0, else 0 (Semua Tagihan on the detail shows when 0). */
  all_payment_status: number;
  student: { id: number; name: string; nis: string };
  department: Named;
  year_of_study: Named;
  yos_periode: { id: number; start_date: string; end_date: string; periode: { name: string } };
  level: Named;
  class: Named;
}

/** `GET /api/student-billing/{id}` and the answer of every write on one bill. */
export interface StudentBillingDetail extends StudentBilling {
  student_billing_items: StudentBillingItem[];
  /** Items removed after a payment named them, oldest removal first (not counted in any total). */
  removed_items: StudentBillingRemovedItem[];
  /** Newest last; voided payments included (is_void). */
  student_billing_payments: StudentBillingPayment[];
}

/** The five totals over the whole filter (not the page), with `with_resume=true`. */
export interface StudentBillingResume {
  sum_total_amount: number;
  sum_total_discount: number;
  sum_total_bail: number;
  sum_total_payment: number;
  sum_total_billing: number;
  /** Bills matching the filter, and how many of them are not confirmed yet. */
  count_bill: number;
  count_unconfirmed: number;
}

/** `GET /api/student-billing`. */
export type StudentBillingListResponse = Paged<StudentBilling> & { resume?: StudentBillingResume };

/** Sort columns of the list (`orderby`, default id; `sort` asc by default). */
export const STUDENT_BILLING_ORDER_FIELDS = [
  'id',
  'bill_number',
  'mm',
  'bill_date',
  'total_billing',
  'due_date',
  'overdue_days',
] as const;

/** A filter id or 'Semua': a number, or `FILTER_ALL` / '' / absent for all. */
export type FilterChoice<T> = T | typeof FILTER_ALL | '' | null | undefined;

/** `GET /api/student-billing` query. Department and year are required; the rest default to 'Semua'. */
export interface StudentBillingListQuery {
  department_id: number;
  year_of_study_id: number;
  yos_periode_id?: FilterChoice<number>;
  level_id?: FilterChoice<number>;
  class_id?: FilterChoice<number>;
  mm?: FilterChoice<string>;
  /** 1 Lunas, 0 Belum Lunas. */
  payment_status?: FilterChoice<0 | 1>;
  /** 1 Utama, 2 Extra. */
  type?: FilterChoice<1 | 2>;
  /** Student name, NIS or bill number contains (any case). */
  q?: string;
  /** Only bills at least this many days late (1 = every Terlambat bill; `OVERDUE_FILTERS`). */
  overdue_min?: FilterChoice<number>;
  page?: number;
  /** 1-100, default 50. */
  limit?: number;
  orderby?: (typeof STUDENT_BILLING_ORDER_FIELDS)[number];
  sort?: 'asc' | 'desc';
  with_resume?: boolean | 'true';
}

/** `GET /api/student-all`: the students of a class for the extra bill form. */
export interface StudentAllQuery {
  department_id: number;
  class_id: number;
  /** 1 active (default). */
  study_status?: number;
}
export interface StudentBrief {
  id: number;
  nis: string;
  name: string;
  department_id: number;
  study_status: number;
}
