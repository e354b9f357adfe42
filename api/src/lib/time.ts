/**
 * Calendar helpers. Business dates are the branch's local dates: each branch keeps its calendar in one of
 * Indonesia's three zones (`branches.time_zone`: WIB Asia/Jakarta, the default; WITA Asia/Makassar; WIT
 * Asia/Jayapura), whatever the server's zone. A request's zone comes with its auth context (auth/session.ts).
 */
import { type BranchTimeZone, DEFAULT_TIME_ZONE, dateIn } from '@keuangan/shared/contract';

export { type BranchTimeZone, DEFAULT_TIME_ZONE };

/**
 * Today as 'YYYY-MM-DD' in a branch's zone: give the request's scope (`todayIn(auth)`) or a zone; without one,
 * the default zone (for what belongs to no branch: the seed, a backup's name). `now` is for tests.
 */
export function todayIn(
  where: { timeZone: BranchTimeZone } | BranchTimeZone = DEFAULT_TIME_ZONE,
  now: Date = new Date(),
): string {
  return dateIn(typeof where === 'string' ? where : where.timeZone, now);
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** First and last day ('YYYY-MM-DD') of a 'YYYY-MM' month. */
export function monthRange(mm: string): { first: string; last: string } {
  const [year, month] = mm.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${mm}-01`, last: `${mm}-${String(lastDay).padStart(2, '0')}` };
}

/** The month `offset` months from 'YYYY-MM' (negative goes back). */
export function addMonths(mm: string, offset: number): string {
  const [year, month] = mm.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, month - 1 + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
