/**
 * Confirming bills (Konfirmasi): many at once over the list's filter, or one bill confirmed or its
 * confirmation withdrawn (which voids its payments).
 */
import * as v from 'valibot';
import {
  BILL_TYPE_EXTRA,
  BILL_TYPE_MAIN,
  FILTER_ALL,
  FORM_STATUS_CONFIRMED,
  FORM_STATUS_UNCONFIRMED,
} from './codes';
import { MONTH_PATTERN, optionalFilterId, optionalText, requiredId } from './validators';

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
