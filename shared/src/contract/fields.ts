/**
 * Field schemas several payloads share (staff, students, classes): optional texts, ids of selects, past
 * dates. Each gives the field's own Indonesian message.
 */
import * as v from 'valibot';

/**
 * An optional text: trimmed, at most `max` characters (the column width; `unit` names them in the message);
 * empty becomes null.
 */
export const optionalText = (
  label: string,
  max: number,
  [pattern, message]: [RegExp, string] = [/^/, ''],
  unit = 'karakter',
) =>
  v.pipe(
    v.nullish(v.string(`${label} tidak valid`), ''),
    v.trim(),
    v.maxLength(max, `${label} maksimal ${max} ${unit}`),
    v.regex(pattern, message),
    v.transform((s) => (s === '' ? null : s)),
  );

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (requiredMessage: string, label: string, max: number) =>
  v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(max, `${label} maksimal ${max} karakter`),
  );

/** A required reference id (select): a missing or empty value gives the field's own message. */
export const requiredId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

/** An optional reference id: absent, null or empty ('') is "none" (null). */
export const optionalId = (message: string) =>
  v.pipe(
    v.nullish(v.union([v.literal(''), requiredId(message)], message), null),
    v.transform((value) => (value === '' ? null : value)),
  );

/** A real calendar date 'YYYY-MM-DD' between 1900-01-01 and today. */
export function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= '1900-01-01' &&
    date.getTime() <= Date.now()
  );
}

/** An optional birth date ('YYYY-MM-DD', from 1900 up to today); empty becomes null. */
export const optionalPastDate = (message: string) =>
  v.pipe(
    v.nullish(v.string(message), ''),
    v.check((s) => s === '' || isPastDate(s), message),
    v.transform((s) => (s === '' ? null : s)),
  );

/** Digits only (NIK, NIP, NIS). */
export const digitsOnly = (label: string): [RegExp, string] => [
  /^[0-9]*$/,
  `${label} hanya boleh berisi angka`,
];

/** A phone number as typed: digits, spaces, +, -, parentheses. */
export const phoneChars = (label: string): [RegExp, string] => [/^[0-9+\-() ]*$/, `${label} tidak valid`];
