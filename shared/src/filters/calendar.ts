import dayjs from 'dayjs';

/** Today in Asia/Jakarta as 'YYYY-MM-DD' (the school's calendar, whatever the browser's zone). */
export const jakartaDate = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);

/** This year in Asia/Jakarta. */
export const jakartaYear = (now: Date = new Date()): number => Number(jakartaDate(now).slice(0, 4));

/**
 * Today in the browser's calendar as 'YYYY-MM-DD': THE "today" of the screens' date fields and document
 * filters (the API checks dates against the school's own day).
 */
export const browserDate = (now: Date = new Date()): string => dayjs(now).format('YYYY-MM-DD');
