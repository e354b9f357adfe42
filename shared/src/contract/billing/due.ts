/**
 * Due dates and arrears (docs/money.md "Due dates and arrears"): when a fee component falls due, the due date
 * its bill items keep, a bill's Jatuh Tempo, how many days it is late and the aging buckets of the reports.
 * Dates are 'YYYY-MM-DD' in the branch's calendar; "today" is the branch's (`dateIn` of its time zone).
 */

/** The due day a component gets when none is given (and what the migration gave existing ones). */
export const DEFAULT_DUE_DAY = 10;

/** The day of the month a component falls due: 1 to 31 (past the month's end: its last day). */
export const DUE_DAY_MIN = 1;
export const DUE_DAY_MAX = 31;

/** Day `day` of the month 'YYYY-MM', or its last day when the month is shorter (31 in February: the 28th/29th). */
export function dueDateInMonth(mm: string, day: number): string {
  const [year, month] = mm.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${mm}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** What decides when a component falls due (its month, and its day or date: one of them set). */
export interface DueOfComponent {
  mm: string;
  due_day?: number | null | undefined;
  due_date?: string | null | undefined;
}

/** When a component of month `mm` falls due: its own date if it has one, else its due day of its month. */
export function componentDueDate(component: DueOfComponent): string {
  return component.due_date ?? dueDateInMonth(component.mm, component.due_day ?? DEFAULT_DUE_DAY);
}

/**
 * The due date a bill item keeps from charge time on: its component's, but never before the bill's date (an
 * extra bill dated the 20th is not late from the day it is written for a fee due the 10th).
 */
export function itemDueDate(component: DueOfComponent, billDate: string): string {
  const due = componentDueDate(component);
  return due < billDate ? billDate : due;
}

/**
 * A bill's Jatuh Tempo: the earliest due date of its items still owing something; when nothing is owed, the
 * earliest of all its items (what it was due on). `fallback` (the bill's date) for a bill without items.
 */
export function billDueDate(
  items: readonly { due_date: string; total_billing: number }[],
  fallback: string,
): string {
  const earliest = (list: readonly { due_date: string }[]) =>
    list.reduce<string | undefined>(
      (min, i) => (min === undefined || i.due_date < min ? i.due_date : min),
      undefined,
    );
  return earliest(items.filter((i) => i.total_billing > 0)) ?? earliest(items) ?? fallback;
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/**
 * How many days a bill is late on `today` (Terlambat when above 0): days past its due date while it is
 * confirmed and still owes something; 0 otherwise (due today is not late yet; a draft is not owed yet).
 */
export function overdueDays(
  bill: { due_date: string; form_status: number; total_billing: number },
  today: string,
): number {
  if (bill.form_status !== 1 || bill.total_billing <= 0) return 0;
  return Math.max(0, daysBetween(bill.due_date, today));
}

/**
 * The overdue filter of the lists and reports (`overdue_min`: at least that many days late): its choices on
 * the screens.
 */
export const OVERDUE_FILTERS = [
  { value: 1, label: 'Terlambat' },
  { value: 31, label: 'Terlambat > 30 hari' },
  { value: 61, label: 'Terlambat > 60 hari' },
  { value: 91, label: 'Terlambat > 90 hari' },
] as const;

/**
 * The aging buckets of the arrears report, by days past the due date (what is owed and due today counts in
 * 0-30): key, label and the inclusive day range (`to` null: no end).
 */
export const AGING_BUCKETS = [
  { key: 'days_0_30', label: '0-30 Hari', from: 0, to: 30 },
  { key: 'days_31_60', label: '31-60 Hari', from: 31, to: 60 },
  { key: 'days_61_90', label: '61-90 Hari', from: 61, to: 90 },
  { key: 'days_over_90', label: '> 90 Hari', from: 91, to: null },
] as const;
export type AgingBucketKey = (typeof AGING_BUCKETS)[number]['key'];

/** The bucket of a bill `days` past its due date, or null when not due yet (negative days). */
export function agingBucketOf(days: number): AgingBucketKey | null {
  if (days < 0) return null;
  return (AGING_BUCKETS.find((b) => b.to === null || days <= b.to) as (typeof AGING_BUCKETS)[number]).key;
}

/** The screens' words: "Jatuh Tempo" (the date) and "Terlambat N hari". */
export const DUE_LABELS = {
  dueDate: 'Jatuh Tempo',
  overdue: 'Terlambat',
  overdueDays: (days: number) => `Terlambat ${days} hari`,
} as const;
