import { apiErrorText, apiGet, isCancelledRequest, notifyError, schoolToday } from '@keuangan/shared/core';
import { useEffect, useState } from 'react';
import {
  type BatchRef,
  type ClassRef,
  type DepartmentRef,
  type LevelRef,
  type Paged,
  type PsbEvent,
  REGISTRATION_STATUSES,
  ROUTES,
  type YearOfStudyRef,
  type YosPeriode,
} from '../contract';
import {
  ALL,
  ALL_CASCADE_FIELDS,
  CASCADE_FIELDS,
  type CascadeField,
  type CascadeValues,
  isUnchosen,
  monthOptions,
} from './cascade';

export interface CascadeOption {
  value: number | string;
  label: string;
  /** The option a list starts at when it chooses for the user (the year of study that holds today). */
  current?: boolean;
}

/** The option lists of the selects, and which of them are loading or still waiting for a parent. */
export interface CascadeOptionLists {
  options: Record<CascadeField, CascadeOption[]>;
  loading: Record<CascadeField, boolean>;
  /** False while a parent the list depends on is not chosen (the select is then disabled). */
  ready: Record<CascadeField, boolean>;
}

/** Fixed query parameters of a screen's lists (the prospect lists' event type: `{stype: 1}`). */
export type CascadeContext = Record<string, string | number>;

/**
 * Where a select's options come from: a reference call, its query for the current values (null while a
 * parent it needs is not chosen), and the option of each row of the answer (a plain array, or the `data`
 * of a paged answer).
 */
export interface CascadeSource<Row = never> {
  url: string;
  params(values: CascadeValues, context: CascadeContext): Record<string, string | number> | null;
  option(row: Row): CascadeOption;
}

const idOf = (value: CascadeValues[CascadeField]) => (typeof value === 'number' ? value : undefined);
const named = (row: { id: number; name: string }): CascadeOption => ({ value: row.id, label: row.name });
/** A year of study, marked current when it holds today (the active branch's, `schoolToday`). */
const yearOfStudy = (row: YearOfStudyRef): CascadeOption => {
  const today = schoolToday();
  return { ...named(row), current: row.start_date <= today && today <= row.end_date };
};
/** Rows of a dropdown lookup: at most 100 (docs/money.md#constants-and-limits). */
const LOOKUP_LIMIT = 100;

/** The fee and billing screens' sources: the `ref-*-getall` arrays. */
const REF_SOURCES = {
  department_id: {
    url: ROUTES.reference.departments(),
    params: () => ({}),
    option: named,
  } satisfies CascadeSource<DepartmentRef>,
  year_of_study_id: {
    url: ROUTES.reference.yearsOfStudy(),
    params: (v) => (idOf(v.department_id) ? { department_id: idOf(v.department_id) as number } : null),
    option: yearOfStudy,
  } satisfies CascadeSource<YearOfStudyRef>,
  level_id: {
    url: ROUTES.reference.levels(),
    params: (v) => (idOf(v.department_id) ? { department_id: idOf(v.department_id) as number } : null),
    option: named,
  } satisfies CascadeSource<LevelRef>,
  yos_periode_id: {
    url: ROUTES.reference.periods(),
    params: (v) =>
      idOf(v.year_of_study_id) ? { year_of_study_id: idOf(v.year_of_study_id) as number } : null,
    option: (p) => ({ value: p.id, label: p.periode.name }),
  } satisfies CascadeSource<YosPeriode>,
  class_id: {
    url: ROUTES.reference.classes(),
    params: (v) => {
      const departmentId = idOf(v.department_id);
      const yearId = idOf(v.year_of_study_id);
      if (!departmentId || !yearId || isUnchosen(v.level_id)) return null;
      const levelId = idOf(v.level_id);
      return {
        department_id: departmentId,
        year_of_study_id: yearId,
        ...(levelId ? { level_id: levelId } : {}),
      };
    },
    option: named,
  } satisfies CascadeSource<ClassRef>,
  psb_event_id: {
    url: ROUTES.reference.psbEvents(),
    // Events of the entry year (and the department when chosen) of the screen's event type.
    params: (v, context) => {
      const yoe = idOf(v.yoe);
      if (!yoe) return null;
      const departmentId = idOf(v.department_id);
      return {
        ...context,
        yoe,
        ...(departmentId ? { deptId: departmentId } : {}),
        orderby: 'id',
        sort: 'asc',
        limit: LOOKUP_LIMIT,
      };
    },
    option: (e) => ({ value: e.id, label: `${e.code} - ${e.name}` }),
  } satisfies CascadeSource<PsbEvent>,
  batch_id: {
    url: ROUTES.reference.batches(),
    params: (v) =>
      idOf(v.department_id)
        ? { deptId: idOf(v.department_id) as number, orderby: 'yoe', sort: 'desc', limit: LOOKUP_LIMIT }
        : null,
    option: named,
  } satisfies CascadeSource<BatchRef>,
};
type RemoteField = keyof typeof REF_SOURCES;

/**
 * The admission screens' sources: the paged lists they always called (`ROUTES.reference.departmentPage`,
 * `levelPage`, `yearOfStudyPage`), in place of the `ref-*-getall` arrays. Pass as `sources`.
 */
export const ADMISSION_SOURCES: Partial<Record<RemoteField, CascadeSource<never>>> = {
  department_id: {
    url: ROUTES.reference.departmentPage(),
    params: () => ({ orderby: 'sequence', sort: 'asc', limit: LOOKUP_LIMIT }),
    option: named,
  } satisfies CascadeSource<DepartmentRef>,
  level_id: {
    url: ROUTES.reference.levelPage(),
    params: (v) =>
      idOf(v.department_id) ? { deptId: idOf(v.department_id) as number, limit: LOOKUP_LIMIT } : null,
    option: named,
  } satisfies CascadeSource<LevelRef>,
  year_of_study_id: {
    url: ROUTES.reference.yearOfStudyPage(),
    params: (v) =>
      idOf(v.department_id) ? { deptId: idOf(v.department_id) as number, limit: LOOKUP_LIMIT } : null,
    option: yearOfStudy,
  } satisfies CascadeSource<YearOfStudyRef>,
};

interface RefList {
  data: unknown[];
  loading: boolean;
}

/**
 * One reference list, fetched again whenever its request changes (null: not needed yet, empty). A newer
 * request cancels the older one; data of an older request is never returned; a failure shows an 'Error'
 * toast.
 */
function useRefList(request: { url: string; params: Record<string, string | number> } | null): RefList {
  const key = request ? JSON.stringify(request) : null;
  const [loaded, setLoaded] = useState<{ key: string; data: unknown[] } | null>(null);

  useEffect(() => {
    if (key === null) return;
    const { url, params } = JSON.parse(key) as { url: string; params: Record<string, string | number> };
    const controller = new AbortController();
    apiGet<unknown[] | Paged<unknown>>(url, params, { signal: controller.signal })
      .then((body) => setLoaded({ key, data: Array.isArray(body) ? body : (body?.data ?? []) }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        // Load failures are centred (docs/validation.md#how-messages-appear).
        notifyError(apiErrorText(error), 'Error', { centered: true });
        setLoaded({ key, data: [] });
      });
    return () => controller.abort();
  }, [key]);

  if (key === null) return { data: [], loading: false };
  return loaded?.key === key ? { data: loaded.data, loading: false } : { data: [], loading: true };
}

const SEMUA: CascadeOption = { value: ALL, label: 'Semua' };

export interface CascadeOptionSettings {
  /** 'Semua' first in these lists. */
  allFields?: readonly CascadeField[];
  /** The fields the screen shows; lists of other fields are never loaded. Default: the six. */
  fields?: readonly CascadeField[];
  /** Sources replacing the default ones (`ADMISSION_SOURCES`). */
  sources?: Partial<Record<RemoteField, CascadeSource<never>>>;
  /** Fixed query parameters of the screen's lists. */
  context?: CascadeContext;
  /** The Tahun Masuk choices (`entryYearChoices`). */
  years?: readonly number[];
}

/**
 * Loads what the selects offer for the current values: each list from the values it depends on (docs/data.md),
 * months from the period (or the year when the period is 'Semua'). Lists in `allFields` start with 'Semua'.
 */
export function useCascadeOptions(
  values: CascadeValues,
  settings: CascadeOptionSettings | readonly CascadeField[] = {},
): CascadeOptionLists {
  const {
    allFields = [],
    fields = CASCADE_FIELDS,
    sources = {},
    context = {},
    years = [],
  } = Array.isArray(settings)
    ? { allFields: settings as readonly CascadeField[] }
    : (settings as CascadeOptionSettings);

  /** The request of a remote field, or null when the screen does not show it or a parent is missing. */
  const requestOf = (field: RemoteField) => {
    if (!fields.includes(field)) return null;
    const source = (sources[field] ?? REF_SOURCES[field]) as CascadeSource<never>;
    const params = source.params(values, context);
    return params ? { url: source.url, params } : null;
  };
  const remote: Record<RemoteField, RefList> = {
    department_id: useRefList(requestOf('department_id')),
    year_of_study_id: useRefList(requestOf('year_of_study_id')),
    level_id: useRefList(requestOf('level_id')),
    yos_periode_id: useRefList(requestOf('yos_periode_id')),
    class_id: useRefList(requestOf('class_id')),
    psb_event_id: useRefList(requestOf('psb_event_id')),
    batch_id: useRefList(requestOf('batch_id')),
  };
  const optionsOf = (field: RemoteField) => {
    const source = (sources[field] ?? REF_SOURCES[field]) as CascadeSource<unknown>;
    return remote[field].data.map((row) => source.option(row));
  };

  // Months come from the chosen period, or from the whole year when the period is 'Semua'.
  const periods = remote.yos_periode_id.data as YosPeriode[];
  const period = periods.find((p) => p.id === values.yos_periode_id);
  const year = (remote.year_of_study_id.data as YearOfStudyRef[]).find(
    (y) => y.id === values.year_of_study_id,
  );
  const monthSource = values.yos_periode_id === ALL ? year : period;
  const monthsLoading =
    values.yos_periode_id === ALL ? remote.year_of_study_id.loading : remote.yos_periode_id.loading;

  const months = monthSource ? monthOptions(monthSource.start_date, monthSource.end_date) : [];
  const rangeStart = typeof values.mm_from === 'string' && values.mm_from !== ALL ? values.mm_from : '';
  const lists: Record<CascadeField, CascadeOption[]> = {
    department_id: optionsOf('department_id'),
    year_of_study_id: optionsOf('year_of_study_id'),
    yos_periode_id: optionsOf('yos_periode_id'),
    level_id: optionsOf('level_id'),
    class_id: optionsOf('class_id'),
    mm: months,
    yoe: years.map((y) => ({ value: y, label: String(y) })),
    psb_event_id: optionsOf('psb_event_id'),
    registration_status: REGISTRATION_STATUSES.map((s) => ({ value: s.value, label: s.label })),
    batch_id: optionsOf('batch_id'),
    mm_from: months,
    // A range never ends before it starts.
    mm_to: months.filter((m) => m.value >= rangeStart),
  };
  const ready: Record<CascadeField, boolean> = {
    department_id: true,
    year_of_study_id: requestOf('year_of_study_id') !== null,
    yos_periode_id: requestOf('yos_periode_id') !== null,
    level_id: requestOf('level_id') !== null,
    class_id: requestOf('class_id') !== null,
    mm: !isUnchosen(values.yos_periode_id),
    yoe: true,
    psb_event_id: requestOf('psb_event_id') !== null,
    registration_status: true,
    batch_id: requestOf('batch_id') !== null,
    mm_from: !isUnchosen(values.yos_periode_id),
    mm_to: !isUnchosen(values.yos_periode_id),
  };
  const loading: Record<CascadeField, boolean> = {
    department_id: remote.department_id.loading,
    year_of_study_id: remote.year_of_study_id.loading,
    yos_periode_id: remote.yos_periode_id.loading,
    level_id: remote.level_id.loading,
    class_id: remote.class_id.loading,
    mm: monthsLoading,
    yoe: false,
    psb_event_id: remote.psb_event_id.loading,
    registration_status: false,
    batch_id: remote.batch_id.loading,
    mm_from: monthsLoading,
    mm_to: monthsLoading,
  };
  // 'Semua' is offered even while a parent is missing: under a parent on 'Semua' (Laporan Potongan's department)
  // the disabled child reads 'Semua', never the bare value.
  const options = Object.fromEntries(
    ALL_CASCADE_FIELDS.map((field) => [
      field,
      allFields.includes(field) ? [SEMUA, ...lists[field]] : lists[field],
    ]),
  ) as Record<CascadeField, CascadeOption[]>;
  return { options, loading, ready };
}
