/** The query strings of the billing routes: the list, a class's students, the payment history and the PDFs. */
import {
  BILLING_PAGE_SIZE,
  isCalendarDate,
  PAYMENT_HISTORY_PAGE_SIZE,
  queryChoice,
  queryChoiceId,
  requiredQueryId,
  STUDENT_BILLING_ORDER_FIELDS,
} from '@keuangan/shared/contract';
import * as v from 'valibot';
import { containsPattern, listQueryEntries } from '../../lib/paging';
import { scopeValues, type ZonedScope } from '../../lib/scope';
import { todayIn } from '../../lib/time';
import { LIST_FILTERS, type ListShape } from './list-queries';

// --- query strings ---------------------------------------------------------------------------------------

const optionalDate = (label: string) =>
  v.optional(
    v.pipe(
      v.string(`${label} tidak valid`),
      v.trim(),
      v.check((s) => s === '' || isCalendarDate(s), `${label} tidak valid`),
      v.transform((s) => s || undefined),
    ),
  );

const pageSize = (fallback: number) =>
  v.optional(
    v.pipe(
      v.string('Jumlah per halaman harus 1 sampai 100'),
      v.regex(/^[1-9]\d{0,2}$/, 'Jumlah per halaman harus 1 sampai 100'),
      v.transform(Number),
      v.maxValue(100, 'Jumlah per halaman harus 1 sampai 100'),
    ),
    String(fallback),
  );

export const ListQuery = v.object({
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
  limit: pageSize(BILLING_PAGE_SIZE),
  with_resume: v.optional(
    v.pipe(
      v.picklist(['', '0', '1', 'true', 'false'], 'with_resume harus true atau false'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    'false',
  ),
});

export const StudentAllQuery = v.object({
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

export const PaymentHistoryQuery = v.object({
  student_id: requiredQueryId('Siswa'),
  department_id: requiredQueryId('Departemen'),
  bill_date_before: optionalDate('bill_date_before'),
  page: listQueryEntries(['id']).page,
  limit: pageSize(PAYMENT_HISTORY_PAGE_SIZE),
  orderby: v.optional(v.picklist(['id', 'payment_date'], 'Urutan tidak valid'), 'id'),
  sort: v.optional(v.picklist(['asc', 'desc'], 'Arah urutan tidak valid'), 'asc'),
});

export const PdfQuery = v.object({
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
  bill_date_before: optionalDate('bill_date_before'),
});

export type ListQuery = v.InferOutput<typeof ListQuery>;

/** The shape of the list's statement (list-queries.ts) this query asks for. */
export const listShape = (q: ListQuery): ListShape => ({
  filters: LIST_FILTERS.filter((f) => q[f] !== undefined),
  searching: q.q !== '',
  order: [q.orderby, q.sort],
  resume: q.with_resume,
});

/** The values of the placeholders of the list's statements for this query. */
export function listValues(scope: ZonedScope, q: ListQuery, shape: ListShape) {
  return {
    ...scopeValues(scope),
    today: todayIn(scope),
    ...Object.fromEntries(shape.filters.map((f) => [f, q[f]])),
    pattern: shape.searching ? containsPattern(q.q) : undefined,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}
