/**
 * Paying (docs/validation.md): the pay payloads of one bill, of several bills of one student, and of a
 * prospect's bill (issue 10), with the same lines and fields; the messages the server gives when a payment
 * does not fit the bill, and the Idempotency-Key's form.
 */
import * as v from 'valibot';
import { COUNTER_PTYPES } from '../common';
import { AMOUNT_GIVEN_TOO_SMALL, amountGivenError, type PaymentLine, paymentTotal } from './payment-form';
import { isCalendarDate, moneyField, optionalText, requiredId } from './validators';

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
  ptype: v.picklist(COUNTER_PTYPES, PAYMENT_MESSAGES.ptypeRequired),
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

/** docs/money.md#the-payment-form: the amount given (when sent) is at least the total of the lines. */
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
