/**
 * The items of an unconfirmed bill: added, edited inline (price, discount, bail, qty) and removed; and the
 * answer of every write on one bill.
 */
import * as v from 'valibot';
import { FeePriceSchema, MAX_PRICE } from '../fee-component';
import { MAX_QTY } from './codes';
import type { StudentBillingDetail } from './rows';
import { moneyField, optionalText, requiredId } from './validators';

/** `DELETE /api/student-billing-item/{id}?reason=`: why, kept when a voided payment names the item. */
export const StudentBillingItemRemoveSchema = v.object({
  reason: optionalText('Alasan', 500),
});

/** Every write on one bill answers its message (docs/validation.md) and the bill as it now is. */
export interface StudentBillingWriteResponse {
  message: string;
  data: StudentBillingDetail;
}

/**
 * `POST /api/student-billing-item`: add a component to an unconfirmed bill. Other modules' payload also carries
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
