/**
 * Pieces of the query-string schemas (a query value is always a string): a required id, a filter that
 * offers 'Semua', and a page. One definition for every list and report, so their messages and 'Semua' rules agree.
 */
import * as v from 'valibot';
import { FILTER_ALL } from './billing/codes';
import { isCalendarDate } from './billing/validators';

/** A database id as it appears in a query string. */
export const QUERY_ID_PATTERN = /^[1-9]\d{0,8}$/;

/** A required id: '{label} Tidak Boleh Kosong' when absent or blank, '{label} tidak valid' otherwise. */
export const requiredQueryId = (label: string) =>
  v.pipe(
    v.string(`${label} Tidak Boleh Kosong`),
    v.trim(),
    v.nonEmpty(`${label} Tidak Boleh Kosong`),
    v.regex(QUERY_ID_PATTERN, `${label} tidak valid`),
    v.transform(Number),
  );

/** A filter that offers 'Semua': absent, '' or `FILTER_ALL` filter nothing (undefined). */
export const queryChoice = <T>(label: string, pattern: RegExp, parse: (s: string) => T) =>
  v.optional(
    v.pipe(
      v.string(`${label} tidak valid`),
      v.trim(),
      v.check((s) => s === '' || s === FILTER_ALL || pattern.test(s), `${label} tidak valid`),
      v.transform((s) => (s === '' || s === FILTER_ALL ? undefined : parse(s))),
    ),
  );

/** An id filter that offers 'Semua'. */
export const queryChoiceId = (label: string) => queryChoice(label, QUERY_ID_PATTERN, Number);

/**
 * The placement of a class as a filter (Departemen, Tahun Ajaran, Periode KBM, Tingkat, Kelas), each 'Semua'
 * when absent: the lists and reports that narrow by where a bill sits. A schema that needs some of them spreads
 * these and replaces those with `requiredQueryId`.
 */
export const PLACEMENT_QUERY_ENTRIES = {
  department_id: queryChoiceId('Departemen'),
  year_of_study_id: queryChoiceId('Tahun Ajaran'),
  yos_periode_id: queryChoiceId('Periode KBM'),
  level_id: queryChoiceId('Tingkat'),
  class_id: queryChoiceId('Kelas'),
};

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A range of the bills' months ('YYYY-MM', both ends inclusive), either end 'Semua' (open). */
export const MONTH_RANGE_QUERY_ENTRIES = {
  mm_from: queryChoice('Dari Bulan', MONTH_PATTERN, String),
  mm_to: queryChoice('Sampai Bulan', MONTH_PATTERN, String),
};

export const MONTH_RANGE_MESSAGE = 'Bulan awal tidak boleh setelah bulan akhir';

/** A month range is in order when its start is not after its end (either may be open); check with `MONTH_RANGE_MESSAGE`. */
export const monthRangeInOrder = (q: { mm_from?: string | undefined; mm_to?: string | undefined }) =>
  !q.mm_from || !q.mm_to || q.mm_from <= q.mm_to;

/** `page` (1-based) and `limit` (1 to `maxLimit`, `defaultLimit` when absent) of a paged list. */
export function pageEntries(defaultLimit: number, maxLimit = 100) {
  const limitMessage = `Jumlah per halaman harus 1 sampai ${maxLimit}`;
  return {
    page: v.optional(
      v.pipe(
        v.string('Halaman tidak valid'),
        v.regex(/^[1-9]\d{0,6}$/, 'Halaman tidak valid'),
        v.transform(Number),
      ),
      '1',
    ),
    limit: v.optional(
      v.pipe(
        v.string(limitMessage),
        v.regex(/^[1-9]\d{0,2}$/, limitMessage),
        v.transform(Number),
        v.maxValue(maxLimit, limitMessage),
      ),
      String(defaultLimit),
    ),
  };
}

/** An optional day 'YYYY-MM-DD' of a period filter: '' is absent. */
const optionalDay = (message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check((s) => s === '' || isCalendarDate(s), message),
      v.transform((s) => s || undefined),
    ),
  );

/** A period's `date_from` and `date_to`, both optional and inclusive, each with its own message. */
export const periodQueryEntries = (fromInvalid: string, toInvalid: string) => ({
  date_from: optionalDay(fromInvalid),
  date_to: optionalDay(toInvalid),
});

/** Both ends given: the end not before the start. */
export const periodInOrder = (q: { date_from?: string | undefined; date_to?: string | undefined }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** A whole number from the query string within 1..max, `fallback` when absent. */
const queryInt = (message: string, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.regex(QUERY_ID_PATTERN, message),
      v.transform(Number),
      v.maxValue(max, message),
    ),
    String(fallback),
  );

/**
 * The query fields of every paged list: `q` (search text), `page` (1-based), `limit` (1–100, default
 * `defaultLimit`, 10 unless given), `orderby` (one of `orderFields`, default the first) and `sort` (asc|desc).
 */
export function listQueryEntries<const TField extends string>(
  orderFields: readonly [TField, ...TField[]],
  defaultLimit = 10,
) {
  return {
    q: v.optional(
      v.pipe(
        v.string('Kata kunci tidak valid'),
        v.trim(),
        v.maxLength(100, 'Kata kunci maksimal 100 karakter'),
      ),
      '',
    ),
    page: queryInt('Halaman tidak valid', 1_000_000, 1),
    limit: queryInt('Jumlah per halaman harus 1 sampai 100', 100, defaultLimit),
    orderby: v.optional(v.picklist(orderFields, 'Urutan tidak valid'), orderFields[0]),
    sort: v.optional(v.picklist(['asc', 'desc'] as const, 'Arah urutan tidak valid'), 'asc'),
  };
}

/** A numeric id in a query string (`'12'` -> 12); absent or empty -> undefined. */
export const optionalQueryId = (label: string) =>
  v.optional(
    v.pipe(
      v.string(`${label} tidak valid`),
      v.trim(),
      v.regex(/^(|[1-9]\d{0,8})$/, `${label} tidak valid`),
      v.transform((s) => (s === '' ? undefined : Number(s))),
    ),
  );

/** A whole number from a query string within `min`..`max`; absent or empty -> undefined. */
export const optionalQueryInt = (label: string, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(`${label} tidak valid`),
      v.trim(),
      v.regex(/^(|\d{1,9})$/, `${label} tidak valid`),
      v.transform((s) => (s === '' ? undefined : Number(s))),
      v.check((n) => n === undefined || (n >= min && n <= max), `${label} tidak valid`),
    ),
  );

/** An optional day 'YYYY-MM-DD' named by `label` ('{label} tidak valid'): '' is absent. */
export const optionalQueryDate = (label: string) => optionalDay(`${label} tidak valid`);

/** A yes/no flag of a query string ('1' or 'true' is yes), `fallback` when absent. */
export const queryFlag = (message: string, fallback: '0' | 'false') =>
  v.optional(
    v.pipe(
      v.picklist(['', '0', '1', 'true', 'false'], message),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    fallback,
  );
