import type { ClassRef, DepartmentRef, LevelRef, YearOfStudyRef, YosPeriode } from '@keuangan/shared/core';
import { apiErrorText, apiGet, isCancelledRequest, notifyError } from '@keuangan/shared/core';
import { useEffect, useState } from 'react';
import {
  ALL,
  CASCADE_FIELDS,
  type CascadeField,
  type CascadeValues,
  isUnchosen,
  monthOptions,
} from './cascade';

export interface CascadeOption {
  value: number | string;
  label: string;
}

/** The option lists of the six selects, and which of them are loading or still waiting for a parent. */
export interface CascadeOptionLists {
  options: Record<CascadeField, CascadeOption[]>;
  loading: Record<CascadeField, boolean>;
  /** False while a parent the list depends on is not chosen (the select is then disabled). */
  ready: Record<CascadeField, boolean>;
}

interface RefList<T> {
  data: T[];
  loading: boolean;
}

/**
 * One reference list, fetched again whenever `params` change (null: not needed yet, empty). A newer
 * request cancels the older one; data of older params is never returned; a failure shows an 'Error' toast.
 */
function useRefList<T>(url: string, params: Record<string, number> | null): RefList<T> {
  const key = params ? JSON.stringify(params) : null;
  const [loaded, setLoaded] = useState<{ key: string; data: T[] } | null>(null);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    apiGet<T[]>(url, JSON.parse(key), { signal: controller.signal })
      .then((data) => setLoaded({ key, data }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        // Spec part 2 §8: load failures are centred.
        notifyError(apiErrorText(error), 'Error', { centered: true });
        setLoaded({ key, data: [] });
      });
    return () => controller.abort();
  }, [url, key]);

  if (key === null) return { data: [], loading: false };
  return loaded?.key === key ? { data: loaded.data, loading: false } : { data: [], loading: true };
}

const idOf = (value: CascadeValues[CascadeField]) => (typeof value === 'number' ? value : undefined);

const SEMUA: CascadeOption = { value: ALL, label: 'Semua' };

/**
 * Loads what the six selects offer for the current values (spec part 2 §7 reference calls): departments
 * once; years and levels for the department; periods for the year; classes for department, year and level;
 * months from the period (or, when the period is 'Semua', from the year). Lists in `allFields` start
 * with 'Semua'.
 */
export function useCascadeOptions(
  values: CascadeValues,
  allFields: readonly CascadeField[] = [],
): CascadeOptionLists {
  const departmentId = idOf(values.department_id);
  const yearId = idOf(values.year_of_study_id);
  const levelChosen = !isUnchosen(values.level_id);
  const levelId = idOf(values.level_id);

  const departments = useRefList<DepartmentRef>('/api/ref-department-getall', {});
  const years = useRefList<YearOfStudyRef>(
    '/api/ref-year-of-study-getall',
    departmentId ? { department_id: departmentId } : null,
  );
  const levels = useRefList<LevelRef>(
    '/api/ref-level-getall',
    departmentId ? { department_id: departmentId } : null,
  );
  const periods = useRefList<YosPeriode>(
    '/api/ref-yos-periode-getall',
    yearId ? { year_of_study_id: yearId } : null,
  );
  const classes = useRefList<ClassRef>(
    '/api/ref-class-getall',
    departmentId && yearId && levelChosen
      ? { department_id: departmentId, year_of_study_id: yearId, ...(levelId ? { level_id: levelId } : {}) }
      : null,
  );

  // Months come from the chosen period, or from the whole year when the period is 'Semua'.
  const period = periods.data.find((p) => p.id === values.yos_periode_id);
  const year = years.data.find((y) => y.id === yearId);
  const monthSource = values.yos_periode_id === ALL ? year : period;
  const monthsLoading = values.yos_periode_id === ALL ? years.loading : periods.loading;

  const named = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));
  const lists: Record<CascadeField, CascadeOption[]> = {
    department_id: named(departments.data),
    year_of_study_id: named(years.data),
    yos_periode_id: periods.data.map((p) => ({ value: p.id, label: p.periode.name })),
    level_id: named(levels.data),
    class_id: named(classes.data),
    mm: monthSource ? monthOptions(monthSource.start_date, monthSource.end_date) : [],
  };
  const ready: Record<CascadeField, boolean> = {
    department_id: true,
    year_of_study_id: departmentId !== undefined,
    yos_periode_id: yearId !== undefined,
    level_id: departmentId !== undefined,
    class_id: departmentId !== undefined && yearId !== undefined && levelChosen,
    mm: !isUnchosen(values.yos_periode_id),
  };
  const loading: Record<CascadeField, boolean> = {
    department_id: departments.loading,
    year_of_study_id: years.loading,
    yos_periode_id: periods.loading,
    level_id: levels.loading,
    class_id: classes.loading,
    mm: monthsLoading,
  };
  const options = Object.fromEntries(
    CASCADE_FIELDS.map((field) => [
      field,
      allFields.includes(field) && ready[field] ? [SEMUA, ...lists[field]] : lists[field],
    ]),
  ) as Record<CascadeField, CascadeOption[]>;
  return { options, loading, ready };
}
