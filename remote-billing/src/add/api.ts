/** Billing Tambahan Siswa's requests (docs/architecture.md "Code layout"). */
import {
  type ApiUrl,
  apiErrorText,
  apiGet,
  apiPost,
  type BodyType,
  isCancelledRequest,
  notifyError,
  type QueryOf,
  type QueryType,
  ROUTES,
} from '@keuangan/shared';
import { useEffect, useState } from 'react';
import { CENTERED } from '../constants';

/** A list route's rows loaded for a query (null: not needed, empty); a failure is reported and leaves it empty. */
function useList<T, Q>(url: ApiUrl<T[], 'GET', unknown, Q>, params: QueryOf<typeof url> | null): T[] | null {
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
export const useClassMonthComponents = (params: QueryType<typeof ROUTES.fees.allComponents> | null) =>
  useList(ROUTES.fees.allComponents(), params);

/** `GET /api/student-all`: a class's students. */
export const useClassStudents = (params: QueryType<typeof ROUTES.billing.studentsOfClass> | null) =>
  useList(ROUTES.billing.studentsOfClass(), params);

/** `GET /api/ref-yos-periode-getall`: a year of study's periods. */
export const usePeriods = (params: QueryType<typeof ROUTES.reference.periods> | null) =>
  useList(ROUTES.reference.periods(), params);

/** `POST /api/student-billing-extra`: one unconfirmed extra bill per chosen student. */
export const createExtraBills = (payload: BodyType<typeof ROUTES.billing.extraBills>) =>
  apiPost(ROUTES.billing.extraBills(), payload);
