import { dateIn } from '../contract/time-zone';

/**
 * Today in Asia/Jakarta as 'YYYY-MM-DD', whatever the browser's zone. The screens' "today" is the active
 * branch's (`schoolToday` of the session); this stays for what is the same all over Indonesia (a year).
 */
export const jakartaDate = (now: Date = new Date()): string => dateIn('Asia/Jakarta', now);

/** This year in Asia/Jakarta. */
export const jakartaYear = (now: Date = new Date()): number => Number(jakartaDate(now).slice(0, 4));
