import type { StudentBillingBatchSchema } from '../billing/charging';
import type { StudentBillingConfirmSchema, StudentBillingXUpdateSchema } from '../billing/confirmation';
import type { StudentBillingExtraSchema } from '../billing/extra';
import type {
  InstalmentApplySchema,
  InstalmentCancelSchema,
  InstalmentPlanActiveSchema,
  InstalmentPlanSaveSchema,
} from '../billing/instalments';
import type {
  StudentBillingItemCreateSchema,
  StudentBillingItemRemoveSchema,
  StudentBillingItemXUpdateSchema,
} from '../billing/items';
import type {
  ProspectiveBillingPaySchema,
  StudentBillingPayManySchema,
  StudentBillingPaySchema,
} from '../billing/pay';
import type {
  BillsPdfQuerySchema,
  PaymentHistoryQuerySchema,
  StudentAllQuerySchema,
  StudentBillingListQuerySchema,
} from '../billing/query-strings';
import type {
  DiscountApplySchema,
  DiscountRuleCreateSchema,
  DiscountRuleQuerySchema,
  DiscountRuleVoidSchema,
  StudentCategoryCreateSchema,
  StudentCategoryEndSchema,
  StudentCategoryQuerySchema,
} from '../discount-rules';
import type {
  FeeComponentAllQuerySchema,
  FeeComponentBatchDeleteSchema,
  FeeComponentFilterSchema,
  FeeComponentListQuerySchema,
  FeeComponentSchema,
  FeeComponentXUpdateSchema,
} from '../fee-component';
import type { InstalmentPlanQuerySchema } from '../instalment-plans';
import type { ProspectiveBillingListQuerySchema } from '../prospect-billing';
import type { PaymentPayerSchema, PaymentPrintSchema } from '../receipts';
import type { StudentCreditQuerySchema, StudentCreditSpendSchema } from '../student-credit';
/** The routes of bills, fee components, discounts, instalments and receipts (docs/architecture.md#the-route-table). */

import type { StudentBillingBatchResponse } from '../billing/charging';
import type { StudentBillingConfirmResponse } from '../billing/confirmation';
import type { StudentBillingExtraResponse } from '../billing/extra';
import type { StudentBillingPayment } from '../billing/history';
import type {
  BillInstalmentsResponse,
  InstalmentApplyResponse,
  InstalmentPlanPage,
  InstalmentPlanRow,
  InstalmentPlanWriteResponse,
} from '../billing/instalments';
import type { StudentBillingWriteResponse } from '../billing/items';
import type { StudentBillingPaymentReceipt } from '../billing/print';
import type { StudentBilling, StudentBillingDetail, StudentBrief } from '../billing/rows';
import type { MessageResponse, Paged } from '../common';
import type {
  DiscountApplyPreview,
  DiscountApplyResult,
  DiscountRule,
  StudentCategoryRow,
} from '../discount-rules';
import type {
  FeeComponentCopyResponse,
  FeeComponentGenerateResponse,
  StudentFeeComponent,
} from '../fee-component';
import type {
  ProspectiveBilling,
  ProspectiveBillingDetail,
  ProspectiveBillingPaymentReceipt,
} from '../prospect-billing';
import type { PaymentPayerResponse, PaymentPrintResponse } from '../receipts';
import type { StudentCreditPage } from '../student-credit';
import { answer, del, get, post, put, schema } from './define';

export const BILLING_ROUTES = {
  studentCredit: get('/api/student-credit', answer<StudentCreditPage>(), {
    query: schema<typeof StudentCreditQuerySchema>(),
  }),
  spendCredit: post('/api/student-credit-spend', answer<StudentBillingPaymentReceipt>(), {
    body: schema<typeof StudentCreditSpendSchema>(),
  }),
  bills: get('/api/student-billing', answer<Paged<StudentBilling>>(), {
    query: schema<typeof StudentBillingListQuerySchema>(),
  }),
  bill: get('/api/student-billing/:id', answer<StudentBillingDetail>()),
  deleteBill: del('/api/student-billing/:id', answer<MessageResponse>()),
  confirmBills: post('/api/student-billing-update-form-status', answer<StudentBillingConfirmResponse>(), {
    body: schema<typeof StudentBillingConfirmSchema>(),
  }),
  updateBillField: post('/api/student-billing-xupdate/:id', answer<StudentBillingWriteResponse>(), {
    body: schema<typeof StudentBillingXUpdateSchema>(),
  }),
  addItem: post('/api/student-billing-item', answer<StudentBillingWriteResponse>(), {
    body: schema<typeof StudentBillingItemCreateSchema>(),
  }),
  updateItemField: post('/api/student-billing-item-xupdate/:id', answer<StudentBillingWriteResponse>(), {
    body: schema<typeof StudentBillingItemXUpdateSchema>(),
  }),
  deleteItem: del('/api/student-billing-item/:id', answer<StudentBillingWriteResponse>(), {
    query: schema<typeof StudentBillingItemRemoveSchema>(),
  }),
  extraBills: post('/api/student-billing-extra', answer<StudentBillingExtraResponse>(), {
    body: schema<typeof StudentBillingExtraSchema>(),
  }),
  chargeBatch: post('/api/student-billing-batch', answer<StudentBillingBatchResponse>(), {
    body: schema<typeof StudentBillingBatchSchema>(),
  }),
  studentsOfClass: get('/api/student-all', answer<StudentBrief[]>(), {
    query: schema<typeof StudentAllQuerySchema>(),
  }),
  pay: post('/api/student-billing-pay/:id', answer<StudentBillingPaymentReceipt>(), {
    body: schema<typeof StudentBillingPaySchema>(),
  }),
  payMany: post('/api/student-billing-pay', answer<StudentBillingPaymentReceipt>(), {
    body: schema<typeof StudentBillingPayManySchema>(),
  }),
  payments: get('/api/student-billing-payment', answer<Paged<StudentBillingPayment>>(), {
    query: schema<typeof PaymentHistoryQuerySchema>(),
  }),
  billPdf: get('/api/student-billing-pdf/:id', answer<Blob>()),
  billsPdf: get('/api/student-billing-pdf', answer<Blob>(), { query: schema<typeof BillsPdfQuerySchema>() }),
  billInstalments: get('/api/student-billing/:id/instalments', answer<BillInstalmentsResponse>()),
  applyInstalments: post('/api/student-billing-item/:id/instalments', answer<InstalmentApplyResponse>(), {
    body: schema<typeof InstalmentApplySchema>(),
  }),
  cancelInstalments: del('/api/student-billing-item/:id/instalments', answer<MessageResponse>(), {
    query: schema<typeof InstalmentCancelSchema>(),
  }),
};

export const PROSPECT_BILLING_ROUTES = {
  bills: get('/api/prospective-billing', answer<Paged<ProspectiveBilling>>(), {
    query: schema<typeof ProspectiveBillingListQuerySchema>(),
  }),
  bill: get('/api/prospective-billing/:id', answer<ProspectiveBillingDetail>()),
  pay: post('/api/prospective-billing-pay/:id', answer<ProspectiveBillingPaymentReceipt>(), {
    body: schema<typeof ProspectiveBillingPaySchema>(),
  }),
};

export const FEE_ROUTES = {
  components: get('/api/student-fee-component', answer<Paged<StudentFeeComponent>>(), {
    query: schema<typeof FeeComponentListQuerySchema>(),
  }),
  component: get('/api/student-fee-component/:id', answer<StudentFeeComponent>()),
  allComponents: get('/api/student-fee-component-all', answer<StudentFeeComponent[]>(), {
    query: schema<typeof FeeComponentAllQuerySchema>(),
  }),
  createComponent: post('/api/student-fee-component', answer<StudentFeeComponent>(), {
    body: schema<typeof FeeComponentSchema>(),
  }),
  updateComponent: put('/api/student-fee-component/:id', answer<StudentFeeComponent>(), {
    body: schema<typeof FeeComponentSchema>(),
  }),
  deleteComponent: del('/api/student-fee-component/:id', answer<MessageResponse>()),
  updateComponentField: post('/api/student-fee-component-xupdate/:id', answer<StudentFeeComponent>(), {
    body: schema<typeof FeeComponentXUpdateSchema>(),
  }),
  generateComponents: post('/api/student-fee-component-batch', answer<FeeComponentGenerateResponse>(), {
    body: schema<typeof FeeComponentFilterSchema>(),
  }),
  copyPreviousMonth: post('/api/student-fee-component-copy-prev-month', answer<FeeComponentCopyResponse>(), {
    body: schema<typeof FeeComponentFilterSchema>(),
  }),
  deleteComponents: del('/api/student-fee-component-batch', answer<MessageResponse>(), {
    body: schema<typeof FeeComponentBatchDeleteSchema>(),
  }),
  discountRules: get('/api/discount-rules', answer<Paged<DiscountRule>>(), {
    query: schema<typeof DiscountRuleQuerySchema>(),
  }),
  discountRule: get('/api/discount-rules/:id', answer<DiscountRule>()),
  createDiscountRule: post('/api/discount-rules', answer<DiscountRule>(), {
    body: schema<typeof DiscountRuleCreateSchema>(),
  }),
  voidDiscountRule: post('/api/discount-rules/:id/void', answer<MessageResponse>(), {
    body: schema<typeof DiscountRuleVoidSchema>(),
  }),
  previewDiscountRule: get('/api/discount-rules/:id/apply-preview', answer<DiscountApplyPreview>()),
  applyDiscountRule: post('/api/discount-rules/:id/apply', answer<DiscountApplyResult>(), {
    body: schema<typeof DiscountApplySchema>(),
  }),
  studentCategories: get('/api/student-categories', answer<Paged<StudentCategoryRow>>(), {
    query: schema<typeof StudentCategoryQuerySchema>(),
  }),
  addStudentCategory: post('/api/student-categories', answer<MessageResponse>(), {
    body: schema<typeof StudentCategoryCreateSchema>(),
  }),
  endStudentCategory: post('/api/student-categories/:id/end', answer<MessageResponse>(), {
    body: schema<typeof StudentCategoryEndSchema>(),
  }),
  instalmentPlans: get('/api/instalment-plans', answer<InstalmentPlanPage>(), {
    query: schema<typeof InstalmentPlanQuerySchema>(),
  }),
  instalmentPlan: get('/api/instalment-plans/:id', answer<InstalmentPlanRow>()),
  createInstalmentPlan: post('/api/instalment-plans', answer<InstalmentPlanWriteResponse>(), {
    body: schema<typeof InstalmentPlanSaveSchema>(),
  }),
  updateInstalmentPlan: post('/api/instalment-plans/:id', answer<InstalmentPlanWriteResponse>(), {
    body: schema<typeof InstalmentPlanSaveSchema>(),
  }),
  setInstalmentPlanActive: post('/api/instalment-plans/:id/active', answer<InstalmentPlanWriteResponse>(), {
    body: schema<typeof InstalmentPlanActiveSchema>(),
  }),
};

/** A payment as its receipt or note shows it, its prints and its payer (student and prospect alike). */
export const RECEIPT_ROUTES = {
  studentPayment: get('/api/ref-student-billing-payment/:id', answer<StudentBillingPaymentReceipt>()),
  prospectPayment: get(
    '/api/ref-prospective-billing-payment/:id',
    answer<ProspectiveBillingPaymentReceipt>(),
  ),
  studentPrint: post('/api/student-billing-payment-print/:id', answer<PaymentPrintResponse>(), {
    body: schema<typeof PaymentPrintSchema>(),
  }),
  prospectPrint: post('/api/prospective-billing-payment-print/:id', answer<PaymentPrintResponse>(), {
    body: schema<typeof PaymentPrintSchema>(),
  }),
  studentPayer: post('/api/student-billing-payment-xupdate/:id', answer<PaymentPayerResponse>(), {
    body: schema<typeof PaymentPayerSchema>(),
  }),
  prospectPayer: post('/api/prospective-billing-payment-xupdate/:id', answer<PaymentPayerResponse>(), {
    body: schema<typeof PaymentPayerSchema>(),
  }),
};
