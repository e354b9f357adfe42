/** Komponen Biaya Siswa's requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  type ChargeInstalment,
  type FeeComponentCopyResponse,
  type FeeComponentFilter,
  type FeeComponentGenerateResponse,
  type FeeComponentPayload,
  type FeeTypeRef,
  type StudentBillingBatchResponse,
  type StudentFeeComponent,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/student-fee-component`: one page of a class-month's components. */
export const useFeeComponentList = (filter: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery<StudentFeeComponent>('/api/student-fee-component', filter, options);

/** `GET /api/student-fee-component/{id}`. */
export const fetchFeeComponent = (id: string | undefined) =>
  apiGet<StudentFeeComponent>(`/api/student-fee-component/${id}`);

/** `GET /api/ref-fee-types-getall`: the Tipe Komponen choices. */
export const fetchFeeTypes = () => apiGet<FeeTypeRef[]>('/api/ref-fee-types-getall');

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
