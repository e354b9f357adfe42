/** Tagihan Siswa's requests (docs/architecture.md "Code layout"); the bills' page is the billing list's query. */
import {
  apiGet,
  apiPostIdempotent,
  type BodyType,
  ROUTES,
  type Student,
  type StudentCreditSpendInput,
  useApi,
  type YearOfStudyRef,
} from '@keuangan/shared';
import { useMemo } from 'react';

export interface StudentWithYears {
  student: Student;
  years: YearOfStudyRef[];
}

/** `GET /api/student/{id}`, then its department's years of study. */
export async function fetchStudentWithYears(id: number, signal: AbortSignal): Promise<StudentWithYears> {
  const student = await apiGet(ROUTES.people.student({ id }), undefined, { signal });
  const years = await apiGet(
    ROUTES.reference.yearsOfStudy(),
    { department_id: student.department_id },
    { signal },
  );
  return { student, years };
}

/** Paying several of a student's bills at once, through `useApi()` (the embedded view's token). */
export function useManyBillsPayment() {
  const { apiGet, apiPostIdempotent } = useApi();
  return useMemo(
    () => ({
      /** `GET /api/student-billing/{id}` of each bill. */
      details: (ids: readonly string[], signal: AbortSignal) =>
        Promise.all(ids.map((id) => apiGet(ROUTES.billing.bill({ id }), undefined, { signal }))),
      /** `POST /api/student-billing-pay`: one payment over the bills, with its Idempotency-Key. */
      pay: (body: BodyType<typeof ROUTES.billing.payMany>, key: string) =>
        apiPostIdempotent(ROUTES.billing.payMany(), body, key),
    }),
    [apiGet, apiPostIdempotent],
  );
}

/** `POST /api/student-credit-spend`: "Gunakan Saldo Titipan", with its Idempotency-Key (docs/money.md). */
export const spendCredit = (body: StudentCreditSpendInput, key: string) =>
  apiPostIdempotent(ROUTES.billing.spendCredit(), body, key);
