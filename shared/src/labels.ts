import { PAYMENT_TYPES } from './contract';

/** Constants and code labels from the spec (part 1 section 9, part 2 sections 3, 4 and 9). */

export const APP_NAME = 'Keuangan';
export const APP_VERSION = '0.1.0';

/** Page sizes every paging control offers; the generic default is the first. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 5;

export interface CodeOption<V extends number | string = number> {
  value: V;
  label: string;
}

/** The label of a code, or `fallback` for an unknown one: `labelOf(GENDERS, 1)` -> 'Laki-Laki'. */
export function labelOf(
  options: readonly CodeOption<number | string>[],
  value: number | string | null | undefined,
  fallback = '-',
): string {
  return options.find((o) => o.value === value)?.label ?? fallback;
}

export const GENDERS: readonly CodeOption[] = [
  { value: 1, label: 'Laki-Laki' },
  { value: 2, label: 'Perempuan' },
];

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

export const PAYMENT_STATUSES: readonly CodeOption[] = [
  { value: 1, label: 'Lunas' },
  { value: 0, label: 'Belum Lunas' },
];

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

/** Prospect registration status (0-5); statuses 0 to 3 may be edited. */
export const REGISTRATION_STATUSES: readonly CodeOption[] = [
  { value: 0, label: 'Pending' },
  { value: 1, label: 'Data Terkirim' },
  { value: 2, label: 'Data Terverifikasi' },
  { value: 3, label: 'Lulus Seleksi' },
  { value: 4, label: 'Diterima' },
  { value: 5, label: 'Tidak Diterima' },
];
export const EDITABLE_REGISTRATION_STATUSES: readonly number[] = [0, 1, 2, 3];

/** The older student registration-status labels. */
export const STUDENT_REGISTRATION_STATUSES: readonly CodeOption[] = [
  { value: 0, label: 'Pending' },
  { value: 1, label: 'Submit' },
  { value: 2, label: 'Diterima Menjadi Siswa' },
  { value: 3, label: 'Tidak Diterima' },
];

/** Previous school level of a prospect. */
export const PREV_SCHOOL_TYPES: readonly CodeOption[] = [
  { value: 0, label: 'KB' },
  { value: 1, label: 'TK' },
  { value: 2, label: 'SD' },
  { value: 3, label: 'SMP' },
];

// The spec names the next two only in English; these Indonesian labels are our wording.
export const LIVING_STATUSES: readonly CodeOption[] = [
  { value: 1, label: 'Bersama Orang Tua/Keluarga' },
  { value: 2, label: 'Asrama' },
  { value: 3, label: 'Kos/Kontrakan' },
  { value: 4, label: 'Sendiri' },
];

export const EMERGENCY_CONTACT_TYPES: readonly CodeOption[] = [
  { value: 1, label: 'Wali' },
  { value: 2, label: 'Ayah' },
  { value: 3, label: 'Ibu' },
  { value: 4, label: 'Lainnya' },
];

/** Citizenship code 'I' is WNI, anything else WNA. */
export const citizenshipLabel = (code: string | null | undefined): string => (code === 'I' ? 'WNI' : 'WNA');
