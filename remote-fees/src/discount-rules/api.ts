/** Aturan Potongan's requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPost,
  type DiscountRuleCreate,
  type QueryType,
  ROUTES,
  type StudentCategoryCreate,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/discount-rules`: one page of the branch's rules. */
export const useDiscountRules = (params: QueryType<typeof ROUTES.fees.discountRules>, options: ListOptions) =>
  usePagedQuery(ROUTES.fees.discountRules(), params, options);

/** `POST /api/discount-rules`: a new rule. */
export const createDiscountRule = (payload: DiscountRuleCreate) =>
  apiPost(ROUTES.fees.createDiscountRule(), payload);

/** `POST /api/discount-rules/{id}/void`: the rule voided with a reason. */
export const voidDiscountRule = (id: number, reason: string) =>
  apiPost(ROUTES.fees.voidDiscountRule({ id }), { reason });

/** `GET /api/discount-rules/{id}/apply-preview`: what applying to unpaid items would give. */
export const previewDiscountRule = (id: number) => apiGet(ROUTES.fees.previewDiscountRule({ id }));

/** `POST /api/discount-rules/{id}/apply`: applied to the unpaid items, if the total is still the preview's. */
export const applyDiscountRule = (id: number, total: number) =>
  apiPost(ROUTES.fees.applyDiscountRule({ id }), { total });

/** `GET /api/student-categories`: one page of the students' categories. */
export const useStudentCategories = (
  params: QueryType<typeof ROUTES.fees.studentCategories>,
  options: ListOptions,
) => usePagedQuery(ROUTES.fees.studentCategories(), params, options);

/** `POST /api/student-categories`: a student given a category. */
export const addStudentCategory = (payload: StudentCategoryCreate) =>
  apiPost(ROUTES.fees.addStudentCategory(), payload);

/** `POST /api/student-categories/{id}/end`: the category ended. */
export const endStudentCategory = (id: number, reason: string) =>
  apiPost(ROUTES.fees.endStudentCategory({ id }), { reason });
