import { type FilterSelectSpec, withAll } from '@keuangan/shared';

/** Perlu Diperiksa, a select of both lists of Pembayaran Online (docs/online-payments.md, "Staff"). */
export const FLAGGED_SELECT: FilterSelectSpec<'flagged'> = {
  name: 'flagged',
  label: 'Perlu Diperiksa',
  options: withAll([{ value: '1', label: 'Hanya yang perlu diperiksa' }]),
};
