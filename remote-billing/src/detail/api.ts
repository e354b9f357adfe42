/**
 * A bill's requests, one function or hook each (docs/architecture.md "Code layout"). Through `useApi()`, so the
 * embedded view calls with its own token.
 */
import { type BodyType, ROUTES, type StudentBillingDetail, useApi } from '@keuangan/shared';
import { useMemo } from 'react';
import { useBill } from './useBill';

/** The item fields Ubah Item edits inline (the route's schema). */
export type ItemField = BodyType<typeof ROUTES.billing.updateItemField>['field'];

/** `GET /api/student-billing/{id}`: the bill of the detail page. */
export const useStudentBill = (id: string | undefined) =>
  useBill<StudentBillingDetail>(ROUTES.billing.bill({ id }));

/** The writes of the bill detail: its items and its confirmation. */
export function useBillWrites() {
  const { apiGet, apiPost, apiDelete } = useApi();
  return useMemo(
    () => ({
      /** `POST /api/student-billing-item-xupdate/{id}`: one money field of an item. */
      updateItem: (itemId: number, field: ItemField, value: number) =>
        apiPost(ROUTES.billing.updateItemField({ id: itemId }), { field, value }),
      /** `DELETE /api/student-billing-item/{id}`, with the reason when one is given. */
      deleteItem: (itemId: number, reason: string) =>
        apiDelete(ROUTES.billing.deleteItem({ id: itemId }), reason ? { reason } : undefined),
      /** `GET /api/student-fee-component-all`: the components the bill's student may still be charged. */
      availableComponents: (bill: StudentBillingDetail, signal: AbortSignal) =>
        apiGet(
          ROUTES.fees.allComponents(),
          {
            student_id: bill.student_id,
            department_id: bill.department_id,
            // The bill's own month only: an August bill never offers November's components.
            mm: bill.mm,
            available_only: 1,
            orderby: 'id',
            sort: 'asc',
          },
          { signal },
        ),
      /** `POST /api/student-billing-item`: a component added to the bill. */
      addItem: (bill: StudentBillingDetail, componentId: number) =>
        apiPost(ROUTES.billing.addItem(), {
          student_billing_id: bill.id,
          student_fee_component_id: componentId,
          qty: 1,
        }),
      /** `POST /api/student-billing-xupdate/{id}`: confirm (1) or withdraw (0, with the void reason). */
      setFormStatus: (billId: number, value: 0 | 1, voidReason?: string | null) =>
        apiPost(ROUTES.billing.updateBillField({ id: billId }), {
          field: 'form_status',
          value,
          ...(voidReason === undefined ? {} : { void_reason: voidReason }),
        }),
    }),
    [apiGet, apiPost, apiDelete],
  );
}
