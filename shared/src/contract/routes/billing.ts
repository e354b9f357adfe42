import { StudentBillingBatchSchema } from '../billing/charging';
import { StudentBillingConfirmSchema, StudentBillingXUpdateSchema } from '../billing/confirmation';
import { StudentBillingExtraSchema } from '../billing/extra';
import {
  InstalmentApplySchema,
  InstalmentCancelSchema,
  InstalmentPlanActiveSchema,
  InstalmentPlanSaveSchema,
} from '../billing/instalments';
import {
  StudentBillingItemCreateSchema,
  StudentBillingItemRemoveSchema,
  StudentBillingItemXUpdateSchema,
} from '../billing/items';
import {
  ProspectiveBillingPaySchema,
  StudentBillingPayManySchema,
  StudentBillingPaySchema,
} from '../billing/pay';
import {
  BillsPdfQuerySchema,
  PaymentHistoryQuerySchema,
  StudentAllQuerySchema,
  StudentBillingListQuerySchema,
} from '../billing/query-strings';
import {
  DiscountApplySchema,
  DiscountRuleCreateSchema,
  DiscountRuleQuerySchema,
  DiscountRuleVoidSchema,
  StudentCategoryCreateSchema,
  StudentCategoryEndSchema,
  StudentCategoryQuerySchema,
} from '../discount-rules';
import {
  FeeComponentAllQuerySchema,
  FeeComponentBatchDeleteSchema,
  FeeComponentFilterSchema,
  FeeComponentListQuerySchema,
  FeeComponentSchema,
  FeeComponentXUpdateSchema,
} from '../fee-component';
import { InstalmentPlanQuerySchema } from '../instalment-plans';
import { ProspectiveBillingListQuerySchema } from '../prospect-billing';
import { PaymentPayerSchema, PaymentPrintSchema } from '../receipts';
import { StudentCreditQuerySchema, StudentCreditSpendSchema } from '../student-credit';
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
import { answer, del, get, post, put } from './define';

export const BILLING_ROUTES = {
  studentCredit: get('/api/student-credit', answer<StudentCreditPage>(), { query: StudentCreditQuerySchema }),
  spendCredit: post('/api/student-credit-spend', answer<StudentBillingPaymentReceipt>(), {
    body: StudentCreditSpendSchema,
  }),
  bills: get('/api/student-billing', answer<Paged<StudentBilling>>(), {
    query: StudentBillingListQuerySchema,
  }),
  bill: get('/api/student-billing/:id', answer<StudentBillingDetail>()),
  deleteBill: del('/api/student-billing/:id', answer<MessageResponse>()),
  confirmBills: post('/api/student-billing-update-form-status', answer<StudentBillingConfirmResponse>(), {
    body: StudentBillingConfirmSchema,
  }),
  updateBillField: post('/api/student-billing-xupdate/:id', answer<StudentBillingWriteResponse>(), {
    body: StudentBillingXUpdateSchema,
  }),
  addItem: post('/api/student-billing-item', answer<StudentBillingWriteResponse>(), {
    body: StudentBillingItemCreateSchema,
  }),
  updateItemField: post('/api/student-billing-item-xupdate/:id', answer<StudentBillingWriteResponse>(), {
    body: StudentBillingItemXUpdateSchema,
  }),
  deleteItem: del('/api/student-billing-item/:id', answer<StudentBillingWriteResponse>(), {
    query: StudentBillingItemRemoveSchema,
  }),
  extraBills: post('/api/student-billing-extra', answer<StudentBillingExtraResponse>(), {
    body: StudentBillingExtraSchema,
  }),
  chargeBatch: post('/api/student-billing-batch', answer<StudentBillingBatchResponse>(), {
    body: StudentBillingBatchSchema,
  }),
  studentsOfClass: get('/api/student-all', answer<StudentBrief[]>(), { query: StudentAllQuerySchema }),
  pay: post('/api/student-billing-pay/:id', answer<StudentBillingPaymentReceipt>(), {
    body: StudentBillingPaySchema,
  }),
  payMany: post('/api/student-billing-pay', answer<StudentBillingPaymentReceipt>(), {
    body: StudentBillingPayManySchema,
  }),
  payments: get('/api/student-billing-payment', answer<Paged<StudentBillingPayment>>(), {
    query: PaymentHistoryQuerySchema,
  }),
  billPdf: get('/api/student-billing-pdf/:id', answer<Blob>()),
  billsPdf: get('/api/student-billing-pdf', answer<Blob>(), { query: BillsPdfQuerySchema }),
  billInstalments: get('/api/student-billing/:id/instalments', answer<BillInstalmentsResponse>()),
  applyInstalments: post('/api/student-billing-item/:id/instalments', answer<InstalmentApplyResponse>(), {
    body: InstalmentApplySchema,
  }),
  cancelInstalments: del('/api/student-billing-item/:id/instalments', answer<MessageResponse>(), {
    query: InstalmentCancelSchema,
  }),
};

export const PROSPECT_BILLING_ROUTES = {
  bills: get('/api/prospective-billing', answer<Paged<ProspectiveBilling>>(), {
    query: ProspectiveBillingListQuerySchema,
  }),
  bill: get('/api/prospective-billing/:id', answer<ProspectiveBillingDetail>()),
  pay: post('/api/prospective-billing-pay/:id', answer<ProspectiveBillingPaymentReceipt>(), {
    body: ProspectiveBillingPaySchema,
  }),
};

export const FEE_ROUTES = {
  components: get('/api/student-fee-component', answer<Paged<StudentFeeComponent>>(), {
    query: FeeComponentListQuerySchema,
  }),
  component: get('/api/student-fee-component/:id', answer<StudentFeeComponent>()),
  allComponents: get('/api/student-fee-component-all', answer<StudentFeeComponent[]>(), {
    query: FeeComponentAllQuerySchema,
  }),
  createComponent: post('/api/student-fee-component', answer<StudentFeeComponent>(), {
    body: FeeComponentSchema,
  }),
  updateComponent: put('/api/student-fee-component/:id', answer<StudentFeeComponent>(), {
    body: FeeComponentSchema,
  }),
  deleteComponent: del('/api/student-fee-component/:id', answer<MessageResponse>()),
  updateComponentField: post('/api/student-fee-component-xupdate/:id', answer<StudentFeeComponent>(), {
    body: FeeComponentXUpdateSchema,
  }),
  generateComponents: post('/api/student-fee-component-batch', answer<FeeComponentGenerateResponse>(), {
    body: FeeComponentFilterSchema,
  }),
  copyPreviousMonth: post('/api/student-fee-component-copy-prev-month', answer<FeeComponentCopyResponse>(), {
    body: FeeComponentFilterSchema,
  }),
  deleteComponents: del('/api/student-fee-component-batch', answer<MessageResponse>(), {
    body: FeeComponentBatchDeleteSchema,
  }),
  discountRules: get('/api/discount-rules', answer<Paged<DiscountRule>>(), {
    query: DiscountRuleQuerySchema,
  }),
  discountRule: get('/api/discount-rules/:id', answer<DiscountRule>()),
  createDiscountRule: post('/api/discount-rules', answer<DiscountRule>(), { body: DiscountRuleCreateSchema }),
  voidDiscountRule: post('/api/discount-rules/:id/void', answer<MessageResponse>(), {
    body: DiscountRuleVoidSchema,
  }),
  previewDiscountRule: get('/api/discount-rules/:id/apply-preview', answer<DiscountApplyPreview>()),
  applyDiscountRule: post('/api/discount-rules/:id/apply', answer<DiscountApplyResult>(), {
    body: DiscountApplySchema,
  }),
  studentCategories: get('/api/student-categories', answer<Paged<StudentCategoryRow>>(), {
    query: StudentCategoryQuerySchema,
  }),
  addStudentCategory: post('/api/student-categories', answer<MessageResponse>(), {
    body: StudentCategoryCreateSchema,
  }),
  endStudentCategory: post('/api/student-categories/:id/end', answer<MessageResponse>(), {
    body: StudentCategoryEndSchema,
  }),
  instalmentPlans: get('/api/instalment-plans', answer<InstalmentPlanPage>(), {
    query: InstalmentPlanQuerySchema,
  }),
  instalmentPlan: get('/api/instalment-plans/:id', answer<InstalmentPlanRow>()),
  createInstalmentPlan: post('/api/instalment-plans', answer<InstalmentPlanWriteResponse>(), {
    body: InstalmentPlanSaveSchema,
  }),
  updateInstalmentPlan: post('/api/instalment-plans/:id', answer<InstalmentPlanWriteResponse>(), {
    body: InstalmentPlanSaveSchema,
  }),
  setInstalmentPlanActive: post('/api/instalment-plans/:id/active', answer<InstalmentPlanWriteResponse>(), {
    body: InstalmentPlanActiveSchema,
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
    body: PaymentPrintSchema,
  }),
  prospectPrint: post('/api/prospective-billing-payment-print/:id', answer<PaymentPrintResponse>(), {
    body: PaymentPrintSchema,
  }),
  studentPayer: post('/api/student-billing-payment-xupdate/:id', answer<PaymentPayerResponse>(), {
    body: PaymentPayerSchema,
  }),
  prospectPayer: post('/api/prospective-billing-payment-xupdate/:id', answer<PaymentPayerResponse>(), {
    body: PaymentPayerSchema,
  }),
};
