/** The query strings of the billing routes: the list, a class's students, the payment history and the PDFs. */
import * as v from 'valibot';
import {
  listQueryEntries,
  optionalQueryDate,
  pageEntries,
  queryChoice,
  queryChoiceId,
  queryFlag,
  requiredQueryId,
} from '../query';
import { BILLING_PAGE_SIZE, PAYMENT_HISTORY_PAGE_SIZE } from './codes';
import { STUDENT_BILLING_ORDER_FIELDS } from './rows';

/** `GET /api/student-billing`: a department's year, narrowed by the other filters, paged. */
export const StudentBillingListQuerySchema = v.object({
  department_id: requiredQueryId('Departemen'),
  year_of_study_id: requiredQueryId('Tahun Ajaran'),
  yos_periode_id: queryChoiceId('Periode KBM'),
  level_id: queryChoiceId('Tingkat'),
  class_id: queryChoiceId('Kelas'),
  mm: queryChoice('Bulan', /^\d{4}-(0[1-9]|1[0-2])$/, String),
  payment_status: queryChoice('Status Pembayaran', /^[01]$/, Number),
  type: queryChoice('Tipe Billing', /^[12]$/, Number),
  // One student's bills (the embedded billing view of another module).
  student_id: queryChoiceId('Siswa'),
  // At least this many days late (docs/money.md "Due dates and arrears").
  overdue_min: queryChoice('Keterlambatan', /^[1-9]\d{0,3}$/, Number),
  ...listQueryEntries(STUDENT_BILLING_ORDER_FIELDS),
  limit: pageEntries(BILLING_PAGE_SIZE).limit,
  with_resume: queryFlag('with_resume harus true atau false', 'false'),
});

/** `GET /api/student-all`: a class's students, active ones unless asked otherwise. */
export const StudentAllQuerySchema = v.object({
  department_id: requiredQueryId('Departemen'),
  class_id: requiredQueryId('Kelas'),
  study_status: v.optional(
    v.pipe(
      v.string('Status siswa tidak valid'),
      v.regex(/^[1-3]$/, 'Status siswa tidak valid'),
      v.transform(Number),
    ),
    '1',
  ),
});

/** `GET /api/student-billing-payment`: a student's payments in a department, paged. */
export const PaymentHistoryQuerySchema = v.object({
  student_id: requiredQueryId('Siswa'),
  department_id: requiredQueryId('Departemen'),
  bill_date_before: optionalQueryDate('bill_date_before'),
  page: listQueryEntries(['id']).page,
  limit: pageEntries(PAYMENT_HISTORY_PAGE_SIZE).limit,
  orderby: v.optional(v.picklist(['id', 'payment_date'], 'Urutan tidak valid'), 'id'),
  sort: v.optional(v.picklist(['asc', 'desc'], 'Arah urutan tidak valid'), 'asc'),
});

/** `GET /api/student-billing-pdf`: a student's bills in a department as one PDF. */
export const BillsPdfQuerySchema = v.object({
  student_id: requiredQueryId('Siswa'),
  department_id: requiredQueryId('Departemen'),
  form_status: v.optional(
    v.pipe(v.picklist(['0', '1'], 'form_status harus 0 atau 1'), v.transform(Number)),
    '1',
  ),
  payment_status: v.optional(
    v.pipe(v.picklist(['0', '1'], 'payment_status harus 0 atau 1'), v.transform(Number)),
    '0',
  ),
  bill_date_before: optionalQueryDate('bill_date_before'),
});
