import { sessionStore, useSession } from '@keuangan/shared/core';
import { useEffect, useState } from 'react';
import {
  ALL,
  ALL_CASCADE_FIELDS,
  CASCADE_FIELDS,
  type CascadeField,
  type CascadeValues,
  cascadeChange,
  isCascadeComplete,
  isUnchosen,
} from './cascade';
import { type CascadeOptionLists, type CascadeOptionSettings, useCascadeOptions } from './useCascadeOptions';

/** Fields a screen adds beside the six (billing: payment_status, type), with their starting values. */
export type ExtraFilterValues = Record<string, string | number | undefined>;

export interface CascadeFilterOptions<E extends ExtraFilterValues>
  extends Omit<CascadeOptionSettings, 'allFields'> {
  /** Names the screen's saved filter in session storage, e.g. 'student-fee-component'. */
  storageKey: string;
  /** The fields that must be chosen before the filter is complete (default: every one of `fields`). */
  required?: readonly CascadeField[];
  /** Selects the user may empty again (a clear button): an empty one filters nothing. */
  clearable?: readonly CascadeField[];
  /** Starting values of the fields (before anything is saved), e.g. the current entry year. */
  initial?: CascadeValues;
  /**
   * Starting values that need the server (the prospect screens' entry year that has events): they replace
   * `initial` once loaded, unless the user has chosen already or the saved filter has its own. A failure
   * keeps `initial`.
   */
  loadInitial?: (signal: AbortSignal) => Promise<CascadeValues>;
  /** Lists that offer 'Semua' (billing: period, level, class, month); resets go to 'Semua' there. */
  allFields?: readonly CascadeField[];
  /**
   * Lists that offer 'Semua' as one more choice while their resets still go to "not chosen" (the fee list's
   * Kelas: 'Semua' charges the whole level, the other actions need one class).
   */
  allOffered?: readonly CascadeField[];
  /**
   * Lists that choose for the user when nothing is chosen (billing: department, year of study): the current
   * option (the year of study that holds today), else the first.
   */
  defaultFirst?: readonly CascadeField[];
  /**
   * Show at once what the starting values choose (the reports: every filter has a default), without waiting for
   * Tampilkan; once the user changes a select, Tampilkan shows again as everywhere.
   */
  showDefaults?: boolean;
  /** Further fields of the screen and their starting values (kept and saved with the six). */
  extra?: E;
}

export type CascadeFilterValues<E extends ExtraFilterValues = Record<never, never>> = CascadeValues & E;

export interface CascadeFilter<E extends ExtraFilterValues = Record<never, never>>
  extends CascadeOptionLists {
  /** What the selects show. */
  values: CascadeFilterValues<E>;
  /** The fields the screen shows, in order. */
  fields: readonly CascadeField[];
  /** Fields the user may empty again. */
  clearable: readonly CascadeField[];
  /** Chooses a value: a cascade field resets what depends on it (docs/data.md); an extra field is just set. */
  set(field: CascadeField | keyof E, value: unknown): void;
  /** Every required field is chosen ('Semua' counts): Tampilkan and the other actions may run. */
  complete: boolean;
  /**
   * The starting values are final: those `loadInitial` brings have arrived (or failed) and been applied. An action
   * reading `values` (an export) waits for this, else it would use the synchronous start (docs/screens.md).
   */
  settled: boolean;
  /** The filter the list shows: set by `apply` (Tampilkan), and on return to the screen when complete. */
  applied: CascadeFilterValues<E> | null;
  apply(): void;
}

const isCascadeField = (field: PropertyKey): field is CascadeField =>
  (ALL_CASCADE_FIELDS as readonly PropertyKey[]).includes(field);

/** A state update of the saved values that keeps the storage key they belong to. */
const updateValues =
  <V>(update: (current: V) => V) =>
  (saved: { key: string; values: V; stored: string[] }) => ({ ...saved, values: update(saved.values) });

/** Where a screen's filter is kept: per screen and per branch (branches have different ids). */
const storageKeyOf = (storageKey: string, branchId: number) => `keuangan.filter.${storageKey}.${branchId}`;

function readSaved<V>(key: string): Partial<V> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? saved : {};
  } catch {
    return {}; // unreadable: start empty
  }
}

/**
 * THE filter of the product's lists: the selects' state with docs/data.md's reset and reload rules, their
 * options, and the applied filter. Values are kept per screen and branch in session storage, so the filter
 * survives add/edit and a reload; a saved value no longer offered is dropped with what depends on it.
 */
export function useCascadeFilter<E extends ExtraFilterValues = Record<never, never>>({
  storageKey,
  allFields = [],
  allOffered = [],
  defaultFirst = [],
  showDefaults = false,
  extra,
  fields = CASCADE_FIELDS,
  required = fields,
  clearable = [],
  initial,
  loadInitial,
  ...sourceSettings
}: CascadeFilterOptions<E>): CascadeFilter<E> {
  const branchId = useSession((s) => s.user?.active_branch.id ?? 0);
  const key = storageKeyOf(storageKey, branchId);
  const restore = () => {
    const stored = readSaved<CascadeFilterValues<E>>(key);
    const values = { ...initial, ...extra, ...stored } as CascadeFilterValues<E>;
    return { key, values, stored: Object.keys(stored) };
  };
  // The values belong to one storage key: another branch brings its own saved filter. `stored`: the fields
  // the saved filter had (loaded starting values leave them alone).
  const [saved, setSaved] = useState(restore);
  const [applied, setApplied] = useState<CascadeFilterValues<E> | null>(() =>
    isCascadeComplete(saved.values, required) ? saved.values : null,
  );
  if (saved.key !== key) {
    const restored = restore();
    setSaved(restored);
    setApplied(isCascadeComplete(restored.values, required) ? restored.values : null);
  }
  const values = saved.values;
  const lists = useCascadeOptions(values, {
    ...sourceSettings,
    allFields: allOffered.length > 0 ? [...allFields, ...allOffered] : allFields,
    fields,
  });

  useEffect(() => {
    sessionStorage.setItem(saved.key, JSON.stringify(saved.values));
  }, [saved]);

  // Once a list has loaded: drop a value it does not offer, or choose its first option where asked.
  // One field per pass: the lists below it are only right again after the next render.
  useEffect(() => {
    for (const field of fields) {
      if (lists.loading[field] || !lists.ready[field]) continue;
      const offered = lists.options[field];
      const value = values[field];
      if (!isUnchosen(value) && !offered.some((o) => o.value === value)) {
        setSaved(updateValues((current) => cascadeChange(current, field, undefined, allFields, fields)));
        // What was shown (restored from storage) no longer exists as such: wait for Tampilkan again.
        setApplied(null);
        return;
      }
      // The current one (the year of study that holds today) when the list has it, else the first (the newest).
      const first = offered.find((o) => o.current) ?? offered.find((o) => o.value !== ALL);
      if (isUnchosen(value) && defaultFirst.includes(field) && first) {
        setSaved(updateValues((current) => cascadeChange(current, field, first.value, allFields, fields)));
        return;
      }
    }
  }, [values, lists, allFields, defaultFirst, fields]);

  const complete = isCascadeComplete(values, required);
  // Until the user changes a select, what the defaults choose is what the screen shows.
  const [touched, setTouched] = useState(false);

  // Starting values from the server, once per branch.
  const [loaded, setLoaded] = useState<{ key: string; values: CascadeValues } | null>(null);
  // The storage key whose starting values have arrived and been applied (or failed to arrive).
  const [startedFor, setStartedFor] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per branch, whatever the caller's closure
  useEffect(() => {
    if (!loadInitial) return;
    const controller = new AbortController();
    loadInitial(controller.signal).then(
      (found) => setLoaded({ key, values: found }),
      () => {
        if (!controller.signal.aborted) setStartedFor(key); // keep `initial`
      },
    );
    return () => controller.abort();
  }, [key]);
  useEffect(() => {
    if (!loaded || loaded.key !== saved.key) return;
    setLoaded(null);
    setStartedFor(loaded.key);
    if (touched) return;
    let next = saved.values;
    for (const [field, value] of Object.entries(loaded.values) as [
      CascadeField,
      CascadeValues[CascadeField],
    ][]) {
      if (!saved.stored.includes(field) && next[field] !== value)
        next = cascadeChange(next, field, value, allFields, fields);
    }
    if (next === saved.values) return;
    setSaved({ ...saved, values: next });
    // A list showing the synchronous start shows the loaded one instead.
    setApplied((shown) => (shown && isCascadeComplete(next, required) ? next : shown));
  }, [loaded, saved, touched, allFields, fields, required]);
  useEffect(() => {
    if (showDefaults && !touched && applied === null && complete) setApplied(values);
  }, [showDefaults, touched, applied, complete, values]);

  const set = (field: CascadeField | keyof E, value: unknown) => {
    setTouched(true);
    setSaved(
      updateValues((current) =>
        isCascadeField(field)
          ? cascadeChange(current, field, value as CascadeValues[CascadeField], allFields, fields)
          : { ...current, [field]: value },
      ),
    );
  };
  return {
    ...lists,
    values,
    fields,
    clearable,
    set,
    complete,
    settled: !loadInitial || (startedFor === key && loaded === null),
    applied,
    apply: () => {
      if (complete) setApplied(values);
    },
  };
}

/**
 * A screen's saved filter, read once outside the hook: a form opened from the list starts from the
 * class-month the list shows.
 */
export function readSavedFilter(storageKey: string): CascadeValues {
  const branchId = sessionStore.getState().user?.active_branch.id ?? 0;
  return readSaved<CascadeValues>(storageKeyOf(storageKey, branchId));
}
