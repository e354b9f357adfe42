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
import type { PaymentPrintResponse } from '../receipts';
import type { StudentCreditPage } from '../student-credit';
import { answer, del, get, post, put } from './define';

export const BILLING_ROUTES = {
  studentCredit: get('/api/student-credit', answer<StudentCreditPage>()),
  spendCredit: post('/api/student-credit-spend', answer<StudentBillingPaymentReceipt>()),
  bills: get('/api/student-billing', answer<Paged<StudentBilling>>()),
  bill: get('/api/student-billing/:id', answer<StudentBillingDetail>()),
  deleteBill: del('/api/student-billing/:id', answer<MessageResponse>()),
  confirmBills: post('/api/student-billing-update-form-status', answer<StudentBillingConfirmResponse>()),
  updateBillField: post('/api/student-billing-xupdate/:id', answer<StudentBillingWriteResponse>()),
  addItem: post('/api/student-billing-item', answer<StudentBillingWriteResponse>()),
  updateItemField: post('/api/student-billing-item-xupdate/:id', answer<StudentBillingWriteResponse>()),
  deleteItem: del('/api/student-billing-item/:id', answer<StudentBillingWriteResponse>()),
  extraBills: post('/api/student-billing-extra', answer<StudentBillingExtraResponse>()),
  chargeBatch: post('/api/student-billing-batch', answer<StudentBillingBatchResponse>()),
  studentsOfClass: get('/api/student-all', answer<StudentBrief[]>()),
  pay: post('/api/student-billing-pay/:id', answer<StudentBillingPaymentReceipt>()),
  payMany: post('/api/student-billing-pay', answer<StudentBillingPaymentReceipt>()),
  payments: get('/api/student-billing-payment', answer<Paged<StudentBillingPayment>>()),
  billPdf: get('/api/student-billing-pdf/:id', answer<Blob>()),
  billsPdf: get('/api/student-billing-pdf', answer<Blob>()),
  billInstalments: get('/api/student-billing/:id/instalments', answer<BillInstalmentsResponse>()),
  applyInstalments: post('/api/student-billing-item/:id/instalments', answer<InstalmentApplyResponse>()),
  cancelInstalments: del('/api/student-billing-item/:id/instalments', answer<MessageResponse>()),
};

export const PROSPECT_BILLING_ROUTES = {
  bills: get('/api/prospective-billing', answer<Paged<ProspectiveBilling>>()),
  bill: get('/api/prospective-billing/:id', answer<ProspectiveBillingDetail>()),
  pay: post('/api/prospective-billing-pay/:id', answer<ProspectiveBillingPaymentReceipt>()),
};

export const FEE_ROUTES = {
  components: get('/api/student-fee-component', answer<Paged<StudentFeeComponent>>()),
  component: get('/api/student-fee-component/:id', answer<StudentFeeComponent>()),
  allComponents: get('/api/student-fee-component-all', answer<StudentFeeComponent[]>()),
  createComponent: post('/api/student-fee-component', answer<StudentFeeComponent>()),
  updateComponent: put('/api/student-fee-component/:id', answer<StudentFeeComponent>()),
  deleteComponent: del('/api/student-fee-component/:id', answer<MessageResponse>()),
  updateComponentField: post('/api/student-fee-component-xupdate/:id', answer<StudentFeeComponent>()),
  generateComponents: post('/api/student-fee-component-batch', answer<FeeComponentGenerateResponse>()),
  copyPreviousMonth: post('/api/student-fee-component-copy-prev-month', answer<FeeComponentCopyResponse>()),
  deleteComponents: del('/api/student-fee-component-batch', answer<MessageResponse>()),
  discountRules: get('/api/discount-rules', answer<Paged<DiscountRule>>()),
  discountRule: get('/api/discount-rules/:id', answer<DiscountRule>()),
  createDiscountRule: post('/api/discount-rules', answer<DiscountRule>()),
  voidDiscountRule: post('/api/discount-rules/:id/void', answer<MessageResponse>()),
  previewDiscountRule: get('/api/discount-rules/:id/apply-preview', answer<DiscountApplyPreview>()),
  applyDiscountRule: post('/api/discount-rules/:id/apply', answer<DiscountApplyResult>()),
  studentCategories: get('/api/student-categories', answer<Paged<StudentCategoryRow>>()),
  addStudentCategory: post('/api/student-categories', answer<MessageResponse>()),
  endStudentCategory: post('/api/student-categories/:id/end', answer<MessageResponse>()),
  instalmentPlans: get('/api/instalment-plans', answer<InstalmentPlanPage>()),
  instalmentPlan: get('/api/instalment-plans/:id', answer<InstalmentPlanRow>()),
  createInstalmentPlan: post('/api/instalment-plans', answer<InstalmentPlanWriteResponse>()),
  updateInstalmentPlan: post('/api/instalment-plans/:id', answer<InstalmentPlanWriteResponse>()),
  setInstalmentPlanActive: post('/api/instalment-plans/:id/active', answer<InstalmentPlanWriteResponse>()),
};

interface PayerFields {
  message: string;
  payer_name: string;
  payer_city: string;
}

/** A payment as its receipt or note shows it, its prints and its payer (student and prospect alike). */
export const RECEIPT_ROUTES = {
  studentPayment: get('/api/ref-student-billing-payment/:id', answer<StudentBillingPaymentReceipt>()),
  prospectPayment: get(
    '/api/ref-prospective-billing-payment/:id',
    answer<ProspectiveBillingPaymentReceipt>(),
  ),
  studentPrint: post('/api/student-billing-payment-print/:id', answer<PaymentPrintResponse>()),
  prospectPrint: post('/api/prospective-billing-payment-print/:id', answer<PaymentPrintResponse>()),
  studentPayer: post('/api/student-billing-payment-xupdate/:id', answer<PayerFields>()),
  prospectPayer: post('/api/prospective-billing-payment-xupdate/:id', answer<PayerFields>()),
};
