/** Komponen Biaya Siswa's requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiDelete,
  apiErrorText,
  apiGet,
  apiPost,
  apiPut,
  type ChargeInstalment,
  type FeeComponentCopyResponse,
  type FeeComponentFilter,
  type FeeComponentGenerateResponse,
  type FeeComponentPayload,
  type FeeTypeRef,
  notifyError,
  type StudentBillingBatchResponse,
  type StudentFeeComponent,
  usePagedQuery,
} from '@keuangan/shared';
import { useEffect, useState } from 'react';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-fee-component`: one page of a class-month's components. */
export const useFeeComponentList = (filter: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery<StudentFeeComponent>('/api/student-fee-component', filter, options);

/** `GET /api/student-fee-component/{id}`. */
export const fetchFeeComponent = (id: string | undefined) =>
  apiGet<StudentFeeComponent>(`/api/student-fee-component/${id}`);

/** `GET /api/ref-fee-types-getall`: the Tipe Komponen choices. */
const fetchFeeTypes = () => apiGet<FeeTypeRef[]>('/api/ref-fee-types-getall');

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
    ? apiPut<StudentFeeComponent>(`/api/student-fee-component/${component.id}`, payload)
    : apiPost<StudentFeeComponent>('/api/student-fee-component', payload);

/** `POST /api/student-fee-component-xupdate/{id}`: one field edited in the list. */
export const saveFeeComponentField = (id: number, field: 'name' | 'price', value: string | number) =>
  apiPost<StudentFeeComponent>(`/api/student-fee-component-xupdate/${id}`, { field, value });

/** `POST /api/student-fee-component-batch`: Generate Komponen from the level's default fees. */
export const generateFeeComponents = (filter: FeeComponentFilter) =>
  apiPost<FeeComponentGenerateResponse>('/api/student-fee-component-batch', filter);

/** `POST /api/student-fee-component-copy-prev-month`: the previous month's components copied here. */
export const copyFromPreviousMonth = (filter: FeeComponentFilter) =>
  apiPost<FeeComponentCopyResponse>('/api/student-fee-component-copy-prev-month', filter);

/** `DELETE /api/student-fee-component-batch`: the selected components. */
export const deleteFeeComponents = (ids: number[]) =>
  apiDelete('/api/student-fee-component-batch', undefined, { data: { item_ids: ids } });

/** `POST /api/student-billing-batch`: the class-month's (or the level's) components charged to its students. */
export const chargeClassMonth = (filter: FeeComponentFilter, instalment?: ChargeInstalment) =>
  apiPost<StudentBillingBatchResponse>('/api/student-billing-batch', { ...filter, instalment });
