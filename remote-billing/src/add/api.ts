/** Billing Tambahan Siswa's requests (docs/architecture.md "Code layout"). */
import {
  apiErrorText,
  apiGet,
  apiPost,
  type BodyType,
  isCancelledRequest,
  notifyError,
  ROUTES,
  type StudentBrief,
  type StudentFeeComponent,
  type YosPeriode,
} from '@keuangan/shared';
import { useEffect, useState } from 'react';
import { CENTERED } from '../constants';

/** A list loaded for a key (null: not needed, empty); a failure is reported and leaves it empty. */
function useList<T>(url: string, params: Record<string, unknown> | null): T[] | null {
  const key = params ? JSON.stringify(params) : null;
  const [loaded, setLoaded] = useState<{ key: string; rows: T[] } | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    apiGet<T[]>(url, JSON.parse(key), { signal: controller.signal })
      .then((rows) => setLoaded({ key, rows }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        notifyError(apiErrorText(error), 'Error', CENTERED);
        setLoaded({ key, rows: [] });
      });
    return () => controller.abort();
  }, [url, key]);
  if (key === null) return [];
  return loaded?.key === key ? loaded.rows : null;
}

/** `GET /api/student-fee-component-all`: a class-month's components. */
export const useClassMonthComponents = (params: Record<string, unknown> | null) =>
  useList<StudentFeeComponent>(ROUTES.fees.allComponents(), params);

/** `GET /api/student-all`: a class's students. */
export const useClassStudents = (params: Record<string, unknown> | null) =>
  useList<StudentBrief>(ROUTES.billing.studentsOfClass(), params);

/** `GET /api/ref-yos-periode-getall`: a year of study's periods. */
export const usePeriods = (params: Record<string, unknown> | null) =>
  useList<YosPeriode>(ROUTES.reference.periods(), params);

/** `POST /api/student-billing-extra`: one unconfirmed extra bill per chosen student. */
export const createExtraBills = (payload: BodyType<typeof ROUTES.billing.extraBills>) =>
  apiPost(ROUTES.billing.extraBills(), payload);
