/**
 * Codes and their Indonesian labels (docs/data.md), word for word: the screens show them,
 * and the API writes them into downloads (the prospect XLS).
 */

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

export const PAYMENT_STATUSES: readonly CodeOption[] = [
  { value: 1, label: 'Lunas' },
  { value: 0, label: 'Belum Lunas' },
];

/** Prospect registration status (0-5); statuses 0 to 3 may be edited (`EDITABLE_REGISTRATION_STATUSES`). */
export const REGISTRATION_STATUSES: readonly CodeOption[] = [
  { value: 0, label: 'Pending' },
  { value: 1, label: 'Data Terkirim' },
  { value: 2, label: 'Data Terverifikasi' },
  { value: 3, label: 'Lulus Seleksi' },
  { value: 4, label: 'Diterima' },
  { value: 5, label: 'Tidak Diterima' },
];

/** A student's study status. */
export const STUDY_STATUSES: readonly CodeOption[] = [
  { value: 1, label: 'Aktif' },
  { value: 2, label: 'Lulus' },
  { value: 3, label: 'Keluar' },
];

/** Previous school level of a prospect. */
export const PREV_SCHOOL_TYPES: readonly CodeOption[] = [
  { value: 0, label: 'KB' },
  { value: 1, label: 'TK' },
  { value: 2, label: 'SD' },
  { value: 3, label: 'SMP' },
];

// The next two labels are our wording (docs/data.md).
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
