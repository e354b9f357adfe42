/**
 * Student billing and payments (Billing Siswa, docs/screens.md, docs/data.md, docs/validation.md, docs/roles.md, api/ROUTES.md, docs/money.md#constants-and-limits): the rows the API returns, the schemas of
 * every validated payload (the screens and the server share them, so the messages cannot drift), and the
 * money rules written down once: an item's totals, a bill's totals, what is due, and the payment form's rules.
 * The screens use these functions to display and propose; the server uses the same ones to decide.
 * Prospect billing (issue 10) reuses the payment rules and the pay payload's shape.
 */
import * as v from 'valibot';
import type { Paged } from './common';
import {
  FeeComponentFilterSchema,
  FeePriceSchema,
  filterRequiredMessage,
  MAX_PRICE,
  PLACEMENT_ENTRIES,
} from './fee-component';
import { MAX_MONEY, toWholeRupiah } from './money';

// ---------------------------------------------------------------------------------------------------------
// Codes and limits

/** Bill type: 1 main (Utama, one per student and month, made by charging), 2 extra (Billing Tambahan). */
export const BILL_TYPE_MAIN = 1;
export const BILL_TYPE_EXTRA = 2;
/** form_status: 0 Belum Konfirmasi (items editable, no payments), 1 Terkonfirmasi (payable, items frozen). */
export const FORM_STATUS_UNCONFIRMED = 0;
export const FORM_STATUS_CONFIRMED = 1;
/** payment_status: 1 Lunas (nothing left to pay), 0 Belum Lunas. */
export const PAYMENT_STATUS_PAID = 1;
export const PAYMENT_STATUS_UNPAID = 0;

/** A list filter's 'Semua' value (the shared cascade filter's `ALL`); absent or '' means the same. */
export const FILTER_ALL = 'all';

/** Page sizes of docs/money.md#constants-and-limits: the billing list 50, the payment history 5. */
export const BILLING_PAGE_SIZE = 50;
export const PAYMENT_HISTORY_PAGE_SIZE = 5;

/** Quantity of one bill item: at least 1 (an added item starts at 1), at most this. */
export const MAX_QTY = 1000;

/** Why a bill's payments were voided when its confirmation was withdrawn, unless the caller says more. */
export const DEFAULT_VOID_REASON = 'Konfirmasi billing dibatalkan';
/** Why an item a voided payment names was removed from its bill, unless the caller says more. */
export const DEFAULT_ITEM_REMOVAL_REASON = 'Komponen dihapus dari billing';

// ---------------------------------------------------------------------------------------------------------
// The money rules (whole rupiah)

/** What decides an item's totals: per-unit price, discount and bail (ditanggung), the quantity, and what was paid. */
export interface ItemMoneyInput {
  price: number;
  discount: number;
  bail: number;
  qty: number;
  /** Sum of the item's payments that are not voided. */
  total_payment: number;
}

export interface ItemTotals {
  /** Net unit price: price - discount - bail. */
  amount: number;
  /** price x qty */
  total_amount: number;
  /** discount x qty */
  total_discount: number;
  /** bail x qty */
  total_bail: number;
  total_payment: number;
  /** What is still due: total_amount - total_discount - total_bail - total_payment, never below 0. */
  total_billing: number;
  /** 1 Lunas when nothing is due. */
  payment_status: number;
}

/** The money columns of a bill, and of each of its items. */
export interface BillTotals {
  total_amount: number;
  total_discount: number;
  total_bail: number;
  total_payment: number;
  total_billing: number;
  payment_status: number;
}

/** What is due of a gross amount after discount, bail and payments; never below 0. */
export const dueOf = (totalAmount: number, totalDiscount: number, totalBail: number, totalPayment: number) =>
  Math.max(0, totalAmount - totalDiscount - totalBail - totalPayment);

/** Paid (Lunas) when nothing is due. */
export const paymentStatusOf = (totalBilling: number) =>
  totalBilling <= 0 ? PAYMENT_STATUS_PAID : PAYMENT_STATUS_UNPAID;

/** An item's totals from its price, discount, bail, quantity and payments. */
export function itemTotals({ price, discount, bail, qty, total_payment }: ItemMoneyInput): ItemTotals {
  const total_amount = price * qty;
  const total_discount = discount * qty;
  const total_bail = bail * qty;
  const total_billing = dueOf(total_amount, total_discount, total_bail, total_payment);
  return {
    amount: price - discount - bail,
    total_amount,
    total_discount,
    total_bail,
    total_payment,
    total_billing,
    payment_status: paymentStatusOf(total_billing),
  };
}

/** A bill's totals: the sums of its items' totals; Lunas when nothing is due. */
export function billTotals(items: readonly Omit<BillTotals, 'payment_status'>[]): BillTotals {
  const sum = (key: keyof Omit<BillTotals, 'payment_status'>) =>
    items.reduce((total, item) => total + item[key], 0);
  const total_billing = sum('total_billing');
  return {
    total_amount: sum('total_amount'),
    total_discount: sum('total_discount'),
    total_bail: sum('total_bail'),
    total_payment: sum('total_payment'),
    total_billing,
    payment_status: paymentStatusOf(total_billing),
  };
}

/** The message when discount and bail together exceed the price (an item's net price would be negative). */
export const DEDUCTIONS_EXCEED_PRICE = 'Diskon dan Ditanggung tidak boleh melebihi Biaya';

/** Whether a price, discount and bail make a valid item: the deductions never exceed the price. */
export const deductionsFit = (item: { price: number; discount: number; bail: number }) =>
  item.discount + item.bail <= item.price;

// ---------------------------------------------------------------------------------------------------------
// The payment form's rules (docs/validation.md), shared by the student and prospect forms and checked again by the server

/** Spec §5: the amount given must be at least the total to pay. */
export const AMOUNT_GIVEN_TOO_SMALL =
  'Mohon masukkan nilai uang yang lebih besar atau sama dengan Total Bayar.';

/** An item's pay amount as the form keeps it: whole rupiah, never negative, never above what is due. */
export const clampPayAmount = (raw: unknown, due: number): number =>
  Math.min(toWholeRupiah(raw), Math.max(0, due));

/** The items the payment form offers: those with something due (items with total_billing <= 0 are hidden). */
export const payableItems = <T extends { total_billing: number }>(items: readonly T[]): T[] =>
  items.filter((item) => item.total_billing > 0);

/** One line of a payment: the item and what is paid on it. */
export interface PaymentLine {
  id: number;
  payment_amount: number;
}

/** The form's starting lines: every payable item, each defaulting to what is due on it. */
export const defaultPaymentLines = (items: readonly { id: number; total_billing: number }[]): PaymentLine[] =>
  payableItems(items).map((item) => ({ id: item.id, payment_amount: item.total_billing }));

/** Total Bayar: the sum of the lines. */
export const paymentTotal = (lines: readonly { payment_amount: number }[]): number =>
  lines.reduce((sum, line) => sum + line.payment_amount, 0);

/** Sisa Tagihan Jika Sudah Dibayar: the bill's due minus the total to pay, never below 0. */
export const remainingAfterPayment = (totalBilling: number, totalPay: number): number =>
  Math.max(0, totalBilling - totalPay);

/** The amount-given rule: the spec's message when it is below the total, otherwise undefined. */
export const amountGivenError = (given: number, total: number): string | undefined =>
  given < total ? AMOUNT_GIVEN_TOO_SMALL : undefined;

/** Kembali (change): the amount given minus the total paid. */
export const changeOf = (given: number, total: number): number => given - total;

// ---------------------------------------------------------------------------------------------------------
// Rows the API returns

export interface Named {
  id: number;
  name: string;
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
}

/** A payment as the bill detail and the payment history list it. */
export interface StudentBillingPayment extends BillPaymentBase {
  student_billing_id: number;
  student_id: number;
  student_billing_item_payments: StudentBillingItemPayment[];
  /** The bill it paid (the history shows the month 'MMMM YYYY' of bill_date). */
  student_billing: { id: number; bill_number: string; bill_date: string; mm: string; type: number };
}

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

// ---------------------------------------------------------------------------------------------------------
// Validated payloads

const requiredId = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export const isCalendarDate = (text: string): boolean => {
  if (!DATE_PATTERN.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

const dateField = (required: string, invalid: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.check((text) => text === '' || isCalendarDate(text), invalid),
  );

/** Whole rupiah, 0 or more, with the field's label in every message. */
const moneyField = (label: string, max = MAX_MONEY) =>
  v.pipe(
    v.number(`${label} tidak boleh kosong`),
    v.integer(`${label} harus bilangan bulat`),
    v.minValue(0, `${label} tidak boleh kurang dari 0`),
    v.maxValue(max, `${label} terlalu besar`),
  );

/** Optional free text: trimmed, empty is null, at most `max` characters. */
const optionalText = (label: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${label} tidak valid`),
        v.trim(),
        v.maxLength(max, `${label} maksimal ${max} karakter`),
        v.transform((text) => text || null),
      ),
    ),
    null,
  );

/** A filter choice in a JSON body: an id, or 'Semua' (`FILTER_ALL`, '', null, absent) as undefined. */
const optionalFilterId = (message: string) =>
  v.optional(
    v.pipe(
      v.union(
        [v.pipe(v.number(), v.integer(), v.minValue(1)), v.picklist([FILTER_ALL, '']), v.null()],
        message,
      ),
      v.transform((value) => (typeof value === 'number' ? value : undefined)),
    ),
  );

/**
 * `POST /api/student-billing-batch`: charge a class-month (the fee component list's six filters), or every
 * class of the level in the month with `class_id: FILTER_ALL` (the Kelas filter's 'Semua').
 */
export const StudentBillingBatchSchema = v.object({
  ...FeeComponentFilterSchema.entries,
  class_id: v.union(
    [FeeComponentFilterSchema.entries.class_id, v.literal(FILTER_ALL)],
    filterRequiredMessage('class_id'),
  ),
});
export type StudentBillingBatchRequest = v.InferInput<typeof StudentBillingBatchSchema>;
export type StudentBillingBatch = v.InferOutput<typeof StudentBillingBatchSchema>;

/** What charging did: for the whole request, and per class in `classes`. */
export interface StudentBillingChargeCounts {
  /** Active students of the class(es). */
  students: number;
  created: number;
  updated: number;
  /** Already billed and complete, confirmed (not changed), or with nothing left to charge. */
  skipped: number;
  /** Items added, in new and in updated bills. */
  items_added: number;
}

/** One class of a charge: its counts, and how many components the class has in the month (0: not charged). */
export interface StudentBillingChargeClass extends StudentBillingChargeCounts {
  class_id: number;
  class_name: string;
  components: number;
}

/** Bills created, unconfirmed main bills given the components they lacked, students skipped; per class. */
export interface StudentBillingBatchResponse extends StudentBillingChargeCounts {
  message: string;
  /** One row per class charged (one for a class, every class of the level for 'Semua'), by class name. */
  classes: StudentBillingChargeClass[];
}

/** `POST /api/student-billing-update-form-status`: confirm every unconfirmed bill matching the filter. */
export const StudentBillingConfirmSchema = v.object({
  department_id: requiredId('Departemen Tidak Boleh Kosong'),
  year_of_study_id: requiredId('Tahun Ajaran Tidak Boleh Kosong'),
  yos_periode_id: optionalFilterId('Periode KBM tidak valid'),
  level_id: optionalFilterId('Tingkat tidak valid'),
  class_id: optionalFilterId('Kelas tidak valid'),
  mm: v.optional(
    v.pipe(
      v.union(
        [v.pipe(v.string(), v.regex(MONTH_PATTERN)), v.picklist([FILTER_ALL, '']), v.null()],
        'Bulan tidak valid',
      ),
      v.transform((value) => (value && value !== FILTER_ALL ? value : undefined)),
    ),
  ),
  type: v.optional(
    v.pipe(
      v.union(
        [v.picklist([BILL_TYPE_MAIN, BILL_TYPE_EXTRA]), v.picklist([FILTER_ALL, '']), v.null()],
        'Tipe Billing tidak valid',
      ),
      v.transform((value) => (typeof value === 'number' ? value : undefined)),
    ),
  ),
  /** The list's search as shown (student name, NIS or bill number): only the bills it finds. */
  q: v.optional(
    v.pipe(v.string('Pencarian tidak valid'), v.trim(), v.maxLength(100, 'Pencarian terlalu panjang')),
  ),
  /** The bills ticked in the list: only these (still within the filter and the branch). */
  ids: v.optional(
    v.pipe(
      v.array(requiredId('Billing tidak valid'), 'Billing yang dipilih tidak valid'),
      v.minLength(1, 'Pilih minimal satu billing'),
      v.maxLength(500, 'Paling banyak 500 billing sekaligus'),
    ),
  ),
  /** true: only count what would be confirmed (for the confirmation's wording), change nothing. */
  dry_run: v.optional(v.boolean('dry_run harus true atau false'), false),
});
export type StudentBillingConfirmRequest = v.InferInput<typeof StudentBillingConfirmSchema>;
export interface StudentBillingConfirmResponse {
  message: string;
  /** Bills confirmed (or, with dry_run, that would be). */
  confirmed: number;
}

/** `POST /api/student-billing-xupdate/{id}`: confirm (1) or withdraw the confirmation (0, voids the payments). */
export const StudentBillingXUpdateSchema = v.object({
  field: v.literal('form_status', 'Kolom yang diubah harus form_status'),
  value: v.picklist([FORM_STATUS_UNCONFIRMED, FORM_STATUS_CONFIRMED], 'Status konfirmasi harus 0 atau 1'),
  /** Why the payments are voided (unconfirming only); default `DEFAULT_VOID_REASON`. */
  void_reason: optionalText('Alasan', 500),
});
export type StudentBillingXUpdateRequest = v.InferInput<typeof StudentBillingXUpdateSchema>;

/** `DELETE /api/student-billing-item/{id}?reason=`: why, kept when a voided payment names the item. */
export const StudentBillingItemRemoveSchema = v.object({
  reason: optionalText('Alasan', 500),
});

/** Every write on one bill answers its message (docs/validation.md) and the bill as it now is. */
export interface StudentBillingWriteResponse {
  message: string;
  data: StudentBillingDetail;
}

/** Spec §5 messages of the extra bill form. */
export const EXTRA_BILL_MESSAGES = {
  dateRequired: 'Tanggal Tidak Boleh Kosong',
  componentsRequired: 'Komponen Harus Dipilih',
  studentsRequired: 'Siswa Harus Dipilih',
  dateTooEarly: 'Tanggal tidak boleh sebelum tanggal 2 bulan yang dipilih',
  dateTooLate: 'Tanggal tidak boleh melewati akhir Periode KBM',
} as const;

/** `POST /api/student-billing-extra`: one unconfirmed extra bill per chosen student, one item per component. */
export const StudentBillingExtraSchema = v.object({
  ...PLACEMENT_ENTRIES,
  bill_date: dateField(EXTRA_BILL_MESSAGES.dateRequired, 'Tanggal tidak valid'),
  student_fee_components: v.pipe(
    v.array(requiredId('Komponen tidak valid'), EXTRA_BILL_MESSAGES.componentsRequired),
    v.minLength(1, EXTRA_BILL_MESSAGES.componentsRequired),
    v.maxLength(100, 'Maksimal 100 komponen sekaligus'),
  ),
  students: v.pipe(
    v.array(requiredId('Siswa tidak valid'), EXTRA_BILL_MESSAGES.studentsRequired),
    v.minLength(1, EXTRA_BILL_MESSAGES.studentsRequired),
    v.maxLength(500, 'Maksimal 500 siswa sekaligus'),
  ),
});
export type StudentBillingExtraRequest = v.InferInput<typeof StudentBillingExtraSchema>;
export interface StudentBillingExtraResponse {
  message: string;
  created: number;
  /** The new bills' ids, in the order of `students`. */
  ids: number[];
}

/** Extra bill dates (docs/validation.md): from the 2nd of the chosen month to the end of the chosen period. */
export const extraBillDateRange = (mm: string, periodEndDate: string) => ({
  min: `${mm}-02`,
  max: periodEndDate,
});

/**
 * `POST /api/student-billing-item`: add a component to an unconfirmed bill. The spec's payload also carries
 * client, branch, department, student, fee type, ftype and totals: the server takes those from the bill and
 * the component and computes the totals itself, so they are accepted and ignored.
 */
export const StudentBillingItemCreateSchema = v.object({
  student_billing_id: requiredId('Billing tidak boleh kosong'),
  student_fee_component_id: requiredId('Komponen tidak boleh kosong'),
  /** Default: the component's price. */
  price: v.optional(FeePriceSchema),
  /** Default 1. */
  qty: v.optional(
    v.pipe(
      v.number('Qty tidak boleh kosong'),
      v.integer('Qty harus bilangan bulat'),
      v.minValue(1, 'Qty minimal 1'),
      v.maxValue(MAX_QTY, `Qty maksimal ${MAX_QTY}`),
    ),
  ),
});
export type StudentBillingItemCreateRequest = v.InferInput<typeof StudentBillingItemCreateSchema> &
  Record<string, unknown>;

/** The values of a bill item edited inline, each with its rule (the screens check them before sending). */
export const BILL_ITEM_FIELD_SCHEMAS = {
  price: FeePriceSchema,
  discount: moneyField('Diskon', MAX_PRICE),
  bail: moneyField('Ditanggung', MAX_PRICE),
  qty: v.pipe(
    v.number('Qty tidak boleh kosong'),
    v.integer('Qty harus bilangan bulat'),
    v.minValue(1, 'Qty minimal 1'),
    v.maxValue(MAX_QTY, `Qty maksimal ${MAX_QTY}`),
  ),
} as const;
export type BillItemField = keyof typeof BILL_ITEM_FIELD_SCHEMAS;

/** `POST /api/student-billing-item-xupdate/{id}`: one of price, discount, bail, qty edited inline. */
export const StudentBillingItemXUpdateSchema = v.variant(
  'field',
  [
    v.object({ field: v.literal('price'), value: BILL_ITEM_FIELD_SCHEMAS.price }),
    v.object({ field: v.literal('discount'), value: BILL_ITEM_FIELD_SCHEMAS.discount }),
    v.object({ field: v.literal('bail'), value: BILL_ITEM_FIELD_SCHEMAS.bail }),
    v.object({ field: v.literal('qty'), value: BILL_ITEM_FIELD_SCHEMAS.qty }),
  ],
  'Kolom yang diubah harus price, discount, bail atau qty',
);
export type StudentBillingItemXUpdateRequest = v.InferInput<typeof StudentBillingItemXUpdateSchema>;

/** Messages of a payment the form cannot know are wrong (the server checks them against the bill). */
export const PAYMENT_MESSAGES = {
  itemsRequired: 'Komponen yang dibayar tidak boleh kosong',
  totalZero: 'Total Bayar harus lebih dari 0',
  duplicateItem: 'Komponen tidak boleh dibayar dua kali dalam satu pembayaran',
  ptypeRequired: 'Tipe Pembayaran Tidak Boleh Kosong',
  dateInvalid: 'Tanggal Bayar tidak valid',
  dateBeforeBill: 'Tanggal Bayar tidak boleh sebelum tanggal billing',
  dateInFuture: 'Tanggal Bayar tidak boleh melewati hari ini',
  notConfirmed: 'Billing belum dikonfirmasi sehingga belum dapat dibayar',
  alreadyPaid: 'Billing sudah lunas',
  itemNotOnBill: 'Komponen yang dibayar tidak terdapat pada billing ini',
  /** Followed by the component's name and what is due on it. */
  exceedsDue: 'Jumlah bayar melebihi sisa tagihan',
  keyReused: 'Idempotency-Key sudah dipakai untuk pembayaran lain',
  billsRequired: 'Billing yang dibayar tidak boleh kosong',
  billsOfOneOwner:
    'Billing yang dibayar bersama harus milik satu siswa pada departemen dan tahun ajaran yang sama',
  keyInvalid: 'Idempotency-Key tidak valid (1-100 karakter huruf, angka, - _ . :)',
} as const;

/** The Idempotency-Key header's allowed form (the screens send a UUID). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

const payLine = v.object({
  id: requiredId('Komponen tidak valid'),
  payment_amount: moneyField('Jumlah bayar'),
});

/** The lines of a payment: each item once, whole rupiah, at least one above 0. */
const payLines = v.pipe(
  v.array(payLine, PAYMENT_MESSAGES.itemsRequired),
  v.minLength(1, PAYMENT_MESSAGES.itemsRequired),
  v.maxLength(200, 'Maksimal 200 komponen sekaligus'),
  v.check(
    (lines) => new Set(lines.map((line) => line.id)).size === lines.length,
    PAYMENT_MESSAGES.duplicateItem,
  ),
  // Only once the lines are otherwise valid: an empty list or a negative amount has its own message.
  v.check(
    (lines) => lines.length === 0 || lines.some((l) => !(l.payment_amount >= 0)) || paymentTotal(lines) > 0,
    PAYMENT_MESSAGES.totalZero,
  ),
);

/** The fields of a pay request besides its lines (the same for students and prospects). */
const payFields = {
  /** Uang yang dibayarkan (Bayar); absent = exactly the total (no change). */
  total_amount_payment_paid: v.optional(moneyField('Jumlah uang')),
  ptype: v.picklist([1, 2, 3, 4, 5, 6], PAYMENT_MESSAGES.ptypeRequired),
  /** Keterangan; only kept when ptype is not 1 (Cash), where the form hides it. */
  note: optionalText('Keterangan', 500),
  /** Nama Pembayar; empty = the student's (or prospect's) name. */
  payer_name: optionalText('Nama Pembayar', 150),
  /** Tanggal Bayar 'YYYY-MM-DD'; absent = today. From the bill's date up to today (checked by the server). */
  payment_date: v.optional(
    v.nullable(
      v.pipe(
        v.string(PAYMENT_MESSAGES.dateInvalid),
        v.trim(),
        v.check(isCalendarDate, PAYMENT_MESSAGES.dateInvalid),
      ),
    ),
    null,
  ),
};

/** Spec §5: the amount given (when sent) is at least the total of the lines. */
const givenCoversTotal = (lines: readonly PaymentLine[], given: number | undefined) =>
  given === undefined || amountGivenError(given, paymentTotal(lines)) === undefined;

/**
 * `POST /api/student-billing-pay/{id}`: the items and what is paid on each, the amount given (at least the
 * total, docs/validation.md), the payment type, note, payer and date. Whole rupiah.
 */
export const StudentBillingPaySchema = v.pipe(
  v.object({ student_billing_items: payLines, ...payFields }),
  v.forward(
    v.check(
      (i) => givenCoversTotal(i.student_billing_items, i.total_amount_payment_paid),
      AMOUNT_GIVEN_TOO_SMALL,
    ),
    ['total_amount_payment_paid'],
  ),
);
/** The most bills one payment may pay: a school year of monthly bills and a few extra ones. */
export const MAX_BILLS_PER_PAYMENT = 24;

/**
 * `POST /api/student-billing-pay`: one payment of several bills of one student (same department and year): one
 * number, one receipt, one Idempotency-Key; `student-billing-pay/{id}` is this call with one bill. The lines
 * name items of these bills.
 */
export const StudentBillingPayManySchema = v.pipe(
  v.object({
    student_billing_ids: v.pipe(
      v.array(requiredId('Billing yang dibayar tidak valid')),
      v.minLength(1, PAYMENT_MESSAGES.billsRequired),
      v.maxLength(
        MAX_BILLS_PER_PAYMENT,
        `Paling banyak ${MAX_BILLS_PER_PAYMENT} billing dalam satu pembayaran`,
      ),
      v.check((ids) => new Set(ids).size === ids.length, 'Billing tidak boleh disebut dua kali'),
    ),
    student_billing_items: payLines,
    ...payFields,
  }),
  v.forward(
    v.check(
      (i) => givenCoversTotal(i.student_billing_items, i.total_amount_payment_paid),
      AMOUNT_GIVEN_TOO_SMALL,
    ),
    ['total_amount_payment_paid'],
  ),
);
export type StudentBillingPayManyRequest = v.InferInput<typeof StudentBillingPayManySchema>;

/** `POST /api/prospective-billing-pay/{id}` (issue 10): the same rules, lines under `prospective_billing_items`. */
export const ProspectiveBillingPaySchema = v.pipe(
  v.object({ prospective_billing_items: payLines, ...payFields }),
  v.forward(
    v.check(
      (i) => givenCoversTotal(i.prospective_billing_items, i.total_amount_payment_paid),
      AMOUNT_GIVEN_TOO_SMALL,
    ),
    ['total_amount_payment_paid'],
  ),
);
export type StudentBillingPayRequest = v.InferInput<typeof StudentBillingPaySchema>;
export type StudentBillingPayPayload = v.InferOutput<typeof StudentBillingPaySchema>;
