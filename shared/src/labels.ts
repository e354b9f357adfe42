import { type CodeOption, labelOf } from './contract/codes';
import { PAYMENT_TYPES } from './contract/common';

/** Constants and code labels (docs/money.md#constants-and-limits, docs/data.md). */

/** Page sizes every paging control offers; the generic default is the first. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 5;
/** A day's list (Rekap Kas Harian, a report's days) shows the whole day on one page at a counter's pace. */
export const DAY_PAGE_SIZE = 100;

/** All marital codes; the staff add form offers only 1 and 2. */
export const MARITAL_STATUSES: readonly CodeOption[] = [
  { value: 1, label: 'Sudah' },
  { value: 2, label: 'Belum' },
  { value: 99, label: 'Tidak Ditentukan' },
];

/** Employee status 1 is active; anything else inactive. */
export const EMPLOYEE_STATUS_ACTIVE = 1;

/** Payment type (ptype) label; the codes themselves are the contract's `PAYMENT_TYPES`. */
export const paymentTypeLabel = (ptype: number | null | undefined): string => labelOf(PAYMENT_TYPES, ptype);

/** Billing form status, with the tag colour the billing list uses. */
export const FORM_STATUSES: readonly (CodeOption & { color: 'green' | 'red' })[] = [
  { value: 1, label: 'Terkonfirmasi', color: 'green' },
  { value: 0, label: 'Belum Konfirmasi', color: 'red' },
];

export const BILL_TYPES: readonly CodeOption[] = [
  { value: 1, label: 'Utama' },
  { value: 2, label: 'Extra' },
];

/** Fee nature (ftype) as the fee component form's "Jenis Biaya" radio and the bill items show it. */
export const FTYPES: readonly CodeOption[] = [
  { value: 1, label: 'Wajib' },
  { value: 0, label: 'Sumbangan Sukarela' },
];

/** Fee nature as the fee component list's "Sifat" column shows it: 1 is 'Biaya Wajib', anything else voluntary. */
export const ftypeLongLabel = (ftype: number | null | undefined): string =>
  ftype === 1 ? 'Biaya Wajib' : 'Sumbangan Sukarela';

/** The older student registration-status labels. */
export const STUDENT_REGISTRATION_STATUSES: readonly CodeOption[] = [
  { value: 0, label: 'Pending' },
  { value: 1, label: 'Submit' },
  { value: 2, label: 'Diterima Menjadi Siswa' },
  { value: 3, label: 'Tidak Diterima' },
];
