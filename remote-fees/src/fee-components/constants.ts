import type { ToastOptions } from '@keuangan/shared';

/** The list's filter in session storage (see `useCascadeFilter`); the form reads it to start from the same class-month. */
export const FEE_FILTER_STORAGE_KEY = 'student-fee-component';

export const LIST_TITLE = 'Komponen Biaya Siswa';
export const LIST_PATH = '/student-fee-component';

/** docs/validation.md#how-messages-appear: every success toast of these screens, and the list's load failures, are centred. */
export const CENTERED: ToastOptions = { centered: true };
