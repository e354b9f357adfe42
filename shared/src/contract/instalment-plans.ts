/**
 * The query of Rencana Cicilan's list (`GET /api/instalment-plans`). Apart from billing/instalments.ts, which
 * the paging rules (query.ts) would otherwise bring into an import cycle.
 */
import * as v from 'valibot';
import { pageEntries } from './query';

/** A page of the branch's plans; `active=1`: the active ones only (the selects of Atur Cicilan and charging). */
export const InstalmentPlanQuerySchema = v.object({
  ...pageEntries(10, 100),
  active: v.optional(v.picklist(['1'], 'Status tidak valid')),
});
