/**
 * The printed documents (Kuitansi Siswa, Nota Siswa 1 and 2, Kuitansi Calon Siswa): what the receipts remote
 * saves in place (payer name and city) and how the server counts prints (the first is the original, every
 * later one a SALINAN). The documents' data is the payment receipt of billing/print.ts / prospect-billing.ts.
 */
import * as v from 'valibot';
import { optionalText } from './fields';

/** The receipt's in-place fields as typed (the form side of PaymentPayerSchema; empty means the default). */
export const PayerNameField = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(150, 'Nama Pembayar maksimal 150 karakter'),
);
export const PayerCityField = v.pipe(v.string(), v.trim(), v.maxLength(100, 'Kota maksimal 100 karakter'));

/**
 * `POST /api/student-billing-payment-xupdate/{id}` and `POST /api/prospective-billing-payment-xupdate/{id}`:
 * the payer's name and city as the receipt shows them, saved on blur. A field left out is kept; an empty one
 * goes back to the default (the student or prospect's name; the branch's city).
 */
export const PaymentPayerSchema = v.pipe(
  v.object({
    payer_name: v.optional(optionalText('Nama Pembayar', 150)),
    payer_city: v.optional(optionalText('Kota', 100)),
  }),
  v.forward(
    v.check(
      (body) => body.payer_name !== undefined || body.payer_city !== undefined,
      'Isi nama pembayar atau kota',
    ),
    ['payer_name'],
  ),
);
export type PaymentPayerRequest = v.InferInput<typeof PaymentPayerSchema>;

export interface PaymentPayerResponse {
  message: string;
  /** As the receipt now prints them (defaults applied). */
  payer_name: string;
  payer_city: string;
}

/** `POST /api/{student,prospective}-billing-payment-print/{id}` takes no body (an empty object at most). */
export const PaymentPrintSchema = v.strictObject({}, 'Permintaan cetak tidak memerlukan isi');

/** `POST /api/{student,prospective}-billing-payment-print/{id}`: one print recorded. */
export interface PaymentPrintResponse {
  /** Prints of this payment so far, this one included. */
  print_count: number;
  /** True from the second print on: the document says 'SALINAN'. */
  copy: boolean;
}

/** The receipt's marker of one line (docs/screens.md): checked when paid now, or when nothing was ever due on it. */
export function receiptLineChecked(amountPaidNow: number, itemTotalBilling: number): boolean {
  return amountPaidNow > 0 || itemTotalBilling === 0;
}

/** Kembali: the money handed over beyond the total, never negative. */
export function changeGiven(amount: number, handedOver: number): number {
  return Math.max(0, handedOver - amount);
}
