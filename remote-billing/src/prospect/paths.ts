import {
  PROSPECT_BILLING_AREAS,
  type PsbEventStype,
  STYPE_ADMISSION,
  STYPE_TRANSFER,
} from '@keuangan/shared';

/**
 * Billing Peserta PSB (docs/screens.md) and Billing Peserta Mutasi, its twin for transfer prospects: one set of
 * screens, parameterised by the event type. `storageKey` names the list's filter in session storage.
 */
export const PROSPECT_AREAS = {
  [STYPE_ADMISSION]: {
    ...PROSPECT_BILLING_AREAS[STYPE_ADMISSION],
    detailTitle: 'Detail Billing Peserta PSB',
    storageKey: 'prospective-billing',
  },
  [STYPE_TRANSFER]: {
    ...PROSPECT_BILLING_AREAS[STYPE_TRANSFER],
    detailTitle: 'Detail Billing Peserta Mutasi',
    storageKey: 'mutation-billing',
  },
} as const satisfies Record<
  PsbEventStype,
  { path: string; title: string; detailTitle: string; storageKey: string }
>;
