/** Komponen Biaya Siswa's requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiDelete,
  apiErrorText,
  apiGet,
  apiPost,
  apiPut,
  type ChargeInstalment,
  type FeeComponentFilter,
  type FeeComponentPayload,
  type FeeComponentXUpdate,
  type FeeTypeRef,
  notifyError,
  type QueryType,
  ROUTES,
  type StudentFeeComponent,
  usePagedQuery,
} from '@keuangan/shared';
import { useEffect, useState } from 'react';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-fee-component`: one page of a class-month's components. */
export const useFeeComponentList = (filter: QueryType<typeof ROUTES.fees.components>, options: ListOptions) =>
  usePagedQuery(ROUTES.fees.components(), filter, options);

/** `GET /api/student-fee-component/{id}`. */
export const fetchFeeComponent = (id: string | undefined) => apiGet(ROUTES.fees.component({ id }));

/** `GET /api/ref-fee-types-getall`: the Tipe Komponen choices. */
const fetchFeeTypes = () => apiGet(ROUTES.reference.feeTypes());

/** The branch's fee types for a select (Tipe Komponen, Jenis Biaya): null while loading, [] after a failure (toast). */
export function useFeeTypes(): FeeTypeRef[] | null {
  const [feeTypes, setFeeTypes] = useState<FeeTypeRef[] | null>(null);
  useEffect(() => {
    fetchFeeTypes()
      .then(setFeeTypes)
      .catch((error: unknown) => {
        notifyError(apiErrorText(error), 'Error');
        setFeeTypes([]);
      });
  }, []);
  return feeTypes;
}

/** `POST /api/student-fee-component` for a new component, `PUT /api/student-fee-component/{id}` for one. */
export const saveFeeComponent = (
  component: StudentFeeComponent | null | undefined,
  payload: FeeComponentPayload,
) =>
  component
    ? apiPut(ROUTES.fees.updateComponent({ id: component.id }), payload)
    : apiPost(ROUTES.fees.createComponent(), payload);

/** `POST /api/student-fee-component-xupdate/{id}`: one field edited in the list. */
export const saveFeeComponentField = (id: number, change: FeeComponentXUpdate) =>
  apiPost(ROUTES.fees.updateComponentField({ id }), change);

/** `POST /api/student-fee-component-batch`: Generate Komponen from the level's default fees. */
export const generateFeeComponents = (filter: FeeComponentFilter) =>
  apiPost(ROUTES.fees.generateComponents(), filter);

/** `POST /api/student-fee-component-copy-prev-month`: the previous month's components copied here. */
export const copyFromPreviousMonth = (filter: FeeComponentFilter) =>
  apiPost(ROUTES.fees.copyPreviousMonth(), filter);

/** `DELETE /api/student-fee-component-batch`: the selected components. */
export const deleteFeeComponents = (ids: number[]) =>
  apiDelete(ROUTES.fees.deleteComponents(), undefined, { data: { item_ids: ids } });

/** `POST /api/student-billing-batch`: the class-month's (or the level's) components charged to its students. */
export const chargeClassMonth = (filter: FeeComponentFilter, instalment?: ChargeInstalment) =>
  apiPost(ROUTES.billing.chargeBatch(), { ...filter, instalment });
