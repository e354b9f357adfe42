/**
 * The field rules of the billing payloads (valibot), each with its Indonesian message. Only `isCalendarDate`
 * is part of the contract (the billing index re-exports it); the rest serve this folder's schemas.
 */
import * as v from 'valibot';
import { MAX_MONEY } from '../money';
import { FILTER_ALL } from './codes';

/** A required id: a whole number from 1, the field's message otherwise. */
export const requiredId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message));
/** 'YYYY-MM' */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export const isCalendarDate = (text: string): boolean => {
  if (!DATE_PATTERN.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** A required calendar day 'YYYY-MM-DD': `required` when empty, `invalid` when not a real day. */
export const dateField = (required: string, invalid: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.check((text) => text === '' || isCalendarDate(text), invalid),
  );

/** Whole rupiah, 0 or more, with the field's label in every message. */
export const moneyField = (label: string, max = MAX_MONEY) =>
  v.pipe(
    v.number(`${label} tidak boleh kosong`),
    v.integer(`${label} harus bilangan bulat`),
    v.minValue(0, `${label} tidak boleh kurang dari 0`),
    v.maxValue(max, `${label} terlalu besar`),
  );

/** Optional free text: trimmed, empty is null, at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${label} tidak valid`),
        v.trim(),
        v.maxLength(max, `${label} maksimal ${max} karakter`),
        v.transform((text) => text || null),
      ),
    ),
    null,
  );

/** A filter choice in a JSON body: an id, or 'Semua' (`FILTER_ALL`, '', null, absent) as undefined. */
export const optionalFilterId = (message: string) =>
  v.optional(
    v.pipe(
      v.union(
        [v.pipe(v.number(), v.integer(), v.minValue(1)), v.picklist([FILTER_ALL, '']), v.null()],
        message,
      ),
      v.transform((value) => (typeof value === 'number' ? value : undefined)),
    ),
  );
