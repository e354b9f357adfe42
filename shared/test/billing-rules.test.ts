import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_GIVEN_TOO_SMALL,
  amountGivenError,
  billTotals,
  changeOf,
  clampPayAmount,
  defaultPaymentLines,
  itemTotals,
  MAX_MONEY,
  PAYMENT_MESSAGES,
  ProspectiveBillingPaySchema,
  payableItems,
  paymentTotal,
  remainingAfterPayment,
  StudentBillingPaySchema,
  toWholeRupiah,
} from '../src/contract';

const rupiah = fc.integer({ min: 0, max: 50_000_000 });
const item = fc
  .record({
    price: rupiah,
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    qty: fc.integer({ min: 1, max: 50 }),
  })
  .chain(({ price, discountShare, qty }) => {
    const discount = Math.floor(price * discountShare);
    return fc.record({
      price: fc.constant(price),
      discount: fc.constant(discount),
      bail: fc.integer({ min: 0, max: price - discount }),
      qty: fc.constant(qty),
      paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    });
  });

describe('money rules', () => {
  it('an item: totals are unit values times qty, due = gross - discount - bail - paid, never below 0', () => {
    fc.assert(
      fc.property(
        item,
        fc.integer({ min: 0, max: 10_000_000 }),
        ({ price, discount, bail, qty, paidShare }, extra) => {
          const net = (price - discount - bail) * qty;
          const paid = Math.floor(net * paidShare);
          const t = itemTotals({ price, discount, bail, qty, total_payment: paid });
          expect(t.total_amount).toBe(price * qty);
          expect(t.total_discount).toBe(discount * qty);
          expect(t.total_bail).toBe(bail * qty);
          expect(t.amount).toBe(price - discount - bail);
          expect(t.total_billing).toBe(net - paid);
          expect(t.payment_status).toBe(net - paid === 0 ? 1 : 0);
          // Overpaid (never allowed by the server, but the rule holds): due stays 0.
          expect(itemTotals({ price, discount, bail, qty, total_payment: net + extra }).total_billing).toBe(
            0,
          );
        },
      ),
    );
  });

  it('a bill: each total is the sum of its items; Lunas exactly when nothing is due', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        const totals = items.map(({ price, discount, bail, qty, paidShare }) =>
          itemTotals({
            price,
            discount,
            bail,
            qty,
            total_payment: Math.floor((price - discount - bail) * qty * paidShare),
          }),
        );
        const bill = billTotals(totals);
        for (const key of [
          'total_amount',
          'total_discount',
          'total_bail',
          'total_payment',
          'total_billing',
        ] as const) {
          expect(bill[key]).toBe(totals.reduce((s, t) => s + t[key], 0));
        }
        expect(bill.total_billing).toBe(
          bill.total_amount - bill.total_discount - bill.total_bail - bill.total_payment,
        );
        expect(bill.payment_status).toBe(bill.total_billing === 0 ? 1 : 0);
      }),
    );
  });
});

describe('payment form rules', () => {
  it('an amount is whole rupiah: non-numeric and negative are 0, fractions dropped', () => {
    expect(toWholeRupiah('abc')).toBe(0);
    expect(toWholeRupiah('')).toBe(0);
    expect(toWholeRupiah(undefined)).toBe(0);
    expect(toWholeRupiah(Number.NaN)).toBe(0);
    expect(toWholeRupiah(-5000)).toBe(0);
    expect(toWholeRupiah('-5000')).toBe(0);
    expect(toWholeRupiah(1500.75)).toBe(1500);
    expect(toWholeRupiah('150000')).toBe(150_000);
    expect(toWholeRupiah('150.000')).toBe(150_000);
    expect(toWholeRupiah('Rp 1.250.000')).toBe(1_250_000);
    expect(toWholeRupiah(Number.POSITIVE_INFINITY)).toBe(0);
    expect(toWholeRupiah(1e30)).toBe(MAX_MONEY);
  });

  it('a pay amount is capped at what is due and never negative', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.string()), rupiah, (raw, due) => {
        const amount = clampPayAmount(raw, due);
        expect(Number.isInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
        expect(amount).toBeLessThanOrEqual(due);
      }),
    );
    expect(clampPayAmount(900_000, 250_000)).toBe(250_000);
  });

  it('defaults each payable item to its due; hides items with nothing due; totals and change', () => {
    const items = [
      { id: 1, total_billing: 250_000 },
      { id: 2, total_billing: 0 },
      { id: 3, total_billing: 75_000 },
    ];
    expect(payableItems(items).map((i) => i.id)).toEqual([1, 3]);
    const lines = defaultPaymentLines(items);
    expect(lines).toEqual([
      { id: 1, payment_amount: 250_000 },
      { id: 3, payment_amount: 75_000 },
    ]);
    expect(paymentTotal(lines)).toBe(325_000);
    expect(remainingAfterPayment(325_000, 100_000)).toBe(225_000);
    expect(remainingAfterPayment(100_000, 325_000)).toBe(0);
    expect(amountGivenError(300_000, 325_000)).toBe(AMOUNT_GIVEN_TOO_SMALL);
    expect(amountGivenError(325_000, 325_000)).toBeUndefined();
    expect(changeOf(350_000, 325_000)).toBe(25_000);
  });

  it('the pay schema: spec message for too little money, whole numbers, no duplicates, something to pay', () => {
    const base = { student_billing_items: [{ id: 1, payment_amount: 100_000 }], ptype: 1 };
    const messages = (input: unknown) =>
      v.safeParse(StudentBillingPaySchema, input).issues?.map((issue) => issue.message) ?? [];
    expect(messages({ ...base, total_amount_payment_paid: 100_000 })).toEqual([]);
    expect(messages({ ...base, total_amount_payment_paid: 99_999 })).toEqual([AMOUNT_GIVEN_TOO_SMALL]);
    expect(messages({ ...base, student_billing_items: [{ id: 1, payment_amount: 0 }] })).toEqual([
      PAYMENT_MESSAGES.totalZero,
    ]);
    expect(messages({ ...base, student_billing_items: [] })).toContain(PAYMENT_MESSAGES.itemsRequired);
    expect(
      messages({
        ...base,
        student_billing_items: [
          { id: 1, payment_amount: 1 },
          { id: 1, payment_amount: 2 },
        ],
      }),
    ).toEqual([PAYMENT_MESSAGES.duplicateItem]);
    expect(messages({ ...base, student_billing_items: [{ id: 1, payment_amount: 1.5 }] })).toEqual([
      'Jumlah bayar harus bilangan bulat',
    ]);
    expect(messages({ ...base, ptype: 9 })).toEqual([PAYMENT_MESSAGES.ptypeRequired]);
    expect(messages({ ...base, payment_date: '2026-02-30' })).toEqual([PAYMENT_MESSAGES.dateInvalid]);
    // The prospect side: the same rules, lines under prospective_billing_items.
    const prospect = v.safeParse(ProspectiveBillingPaySchema, {
      prospective_billing_items: [{ id: 1, payment_amount: 100_000 }],
      ptype: 1,
      total_amount_payment_paid: 1,
    });
    expect(prospect.issues?.map((issue) => issue.message)).toEqual([AMOUNT_GIVEN_TOO_SMALL]);
  });
});
