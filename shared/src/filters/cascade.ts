/**
 * The cascading filter's rules (spec part 2 §4), as pure functions: which fields a change resets, what a
 * reset goes to, when the filter is complete, and the month options of a period.
 */
import {
  FEE_FILTER_FIELDS,
  FEE_FILTER_LABELS,
  type FeeFilterField,
  formatMonth,
  periodMonths,
} from '@keuangan/shared/core';

/** Departemen, Tahun Ajaran, Periode KBM, Tingkat, Kelas, Bulan: in the spec's order. */
export const CASCADE_FIELDS = FEE_FILTER_FIELDS;
export type CascadeField = FeeFilterField;
export const CASCADE_LABELS = FEE_FILTER_LABELS;

/** The value of a 'Semua' option (billing): the field is chosen, and it filters nothing. */
export const ALL = 'all';

/**
 * A filter's six values: an id, `ALL` where the list offers 'Semua', or undefined (a form: null) while not
 * chosen. A type, not an interface: it is passed as query parameters (a record).
 */
export type CascadeValues = {
  department_id?: number | typeof ALL | null | undefined;
  year_of_study_id?: number | typeof ALL | null | undefined;
  yos_periode_id?: number | typeof ALL | null | undefined;
  level_id?: number | typeof ALL | null | undefined;
  class_id?: number | typeof ALL | null | undefined;
  /** 'YYYY-MM' or `ALL`. */
  mm?: string | null | undefined;
};

/** Not chosen: undefined, or null (a form field emptied by a reset), or ''. */
export const isUnchosen = (value: unknown): value is undefined | null | '' =>
  value === undefined || value === null || value === '';

/**
 * Spec §4: changing the department resets level and year of study; the year resets class and period;
 * the period resets the month; the level resets the class. Resets carry on down (a reset year also
 * resets its period's month).
 */
const DIRECT_RESETS: Record<CascadeField, readonly CascadeField[]> = {
  department_id: ['year_of_study_id', 'level_id'],
  year_of_study_id: ['yos_periode_id', 'class_id'],
  yos_periode_id: ['mm'],
  level_id: ['class_id'],
  class_id: [],
  mm: [],
};

/** Every field a change of `field` resets, in the spec's order. */
export function resetsOf(field: CascadeField): CascadeField[] {
  const found = new Set<CascadeField>();
  const visit = (f: CascadeField) => {
    for (const child of DIRECT_RESETS[f]) {
      found.add(child);
      visit(child);
    }
  };
  visit(field);
  return CASCADE_FIELDS.filter((f) => found.has(f));
}

/**
 * The values after choosing `value` for `field`: the fields it resets go back to 'Semua' where the list
 * offers it (`allFields`, the billing list), otherwise to "not chosen". Choosing the same value changes nothing.
 */
export function cascadeChange<V extends CascadeValues>(
  values: V,
  field: CascadeField,
  value: CascadeValues[CascadeField],
  allFields: readonly CascadeField[] = [],
): V {
  if (values[field] === value) return values;
  const next = { ...values, [field]: value } as V;
  for (const reset of resetsOf(field)) {
    (next as CascadeValues)[reset] = allFields.includes(reset) ? ALL : undefined;
  }
  return next;
}

/** True when every one of `fields` is chosen ('Semua' counts as chosen). */
export const isCascadeComplete = (
  values: CascadeValues,
  fields: readonly CascadeField[] = CASCADE_FIELDS,
): boolean => fields.every((field) => !isUnchosen(values[field]));

export interface MonthOption {
  /** 'YYYY-MM' */
  value: string;
  /** 'Januari 2026' */
  label: string;
}

/**
 * The Bulan options of a period (spec §4): start at the next month when the period starts after the 14th,
 * end at the previous month when it ends before the 14th, both ends inclusive; Indonesian labels.
 */
export function monthOptions(startDate: string, endDate: string): MonthOption[] {
  return periodMonths(startDate, endDate).map((value) => ({ value, label: formatMonth(value) }));
}
