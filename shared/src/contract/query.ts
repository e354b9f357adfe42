/**
 * Pieces of the query-string schemas (a query value is always a string): a required id, a filter that
 * offers 'Semua', and a page. One definition for every list and report, so their messages and 'Semua' rules agree.
 */
import * as v from 'valibot';
import { FILTER_ALL } from './billing';

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
