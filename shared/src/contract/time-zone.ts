import * as v from 'valibot';

/**
 * The time zones a branch may keep its calendar in: Indonesia's three. A branch's "today" (payment dates, bill
 * dates, report defaults, the cash day) is its own local date, whatever the server's or the browser's zone.
 */
export const TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type BranchTimeZone = (typeof TIME_ZONES)[number];

/** The default zone (and the one of every branch created before zones existed). */
export const DEFAULT_TIME_ZONE: BranchTimeZone = 'Asia/Jakarta';

/** The short Indonesian labels of the zones. */
export const TIME_ZONE_LABELS: Record<BranchTimeZone, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/** 'WIB', 'WITA' or 'WIT'; an unknown zone (an older server) reads as the default's. */
export const timeZoneLabel = (timeZone: string | null | undefined): string =>
  TIME_ZONE_LABELS[timeZone as BranchTimeZone] ?? TIME_ZONE_LABELS[DEFAULT_TIME_ZONE];

export const TIME_ZONE_MESSAGE =
  'Zona waktu harus salah satu dari Asia/Jakarta, Asia/Makassar atau Asia/Jayapura';

/** A branch's time zone: one of `TIME_ZONES`, nothing else. */
export const TimeZoneSchema = v.picklist(TIME_ZONES, TIME_ZONE_MESSAGE);

export const isTimeZone = (value: unknown): value is BranchTimeZone => v.is(TimeZoneSchema, value);

// en-CA formats dates as YYYY-MM-DD. Built once per zone: a formatter costs about 0.2 ms to make.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date ('YYYY-MM-DD') of `now` in `timeZone` (by default Asia/Jakarta). */
export function dateIn(timeZone: BranchTimeZone = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}
