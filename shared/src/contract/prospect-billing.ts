/**
 * Prospect billing (Billing Peserta PSB, docs/screens.md, docs/data.md, api/ROUTES.md): a prospect's bill, made when the prospect
 * first leaves Pending (api/ROUTES.md "Prospects"), its fee items, its payments and the receipt (Kuitansi Calon
 * Siswa). The money rules and the pay payload are the student bills' (`billing/`: `itemTotals`,
 * `billTotals`, the payment form's rules, `ProspectiveBillingPaySchema`); only the rows differ.
 */
import * as v from 'valibot';
import { type PsbEventStype, STYPE_ADMISSION, STYPE_TRANSFER } from './admissions';
import type {
  BillPaymentBase,
  BillTotals,
  ProspectiveBillingPaySchema,
  StudentBillingPaymentReceipt,
} from './billing';
import type { Named } from './common';
import { documentPath } from './document-paths';
import { listQueryEntries, optionalQueryId, optionalQueryInt } from './query';

/**
 * The two screens of prospects' bills, one per event type: Billing Peserta PSB (admissions) and Billing Peserta
 * Mutasi (transfers), the same list, detail, payment and receipt (Kuitansi Calon Siswa) under their own path.
 */
export const PROSPECT_BILLING_AREAS = {
  [STYPE_ADMISSION]: { path: '/prospective-billing', title: 'Billing Peserta PSB' },
  [STYPE_TRANSFER]: { path: '/mutation-billing', title: 'Billing Peserta Mutasi' },
} as const satisfies Record<PsbEventStype, { path: string; title: string }>;

/** The screen's event type of a bill's `psb_event_stype_id` (an unknown one is an admission's). */
export const prospectBillingStype = (stypeId: number): PsbEventStype =>
  stypeId === STYPE_TRANSFER ? STYPE_TRANSFER : STYPE_ADMISSION;

/** A prospect's bill on its screen. */
export const prospectBillPath = (billId: number, stype: PsbEventStype = STYPE_ADMISSION) =>
  `${PROSPECT_BILLING_AREAS[stype].path}/show/${billId}`;

/** The receipt (Kuitansi Calon Siswa) of a payment: the receipts remote answers this route. */
export const prospectReceiptPath = (
  billId: number,
  paymentId: number,
  stype: PsbEventStype = STYPE_ADMISSION,
) => documentPath({ kind: 'prospect-receipt', billId, paymentId }, stype);

/** Page size of the list (docs/money.md#constants-and-limits: prospective billing 5). */
export const PROSPECTIVE_BILLING_PAGE_SIZE = 5;

/** Sort columns of the list (`orderby`); default id, ascending (docs/money.md#constants-and-limits). */
export const PROSPECTIVE_BILLING_ORDER_FIELDS = [
  'id',
  'bill_number',
  'bill_date',
  'name',
  'reg_number',
  'total_billing',
] as const;
export type ProspectiveBillingOrderField = (typeof PROSPECTIVE_BILLING_ORDER_FIELDS)[number];

/**
 * `GET /api/prospective-billing` query (the prospect list's style). Every filter is optional: absent or empty
 * filters nothing. `yoe` is the prospect's entry year; `stype` the event type (1 PSB, 2 Mutasi).
 */
export interface ProspectiveBillingListQuery {
  deptId?: number;
  psb_event_id?: number;
  /** 1 Lunas, 0 Belum Lunas; absent: both. */
  payment_status?: 0 | 1;
  yoe?: number;
  stype?: 1 | 2;
  /** Prospect name, registration number or bill number contains (any case). */
  q?: string;
  page?: number;
  /** 1-100, default 5. */
  limit?: number;
  orderby?: ProspectiveBillingOrderField;
  sort?: 'asc' | 'desc';
}

/** The list's query as the server reads it (`ProspectiveBillingListQuery`, strings in the query). */
export const ProspectiveBillingListQuerySchema = v.object({
  deptId: optionalQueryId('Departemen'),
  psb_event_id: optionalQueryId('Event'),
  payment_status: optionalQueryInt('Status Pembayaran', 0, 1),
  yoe: optionalQueryInt('Tahun Masuk', 1900, 2100),
  stype: optionalQueryInt('Tipe event', 1, 2),
  ...listQueryEntries(PROSPECTIVE_BILLING_ORDER_FIELDS, PROSPECTIVE_BILLING_PAGE_SIZE),
});

/** A prospect's bill as the list returns it (docs/data.md "Prospective billing"). */
export interface ProspectiveBilling extends BillTotals {
  id: number;
  bill_number: string;
  /** 'YYYY-MM-DD': the day the prospect was billed (payments are dated from it). */
  bill_date: string;
  psb_event_id: number;
  psb_event_stype_id: number;
  department_id: number;
  psb_event_prospective_id: number;
  /** The event type: PSB (1) or Mutasi (2). */
  psb_event_stype: Named;
  department: Named;
  psb_event_prospective: { id: number; name: string; reg_number: string; yoe: number };
  psb_event: { id: number; code: string; name: string };
}

/** A fee on a prospect's bill: the event fee it charges, Wajib or Sumbangan Sukarela, and its totals. */
export interface ProspectiveBillingItem extends BillTotals {
  id: number;
  prospective_billing_id: number;
  psb_event_prospective_fee_id: number;
  psb_event_prospective_fee: { id: number; psb_event_fee: { id: number; code: string; name: string } };
  /** 1 Biaya Wajib, otherwise Sumbangan Sukarela. */
  ftype: number;
  price: number;
  qty: number;
}

/** What one payment paid on one fee of the bill. */
export interface ProspectiveBillingItemPayment {
  id: number;
  prospective_billing_item_id: number;
  /** Paid on this item by this payment (0 for an item listed but not paid this time). */
  amount: number;
  psb_event_fee: { code: string; name: string };
  /** The item as it is now (the receipt's line marker reads its total_billing). */
  prospective_billing_item: {
    id: number;
    total_amount: number;
    total_billing: number;
    payment_status: number;
  };
}

/** A payment of a prospect's bill, as the detail lists it (voided ones included, `is_void`). */
export interface ProspectiveBillingPayment extends BillPaymentBase {
  prospective_billing_id: number;
  psb_event_prospective_id: number;
  prospective_billing_item_payments: ProspectiveBillingItemPayment[];
  prospective_billing: { id: number; bill_number: string; bill_date: string };
}

/** `GET /api/prospective-billing/{id}`: the bill with its fees and its payments (oldest first). */
export interface ProspectiveBillingDetail extends ProspectiveBilling {
  prospective_billing_items: ProspectiveBillingItem[];
  prospective_billing_payments: ProspectiveBillingPayment[];
}

/**
 * `GET /api/ref-prospective-billing-payment/{id}` and the answer of `POST /api/prospective-billing-pay/{id}`:
 * everything the Kuitansi Calon Siswa prints (voided payments too, marked).
 */
export interface ProspectiveBillingPaymentReceipt extends ProspectiveBillingPayment {
  /** The session's branch as receipts print it (the same as the student receipt's). */
  branch: StudentBillingPaymentReceipt['branch'];
  psb_event_prospective: { id: number; name: string; reg_number: string; yoe: number };
  psb_event: { id: number; code: string; name: string };
  psb_event_stype: Named;
  department: Named;
  prospective_billing: ProspectiveBillingPayment['prospective_billing'] & {
    /** The bill now: 1 Lunas. */
    payment_status: number;
    total_amount: number;
    /** What is left to pay on the bill now (the payment's own `total_billing_after` is what was left then). */
    total_billing: number;
  };
}

/** `POST /api/prospective-billing-pay/{id}` body (with an `Idempotency-Key` header). */
export type ProspectiveBillingPayRequest = v.InferInput<typeof ProspectiveBillingPaySchema>;
