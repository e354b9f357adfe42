/**
 * Charging (Billing Siswa's Buat Billing, docs/screens.md): the main bills of a class-month, or of every
 * class of a level, and what charging did.
 */
import * as v from 'valibot';
import { FeeComponentFilterSchema, filterRequiredMessage } from '../fee-component';
import { FILTER_ALL } from './codes';
import { ChargeInstalmentSchema } from './instalments';

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
  /** Cicilan: one component of the class-month split by a plan for every student charged (optional). */
  instalment: v.optional(ChargeInstalmentSchema),
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
