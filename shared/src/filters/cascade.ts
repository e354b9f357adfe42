/**
 * The cascading filter's rules (docs/data.md), as pure functions: which fields a change resets, what a
 * reset goes to, when the filter is complete, and the month options of a period.
 */
import { formatMonth } from '@keuangan/shared/shell';
import { FEE_FILTER_FIELDS, FEE_FILTER_LABELS, periodMonths } from '../contract';

/** Departemen, Tahun Ajaran, Periode KBM, Tingkat, Kelas, Bulan: in their order on screen. */
export const CASCADE_FIELDS = FEE_FILTER_FIELDS;

/**
 * Every field the cascade knows: the six of fees and billing, those of the admission lists (Tahun
 * Masuk, Event, Status Pendaftaran of the prospects; Angkatan of the students), and a month range (Dari
 * Bulan, Sampai Bulan: the reports, in place of the one Bulan). A screen picks its own (`fields` of
 * `useCascadeFilter`), in the order it shows them.
 */
export const ALL_CASCADE_FIELDS = [
  ...FEE_FILTER_FIELDS,
  'yoe',
  'psb_event_id',
  'registration_status',
  'batch_id',
  'mm_from',
  'mm_to',
] as const;
export type CascadeField = (typeof ALL_CASCADE_FIELDS)[number];

/** Where a class sits (Departemen, Tahun Ajaran, Periode KBM, Tingkat, Kelas): the cascade without a month. */
export const PLACEMENT_FIELDS: readonly CascadeField[] = CASCADE_FIELDS.filter((field) => field !== 'mm');
/** The placement, then a range of the bills' months (Dari Bulan, Sampai Bulan): the reports' cascade. */
export const PLACEMENT_AND_MONTHS_FIELDS: readonly CascadeField[] = [...PLACEMENT_FIELDS, 'mm_from', 'mm_to'];

export const CASCADE_LABELS: Record<CascadeField, string> = {
  ...FEE_FILTER_LABELS,
  yoe: 'Tahun Masuk',
  psb_event_id: 'Event',
  registration_status: 'Status Pendaftaran',
  batch_id: 'Angkatan',
  mm_from: 'Dari Bulan',
  mm_to: 'Sampai Bulan',
};

/** The value of a 'Semua' option (billing): the field is chosen, and it filters nothing. */
export const ALL = 'all';

type Choice = number | typeof ALL | null | undefined;

/**
 * A filter's values: an id (or code, or year), `ALL` where the list offers 'Semua', or undefined (a form:
 * null) while not chosen. A type, not an interface: it is passed as query parameters (a record).
 */
export type CascadeValues = {
  department_id?: Choice;
  year_of_study_id?: Choice;
  yos_periode_id?: Choice;
  level_id?: Choice;
  class_id?: Choice;
  /** 'YYYY-MM' or `ALL`. */
  mm?: string | null | undefined;
  /** Entry year. */
  yoe?: Choice;
  psb_event_id?: Choice;
  /** 0-5 or `ALL`. */
  registration_status?: Choice;
  batch_id?: Choice;
  /** A month range, 'YYYY-MM' or `ALL` (open) at either end; Sampai Bulan offers no month before Dari Bulan. */
  mm_from?: string | null | undefined;
  mm_to?: string | null | undefined;
};

/** Not chosen: undefined, or null (a form field emptied by a reset), or ''. */
export const isUnchosen = (value: unknown): value is undefined | null | '' =>
  value === undefined || value === null || value === '';

/**
 * docs/data.md#filter-cascade: changing the department resets level and year of study; the year resets class and period;
 * the period resets the month (and a month range); the level resets the class. On the prospect lists, changing department or
 * entry year resets event and status (to 'Semua'); on the student list the department resets the batch.
 * Resets carry on down (a reset year also resets its period's month).
 */
const DIRECT_RESETS: Record<CascadeField, readonly CascadeField[]> = {
  department_id: ['year_of_study_id', 'level_id', 'psb_event_id', 'registration_status', 'batch_id'],
  year_of_study_id: ['yos_periode_id', 'class_id'],
  yos_periode_id: ['mm', 'mm_from', 'mm_to'],
  level_id: ['class_id'],
  class_id: [],
  mm: [],
  yoe: ['psb_event_id', 'registration_status'],
  psb_event_id: [],
  registration_status: [],
  batch_id: [],
  mm_from: [],
  mm_to: [],
};

/** Every field among `fields` a change of `field` resets, in the order of `fields`. */
export function resetsOf<F extends CascadeField = (typeof CASCADE_FIELDS)[number]>(
  field: CascadeField,
  fields: readonly F[] = CASCADE_FIELDS as readonly CascadeField[] as readonly F[],
): F[] {
  const found = new Set<CascadeField>();
  const visit = (f: CascadeField) => {
    for (const child of DIRECT_RESETS[f]) {
      found.add(child);
      visit(child);
    }
  };
  visit(field);
  return fields.filter((f) => found.has(f));
}

/**
 * The values after choosing `value` for `field`: the fields it resets (among the screen's `fields`) go back
 * to 'Semua' where the list offers it (`allFields`), otherwise to "not chosen". Choosing the same value
 * changes nothing.
 */
export function cascadeChange<V extends CascadeValues>(
  values: V,
  field: CascadeField,
  value: CascadeValues[CascadeField],
  allFields: readonly CascadeField[] = [],
  fields: readonly CascadeField[] = CASCADE_FIELDS,
): V {
  if (values[field] === value) return values;
  const next = { ...values, [field]: value } as V;
  for (const reset of resetsOf(field, fields)) {
    (next as CascadeValues)[reset] = allFields.includes(reset) ? ALL : undefined;
  }
  return next;
}

/** True when every one of `fields` is chosen ('Semua' counts as chosen). */
export const isCascadeComplete = (
  values: CascadeValues,
  fields: readonly CascadeField[] = CASCADE_FIELDS,
): boolean => fields.every((field) => !isUnchosen(values[field]));

/** The values as query parameters: unchosen and 'Semua' fields left out (they filter nothing). */
export function chosenParams(values: CascadeValues, names: Partial<Record<CascadeField, string>> = {}) {
  const params: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(values)) {
    if (isUnchosen(value) || value === ALL) continue;
    params[names[field as CascadeField] ?? field] = value as string | number;
  }
  return params;
}

export interface MonthOption {
  /** 'YYYY-MM' */
  value: string;
  /** 'Januari 2026' */
  label: string;
}

/**
 * The Bulan options of a period (docs/data.md): start at the next month when the period starts after the 14th,
 * end at the previous month when it ends before the 14th, both ends inclusive; Indonesian labels.
 */
export function monthOptions(startDate: string, endDate: string): MonthOption[] {
  return periodMonths(startDate, endDate).map((value) => ({ value, label: formatMonth(value) }));
}
