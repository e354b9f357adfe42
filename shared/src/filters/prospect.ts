import { apiGet } from '@keuangan/shared/core';
import { entryYearChoices, entryYearWithData, PROSPECT_YEAR_RANGE, ROUTES } from '../contract';
import { jakartaYear } from './calendar';
import { ALL, type CascadeField } from './cascade';
import type { CascadeFilterOptions, ExtraFilterValues } from './useCascadeFilter';
import { ADMISSION_SOURCES, type CascadeContext } from './useCascadeOptions';

/** Entry-year choices of the prospect screens (docs/money.md#constants-and-limits): this year + 2 down to this year - 5. */
export const prospectYears = (now: Date = new Date()): number[] =>
  entryYearChoices(jakartaYear(now), PROSPECT_YEAR_RANGE);

/**
 * The Tahun Masuk a prospect screen starts at, from the server: the year of the branch's events of the screen's
 * type (`context.stype`) — this year when it has events, else the latest (issue 21: the events are next year's).
 */
export const loadEntryYearStart =
  (context: CascadeContext = {}, now: Date = new Date()) =>
  async (signal: AbortSignal) => {
    const withEvents = await apiGet(ROUTES.reference.psbEventYears(), context, { signal });
    return { yoe: entryYearWithData(jakartaYear(now), withEvents) };
  };

/**
 * The prospect screens' filter (docs/screens.md, docs/data.md): Departemen (optional, may be emptied), Tahun Masuk
 * (starts at the year that has events, `loadEntryYearStart`), Event ('Semua'), and on the admission lists Status Pendaftaran ('Semua'); changing
 * department or entry year resets event and status to 'Semua'. The admission lists and Billing Peserta PSB
 * pass their own storage key, fixed query (`context`: the event type) and extra fields.
 */
export function prospectFilterOptions<E extends ExtraFilterValues = Record<never, never>>({
  storageKey,
  withStatus = false,
  context,
  extra,
  now = new Date(),
}: {
  storageKey: string;
  withStatus?: boolean;
  context?: CascadeContext;
  extra?: E;
  now?: Date;
}): CascadeFilterOptions<E> {
  const fields: CascadeField[] = ['department_id', 'yoe', 'psb_event_id'];
  if (withStatus) fields.push('registration_status');
  return {
    storageKey,
    fields,
    required: [],
    clearable: ['department_id'],
    allFields: fields.filter((f) => f === 'psb_event_id' || f === 'registration_status'),
    initial: {
      yoe: jakartaYear(now),
      psb_event_id: ALL,
      ...(withStatus ? { registration_status: ALL } : {}),
    },
    loadInitial: loadEntryYearStart(context, now),
    sources: ADMISSION_SOURCES,
    ...(context ? { context } : {}),
    ...(extra ? { extra } : {}),
    years: prospectYears(now),
  };
}
