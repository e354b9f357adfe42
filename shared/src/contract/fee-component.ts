/**
 * Student fee components (Komponen Biaya Siswa, docs/screens.md, docs/data.md, docs/validation.md, api/ROUTES.md): the row the API returns, the
 * schemas of every payload (used by the form and by the server, so the messages cannot drift) and the
 * month rule of a period (docs/data.md), which the filter's month options and the server's check share.
 */
import * as v from 'valibot';
import { DEFAULT_DUE_DAY, DUE_DAY_MAX, DUE_DAY_MIN } from './billing/due';
import { isCalendarDate } from './billing/validators';
import { listQueryEntries, optionalQueryId, queryFlag } from './query';

/** A fee component as `GET /api/student-fee-component` (list, one, `-all`) returns it. */
export interface StudentFeeComponent {
  id: number;
  client_id: number;
  branch_id: number;
  department_id: number;
  year_of_study_id: number;
  yos_periode_id: number;
  level_id: number;
  class_id: number;
  /** 'YYYY-MM' */
  mm: string;
  fee_type_id: number;
  /** 1 wajib, 0 sumbangan sukarela */
  ftype: number;
  name: string;
  /** Whole rupiah. */
  price: number;
  description: string | null;
  /**
   * When it falls due (docs/money.md "Due dates and arrears"): `due_day` of its month (1-31, past the month's end
   * its last day), or a fixed `due_date` ('YYYY-MM-DD'); exactly one of the two is set.
   */
  due_day: number | null;
  due_date: string | null;
  fee_type: { name: string };
  /** Present once the component is charged to a student: it can then no longer be edited or deleted. */
  student_billing_item: { id: number } | null;
}

/** The six filter fields that place a component: a class in a month (docs/data.md, "shared filter state"). */
export const FEE_FILTER_FIELDS = [
  'department_id',
  'year_of_study_id',
  'yos_periode_id',
  'level_id',
  'class_id',
  'mm',
] as const;
export type FeeFilterField = (typeof FEE_FILTER_FIELDS)[number];

/** The filters' labels, in their order on screen. */
export const FEE_FILTER_LABELS: Record<FeeFilterField, string> = {
  department_id: 'Departemen',
  year_of_study_id: 'Tahun Ajaran',
  yos_periode_id: 'Periode KBM',
  level_id: 'Tingkat',
  class_id: 'Kelas',
  mm: 'Bulan',
};

/** docs/validation.md#fee-component-form: "an empty filter raises 'filter {name} is required'" ({name} is the filter's label). */
export const filterRequiredMessage = (field: FeeFilterField): string =>
  `filter ${FEE_FILTER_LABELS[field]} is required`;

/** The largest price accepted: whole rupiah far below JavaScript's exact-integer limit. */
export const MAX_PRICE = 999_999_999_999;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const requiredId = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

const monthField = (message: string) =>
  v.pipe(v.string(message), v.nonEmpty(message), v.regex(MONTH_PATTERN, 'Bulan tidak valid'));

export const FeeNameSchema = v.pipe(
  v.string('Nama tidak boleh kosong'),
  v.trim(),
  v.nonEmpty('Nama tidak boleh kosong'),
  v.maxLength(150, 'Nama maksimal 150 karakter'),
);

/** Whole rupiah, 0 or more ("Price forced to integer": the form rounds; the server refuses fractions). */
export const FeePriceSchema = v.pipe(
  v.number('Biaya tidak boleh kosong'),
  v.integer('Biaya harus bilangan bulat'),
  v.minValue(0, 'Biaya tidak boleh kurang dari 0'),
  v.maxValue(MAX_PRICE, 'Biaya terlalu besar'),
);

/** The six filters of the list, generate and copy (`POST /api/student-fee-component-batch`, `-copy-prev-month`). */
export const FeeComponentFilterSchema = v.object({
  department_id: requiredId(filterRequiredMessage('department_id')),
  year_of_study_id: requiredId(filterRequiredMessage('year_of_study_id')),
  yos_periode_id: requiredId(filterRequiredMessage('yos_periode_id')),
  level_id: requiredId(filterRequiredMessage('level_id')),
  class_id: requiredId(filterRequiredMessage('class_id')),
  mm: monthField(filterRequiredMessage('mm')),
});
export type FeeComponentFilter = v.InferOutput<typeof FeeComponentFilterSchema>;

/** The six placement fields of a form (fee component, extra bill) with their messages (docs/validation.md). */
export const PLACEMENT_ENTRIES = {
  department_id: requiredId('Departemen Tidak Boleh Kosong'),
  year_of_study_id: requiredId('Tahun Ajaran Tidak Boleh Kosong'),
  yos_periode_id: requiredId('Periode KBM Tidak Boleh Kosong'),
  level_id: requiredId('Tingkat Tidak Boleh Kosong'),
  class_id: requiredId('Kelas Tidak Boleh Kosong'),
  mm: monthField('Bulan Tidak Boleh Kosong'),
};

export const DUE_MESSAGES = {
  dueDay: 'Jatuh Tempo harus tanggal 1 sampai 31',
  dueDate: 'Tanggal Jatuh Tempo tidak valid',
  dueRequired: 'Jatuh Tempo tidak boleh kosong',
} as const;

/** Jatuh Tempo setiap tanggal: a whole day 1-31. */
const DueDayValue = v.pipe(
  v.number(DUE_MESSAGES.dueDay),
  v.integer(DUE_MESSAGES.dueDay),
  v.minValue(DUE_DAY_MIN, DUE_MESSAGES.dueDay),
  v.maxValue(DUE_DAY_MAX, DUE_MESSAGES.dueDay),
);
/** The due day of a form (an emptied field is null). */
export const DueDaySchema = v.nullable(DueDayValue);

/** Tanggal Jatuh Tempo: a calendar day 'YYYY-MM-DD'; empty is none. */
export const DueDateSchema = v.nullable(
  v.pipe(
    v.string(DUE_MESSAGES.dueDate),
    v.trim(),
    v.check((text) => text === '' || isCalendarDate(text), DUE_MESSAGES.dueDate),
    v.transform((text) => text || null),
  ),
);

/**
 * The fields of a component's form and payload. `due_day` absent: the default day (10); a `due_date` given
 * wins over the day (`componentDue` keeps one of them).
 */
export const FEE_COMPONENT_ENTRIES = {
  ...PLACEMENT_ENTRIES,
  fee_type_id: requiredId('Tipe Komponen Tidak Boleh Kosong'),
  ftype: v.picklist([0, 1], 'Harap pilih salah satu'),
  name: FeeNameSchema,
  price: FeePriceSchema,
  description: v.optional(
    v.nullable(
      v.pipe(
        v.string('Deskripsi tidak valid'),
        v.trim(),
        v.maxLength(1000, 'Deskripsi maksimal 1000 karakter'),
        // An emptied textarea is "no description".
        v.transform((text) => text || null),
      ),
    ),
    null,
  ),
  due_day: v.optional(DueDaySchema),
  due_date: v.optional(DueDateSchema, null),
};

/** The component's due: its fixed date if given, else its day (the default when absent; null: none given). */
export function componentDue(input: {
  due_day?: number | null | undefined;
  due_date?: string | null | undefined;
}): {
  due_day: number | null;
  due_date: string | null;
} {
  if (input.due_date) return { due_day: null, due_date: input.due_date };
  return { due_day: input.due_day === undefined ? DEFAULT_DUE_DAY : input.due_day, due_date: null };
}

/** `POST /api/student-fee-component` and `PUT /api/student-fee-component/{id}` (docs/validation.md messages). */
export const FeeComponentSchema = v.pipe(
  v.object(FEE_COMPONENT_ENTRIES),
  v.forward(
    v.check(
      (c) => componentDue(c).due_day !== null || componentDue(c).due_date !== null,
      DUE_MESSAGES.dueRequired,
    ),
    ['due_day'],
  ),
  v.transform((c) => ({ ...c, ...componentDue(c) })),
);
export type FeeComponentInput = v.InferInput<typeof FeeComponentSchema>;
export type FeeComponentPayload = v.InferOutput<typeof FeeComponentSchema>;

/** `POST /api/student-fee-component-xupdate/{id}`: one field edited inline in the list. */
export const FeeComponentXUpdateSchema = v.variant(
  'field',
  [
    v.object({ field: v.literal('name'), value: FeeNameSchema }),
    v.object({ field: v.literal('price'), value: FeePriceSchema }),
    v.object({
      field: v.literal('due_day'),
      value: DueDayValue,
    }),
  ],
  'Kolom yang diubah harus name, price atau due_day',
);
export type FeeComponentXUpdate = v.InferInput<typeof FeeComponentXUpdateSchema>;

/** `DELETE /api/student-fee-component-batch` (JSON body). */
export const FeeComponentBatchDeleteSchema = v.object({
  item_ids: v.pipe(
    v.array(requiredId('Item tidak valid'), 'Item Harus Dipilih'),
    v.minLength(1, 'Item Harus Dipilih'),
    v.maxLength(500, 'Maksimal 500 item sekaligus'),
  ),
});
export type FeeComponentBatchDelete = v.InferInput<typeof FeeComponentBatchDeleteSchema>;

/** Answer of generate (`-batch`): components created, and fee types skipped because they already exist. */
export interface FeeComponentGenerateResponse {
  message: string;
  created: number;
  skipped: number;
}

/** Answer of `-copy-prev-month`: components copied, and the previous month's ones already present. */
export interface FeeComponentCopyResponse {
  message: string;
  /** The month copied from, 'YYYY-MM'. */
  source_mm: string;
  copied: number;
  skipped: number;
}

/** Query of the list call `GET /api/student-fee-component` (paged): the six filters plus paging. */
export type FeeComponentListQuery = FeeComponentFilter & {
  page?: number;
  limit?: number;
  q?: string;
  orderby?: 'id' | 'name' | 'price';
  sort?: 'asc' | 'desc';
};

/**
 * The months of a period (docs/data.md): from the start date's month, or the next one when it starts after the
 * 14th, to the end date's month, or the previous one when it ends before the 14th; both ends inclusive.
 * Dates 'YYYY-MM-DD'; months 'YYYY-MM'. A period too short for a whole month gives none.
 */
export function periodMonths(startDate: string, endDate: string): string[] {
  const [startYear, startMonth, startDay] = startDate.split('-').map(Number) as [number, number, number];
  const [endYear, endMonth, endDay] = endDate.split('-').map(Number) as [number, number, number];
  // Months counted from year 0, so stepping over a year end is plain arithmetic.
  const first = startYear * 12 + (startMonth - 1) + (startDay > 14 ? 1 : 0);
  const last = endYear * 12 + (endMonth - 1) - (endDay < 14 ? 1 : 0);
  const months: string[] = [];
  for (let n = first; n <= last; n++) {
    months.push(`${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

const QUERY_ID_PATTERN = /^[1-9]\d{0,8}$/;

/** A required filter in a query string: absent or empty gives 'filter {name} is required' (docs/validation.md). */
const requiredFilterText = (field: FeeFilterField, pattern: RegExp) => {
  const required = filterRequiredMessage(field);
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.regex(pattern, `${FEE_FILTER_LABELS[field]} tidak valid`),
  );
};
const requiredFilterId = (field: FeeFilterField) =>
  v.pipe(requiredFilterText(field, QUERY_ID_PATTERN), v.transform(Number));

const optionalQueryMonth = v.optional(
  v.pipe(
    v.string('Bulan tidak valid'),
    v.trim(),
    v.regex(/^(|\d{4}-(0[1-9]|1[0-2]))$/, 'Bulan tidak valid'),
    v.transform((s) => s || undefined),
  ),
);

const FEE_LIST_ENTRIES = listQueryEntries(['id', 'name', 'price']);

/** `GET /api/student-fee-component`: the six filters (required) plus paging, search and order. */
export const FeeComponentListQuerySchema = v.object({
  department_id: requiredFilterId('department_id'),
  year_of_study_id: requiredFilterId('year_of_study_id'),
  yos_periode_id: requiredFilterId('yos_periode_id'),
  level_id: requiredFilterId('level_id'),
  class_id: requiredFilterId('class_id'),
  mm: requiredFilterText('mm', MONTH_PATTERN),
  ...FEE_LIST_ENTRIES,
});

/** `GET /api/student-fee-component-all`: the six filters, or a student (optionally only what they lack). */
export const FeeComponentAllQuerySchema = v.object({
  department_id: optionalQueryId(FEE_FILTER_LABELS.department_id),
  year_of_study_id: optionalQueryId(FEE_FILTER_LABELS.year_of_study_id),
  yos_periode_id: optionalQueryId(FEE_FILTER_LABELS.yos_periode_id),
  level_id: optionalQueryId(FEE_FILTER_LABELS.level_id),
  class_id: optionalQueryId(FEE_FILTER_LABELS.class_id),
  mm: optionalQueryMonth,
  student_id: optionalQueryId('Siswa'),
  available_only: queryFlag('available_only harus 0 atau 1', '0'),
  orderby: FEE_LIST_ENTRIES.orderby,
  sort: FEE_LIST_ENTRIES.sort,
});
