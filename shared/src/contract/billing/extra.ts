/**
 * Extra bills (Billing Tambahan, docs/screens.md): the form's messages, its payload and its date range.
 */
import * as v from 'valibot';
import { PLACEMENT_ENTRIES } from '../fee-component';
import { dateField, requiredId } from './validators';

/** The extra bill form's messages (docs/validation.md#billing-forms). */
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
