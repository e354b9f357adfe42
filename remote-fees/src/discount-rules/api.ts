/** Aturan Potongan's requests, one function or hook each (docs/architecture.md "Code layout"). */
import {
  apiGet,
  apiPost,
  type DiscountApplyPreview,
  type DiscountApplyResult,
  type DiscountRule,
  type DiscountRuleCreate,
  type MessageResponse,
  type StudentCategoryCreate,
  type StudentCategoryRow,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/discount-rules`: one page of the branch's rules. */
export const useDiscountRules = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery<DiscountRule>('/api/discount-rules', params, options);

/** `POST /api/discount-rules`: a new rule. */
export const createDiscountRule = (payload: DiscountRuleCreate) =>
  apiPost<DiscountRule>('/api/discount-rules', payload);

/** `POST /api/discount-rules/{id}/void`: the rule voided with a reason. */
export const voidDiscountRule = (id: number, reason: string) =>
  apiPost<MessageResponse>(`/api/discount-rules/${id}/void`, { reason });

/** `GET /api/discount-rules/{id}/apply-preview`: what applying to unpaid items would give. */
export const previewDiscountRule = (id: number) =>
  apiGet<DiscountApplyPreview>(`/api/discount-rules/${id}/apply-preview`);

/** `POST /api/discount-rules/{id}/apply`: applied to the unpaid items, if the total is still the preview's. */
export const applyDiscountRule = (id: number, total: number) =>
  apiPost<DiscountApplyResult>(`/api/discount-rules/${id}/apply`, { total });

/** `GET /api/student-categories`: one page of the students' categories. */
export const useStudentCategories = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery<StudentCategoryRow>('/api/student-categories', params, options);

/** `POST /api/student-categories`: a student given a category. */
export const addStudentCategory = (payload: StudentCategoryCreate) =>
  apiPost<MessageResponse>('/api/student-categories', payload);

/** `POST /api/student-categories/{id}/end`: the category ended. */
export const endStudentCategory = (id: number, reason: string) =>
  apiPost<MessageResponse>(`/api/student-categories/${id}/end`, { reason });
