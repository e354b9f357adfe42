import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/id';

// Indonesian month and day names everywhere (antd's date pickers included).
dayjs.locale('id');

const groupedInteger = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

type Amount = number | string | null | undefined;

const toNumber = (value: Amount): number => {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** A whole number with Indonesian grouping: 1250000 -> '1.250.000'. */
export function formatNumber(value: Amount): string {
  return groupedInteger.format(Math.round(toNumber(value)));
}

/** Rupiah, whole: 1250000 -> 'Rp 1.250.000', -1250000 -> '-Rp 1.250.000', empty -> 'Rp 0'. */
export function formatIDR(value: Amount): string {
  const n = Math.round(toNumber(value));
  return `${n < 0 ? '-' : ''}Rp ${groupedInteger.format(Math.abs(n))}`;
}

type DateInput = string | number | Date | Dayjs | null | undefined;

/** A date with Indonesian month names: '2026-01-05' -> '5 Januari 2026'. Empty or invalid -> ''. */
export function formatDate(value: DateInput, format = 'D MMMM YYYY'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.locale('id').format(format) : '';
}

/** A moment as staff read it (who voided or removed something, when): '5 Januari 2026 14.05'. */
export const formatDateTime = (value: DateInput): string => formatDate(value, 'D MMMM YYYY HH.mm');

/** A billing month: '2026-01' -> 'Januari 2026'. */
export function formatMonth(yearMonth: string | null | undefined): string {
  return formatDate(yearMonth, 'MMMM YYYY');
}
