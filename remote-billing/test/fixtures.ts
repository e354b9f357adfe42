import type { OnlineCharge } from '@keuangan/shared';
import {
  billTotals,
  itemTotals,
  type Paged,
  type StudentBilling,
  type StudentBillingDetail,
  type StudentBillingItem,
  type StudentBillingPayment,
} from '@keuangan/shared';
import { afterEach, beforeEach, vi } from 'vitest';

/** A bill item with its totals computed by the contract's rule. */
export function makeItem(
  id: number,
  name: string,
  price: number,
  paid = 0,
  overrides: Partial<StudentBillingItem> = {},
): StudentBillingItem {
  const base = { price, discount: 0, bail: 0, qty: 1, total_payment: paid, ...overrides };
  return {
    id,
    client_id: 1,
    branch_id: 1,
    department_id: 1,
    student_id: 50,
    student_billing_id: 500,
    student_fee_component_id: 900 + id,
    fee_type_id: id,
    ftype: 1,
    student_fee_component: { id: 900 + id, name, mm: '2026-08', fee_type: { name } },
    fee_type: { name },
    has_payments: paid > 0,
    due_date: '2026-08-10',
    discount_rule_id: null,
    discount_rule: null,
    ...base,
    ...itemTotals(base),
    ...overrides,
  };
}

/** A payment of bill 500. */
export function makePayment(
  id: number,
  amount: number,
  overrides: Partial<StudentBillingPayment> = {},
): StudentBillingPayment {
  return {
    id,
    student_billing_id: 500,
    student_id: 50,
    payment_number: `PAY-${id}`,
    payment_date: '2026-08-03',
    amount,
    total_amount_payment_paid: amount,
    change: 0,
    total_billing_after: 0,
    print_count: 0,
    first_printed_at: null,
    ptype: 1,
    payer_name: 'Budi Santoso',
    payer_city: null,
    note: null,
    created_at: '2026-08-03T03:00:00.000Z',
    created_by: { id: 7, name: 'Siti Rahmawati' },
    cashier_name: null,
    student_billing_item_payments: [],
    student_billing: { id: 500, bill_number: 'BL-0500', bill_date: '2026-08-01', mm: '2026-08', type: 1 },
    is_void: false,
    voided_at: null,
    voided_by: null,
    void_reason: null,
    ...overrides,
  };
}

/** Bill 500 of Budi Santoso, August 2026, with these items. */
export function makeBill(
  items: StudentBillingItem[],
  overrides: Partial<StudentBillingDetail> = {},
): StudentBillingDetail {
  return {
    id: 500,
    client_id: 1,
    branch_id: 1,
    bill_number: 'BL-0500',
    student_id: 50,
    department_id: 1,
    year_of_study_id: 11,
    yos_periode_id: 111,
    level_id: 101,
    class_id: 1001,
    mm: '2026-08',
    bill_date: '2026-08-01',
    type: 1,
    form_status: 1,
    due_date: '2026-08-10',
    overdue_days: 0,
    unsettled_bill_count: 1,
    all_payment_status: 0,
    student: { id: 50, name: 'Budi Santoso', nis: '2026001' },
    department: { id: 1, name: 'SD' },
    year_of_study: { id: 11, name: '2026/2027' },
    yos_periode: {
      id: 111,
      start_date: '2026-07-01',
      end_date: '2026-12-31',
      periode: { name: 'Semester Ganjil' },
    },
    level: { id: 101, name: 'Kelas 1' },
    class: { id: 1001, name: '1A' },
    student_billing_items: items,
    removed_items: [],
    student_billing_payments: [],
    ...billTotals(items),
    ...overrides,
  };
}

/** A list row from a bill. */
export function listRow(bill: StudentBillingDetail): StudentBilling {
  const {
    student_billing_items: _items,
    student_billing_payments: _payments,
    removed_items: _removed,
    ...row
  } = bill;
  return row;
}

export function paged<T>(data: T[], perPage = 50): Paged<T> {
  return {
    data,
    current_page: 1,
    last_page: 1,
    per_page: perPage,
    from: data.length ? 1 : null,
    total: data.length,
  };
}

/** An online charge as the API answers it: a pending BCA VA for bill 7 unless `over` says otherwise. */
export const makeOnlineCharge = (over: Partial<OnlineCharge> = {}): OnlineCharge => ({
  id: 1,
  order_id: 'KEU1-A-0001',
  student_billing_id: 7,
  student_id: 3,
  provider: 'midtrans',
  channel: 'bca_va',
  amount: 500_000,
  items: [{ id: 11, amount: 500_000 }],
  va_number: '123400000001',
  bill_key: null,
  qr_string: null,
  expires_at: '2026-11-28T10:00:00.000Z',
  status: 'pending',
  provider_charge_id: 'trx-1',
  provider_transaction_id: null,
  paid_amount: null,
  fee_amount: null,
  student_billing_payment_id: null,
  flagged: false,
  flag_reason: null,
  created_at: '2026-11-27T10:00:00.000Z',
  student_billing_ids: [over.student_billing_id ?? 7],
  ...over,
});

/**
 * The charges above are made on 27 November 2026 and expire the next day at 17.00 WIB: a test that shows one as open
 * runs on that day's clock (only `Date` is set; timers stay real), never on the machine's.
 */
export function onChargeDay() {
  beforeEach(() => {
    vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
