/** Calendar helpers. Business dates are Indonesian Western Time (Asia/Jakarta), whatever the server's zone. */
export const BUSINESS_TIME_ZONE = 'Asia/Jakarta';

// en-CA formats dates as YYYY-MM-DD. Made once: building a formatter costs about 0.2 ms, on every request.
const jakartaDate = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** Today in Asia/Jakarta as 'YYYY-MM-DD'. */
export function todayJakarta(now: Date = new Date()): string {
  return jakartaDate.format(now);
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
