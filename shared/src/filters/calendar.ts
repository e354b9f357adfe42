/** Today in Asia/Jakarta as 'YYYY-MM-DD' (the school's calendar, whatever the browser's zone). */
export const jakartaDate = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);

/** This year in Asia/Jakarta. */
export const jakartaYear = (now: Date = new Date()): number => Number(jakartaDate(now).slice(0, 4));
