import { ADMISSIONS_AREAS } from '@keuangan/remote-admissions/areas';
import { BILLING_AREAS } from '@keuangan/remote-billing/areas';
import { FEES_AREAS } from '@keuangan/remote-fees/areas';
import { RECEIPTS_AREAS } from '@keuangan/remote-receipts/areas';
import { STAFF_AREAS } from '@keuangan/remote-staff/areas';
import { defineAreas, type ScreenArea } from '@keuangan/shared/contract';
import type { RemoteName } from '@keuangan/shared/core';

/**
 * Every remote's areas, read from its declaration module when the host is built (docs/decisions.md,
 * "Screens declared once"): the menu renders before any remote loads.
 */
export const REMOTE_AREAS: Readonly<Record<RemoteName, readonly ScreenArea[]>> = {
  staff: STAFF_AREAS,
  fees: FEES_AREAS,
  billing: BILLING_AREAS,
  admissions: ADMISSIONS_AREAS,
  receipts: RECEIPTS_AREAS,
};

/** The host's own pages that have a sidebar entry (their routes are in routes/AppRoutes.tsx). */
export const HOST_AREAS = defineAreas([
  { path: '', title: 'Dashboard', menu: { order: 0 } },
  { path: 'token-integrasi', title: 'Token Integrasi', menu: { order: 80 } },
]);
