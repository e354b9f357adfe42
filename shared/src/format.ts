import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/id';

// Indonesian month and day names everywhere (antd's date pickers included).
dayjs.locale('id');

/** The screens' names of the contract's formatters ('1.250.000', 'Rp 1.250.000'): one definition for both sides. */
export { formatRupiah as formatIDR, groupedNumber as formatNumber } from './contract/rupiah';

type DateInput = string | number | Date | Dayjs | null | undefined;

/** A date with Indonesian month names: '2026-01-05' -> '5 Januari 2026'. Empty or invalid -> ''. */
export function formatDate(value: DateInput, format = 'D MMMM YYYY'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.locale('id').format(format) : '';
}

/** A moment as staff read it (who voided or removed something, when): '5 Januari 2026 14.05'. */
export const formatDateTime = (value: DateInput): string => formatDate(value, 'D MMMM YYYY HH.mm');

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment on a branch's clock (its zone, whatever the browser's), as `formatDateTime` writes it:
 * '2026-01-05T07:05:00Z' in Asia/Jakarta -> '5 Januari 2026 14.05'. Empty or invalid -> ''.
 */
export function formatDateTimeIn(value: string | Date | null | undefined, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value ?? '');
  if (Number.isNaN(date.getTime())) return '';
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day} ${part.month} ${part.year} ${part.hour}.${part.minute}`;
}

/** A billing month: '2026-01' -> 'Januari 2026'. */
export function formatMonth(yearMonth: string | null | undefined): string {
  return formatDate(yearMonth, 'MMMM YYYY');
}
