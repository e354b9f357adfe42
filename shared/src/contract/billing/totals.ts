/**
 * The money rules of a bill, written down once (whole rupiah, docs/money.md): an item's totals, a bill's
 * totals, what is due, and whether an item's deductions fit its price. The screens use them to display and
 * propose; the server uses the same ones to decide.
 */
import { PAYMENT_STATUS_PAID, PAYMENT_STATUS_UNPAID } from './codes';

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
