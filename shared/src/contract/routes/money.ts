/** The routes of the cash desk, bank, online payments, reports, reminders and books (docs/architecture.md#the-route-table). */
import type {
  BankAccount,
  BankAccountList,
  BankImportResult,
  BankLineList,
  BankOverview,
  BankPostResult,
} from '../bank-reconciliation';
import { BankAccountCreateSchema, BankAllocateSchema, BankLineQuerySchema } from '../bank-reconciliation';
import type { BooksAccount, BooksJournalEntry, BooksPeriods, BooksTieOut, BooksTrialBalance } from '../books';
import {
  BooksJournalExportQuerySchema,
  BooksJournalQuerySchema,
  BooksPeriodCloseSchema,
  BooksPeriodReopenSchema,
  BooksTrialBalanceQuerySchema,
} from '../books';
import type { BooksChartAccount, BooksMappingRow } from '../books-chart';
import {
  BooksAccountActiveSchema,
  BooksAccountSaveSchema,
  BooksChartQuerySchema,
  BooksMappingSaveSchema,
} from '../books-chart';
import type { BooksLedgerLine } from '../books-ledger';
import { BooksLedgerQuerySchema } from '../books-ledger';
import type { CashClosing, CashDayRecap } from '../cash-closing';
import { CashClosingCreateSchema, CashClosingReopenSchema, CashDayQuerySchema } from '../cash-closing';
import { CashDepositCreateSchema } from '../cash-count';
import type { MessageResponse, Paged } from '../common';
import type { DiscountReport } from '../discount-rules';
import { DiscountReportQuerySchema } from '../discount-rules';
import type { FixedVa, FixedVaPaymentRow } from '../fixed-va';
import {
  FixedVaCloseSchema,
  FixedVaCreateSchema,
  FixedVaListQuerySchema,
  FixedVaPaymentListQuerySchema,
  FixedVaSimulateSchema,
} from '../fixed-va';
import type { OnlineCharge, OnlineChargeDetail, OnlineGatewayInfo } from '../online-payments';
import { OnlineChargeCreateSchema, OnlineChargeListQuerySchema } from '../online-payments';
import type { OnlinePaymentSettings } from '../online-settings';
import { OnlinePaymentSettingsSchema } from '../online-settings';
import type { BillReminderCreated, BillReminderPage, ReminderGateway, StudentReminders } from '../reminders';
import {
  BillReminderCreateSchema,
  BillReminderLetterQuerySchema,
  BillReminderQuerySchema,
  ReminderGatewaySendSchema,
} from '../reminders';
import type {
  ProspectiveBillingReport,
  ProspectiveBillingReportUnpaid,
  StudentBillingReport,
  StudentBillingReportStudent,
} from '../reports';
import {
  ProspectiveBillingReportQuerySchema,
  ProspectiveBillingUnpaidQuerySchema,
  StudentBillingReportQuerySchema,
  StudentBillingReportStudentsQuerySchema,
} from '../reports';
import type { StudentStatement } from '../statement';
import { StatementQuerySchema } from '../statement';
import type { StudentCreditMovementReport, StudentCreditReport } from '../student-credit-report';
import {
  StudentCreditMovementsQuerySchema,
  StudentCreditReportFilterSchema,
  StudentCreditReportQuerySchema,
} from '../student-credit-report';
import { answer, get, post, put } from './define';

export const CASH_ROUTES = {
  day: get('/api/cash-closing', answer<CashDayRecap>(), { query: CashDayQuerySchema }),
  close: post('/api/cash-closing', answer<CashClosing>(), { body: CashClosingCreateSchema }),
  reopen: post('/api/cash-closing/:id/reopen', answer<CashClosing>(), { body: CashClosingReopenSchema }),
  deposit: post('/api/cash-closing/:id/deposit', answer<CashClosing>(), { body: CashDepositCreateSchema }),
  closingPdf: get('/api/cash-closing/:id/pdf', answer<Blob>()),
  depositPdf: get('/api/cash-closing/:id/deposit/pdf', answer<Blob>()),
};

export const BANK_ROUTES = {
  accounts: get('/api/bank-accounts', answer<BankAccountList>()),
  createAccount: post('/api/bank-accounts', answer<BankAccount>(), { body: BankAccountCreateSchema }),
  lines: get('/api/bank-statement-lines', answer<BankLineList>(), { query: BankLineQuerySchema }),
  importStatement: post('/api/bank-statement-import/:id', answer<BankImportResult>()),
  template: get('/api/bank-statement-template', answer<Blob>()),
  allocateLine: post('/api/bank-statement-lines/:id/allocate', answer<MessageResponse>(), {
    body: BankAllocateSchema,
  }),
  postLine: post('/api/bank-statement-lines/:id/post', answer<BankPostResult>()),
  overview: get('/api/bank-reconciliation-overview', answer<BankOverview>(), { query: BankLineQuerySchema }),
  xlsx: get('/api/bank-reconciliation-xlsx', answer<Blob>(), { query: BankLineQuerySchema }),
};

export const ONLINE_PAYMENT_ROUTES = {
  charges: get('/api/online-payments', answer<Paged<OnlineCharge>>(), { query: OnlineChargeListQuerySchema }),
  create: post('/api/online-payments', answer<OnlineCharge>(), { body: OnlineChargeCreateSchema }),
  channels: get('/api/online-payments/channels', answer<OnlineGatewayInfo>()),
  charge: get('/api/online-payments/:id', answer<OnlineChargeDetail>()),
  check: post('/api/online-payments/:id/check', answer<OnlineChargeDetail>()),
  simulate: post('/api/online-payments/:id/simulate', answer<OnlineChargeDetail>()),
  settings: get('/api/online-payments/settings', answer<OnlinePaymentSettings>()),
  saveSettings: put('/api/online-payments/settings', answer<OnlinePaymentSettings>(), {
    body: OnlinePaymentSettingsSchema,
  }),
  fixedVas: get('/api/online-payments/fixed-va', answer<FixedVa[]>(), { query: FixedVaListQuerySchema }),
  createFixedVa: post('/api/online-payments/fixed-va', answer<FixedVa>(), { body: FixedVaCreateSchema }),
  simulateFixedVa: post('/api/online-payments/fixed-va/:id/simulate', answer<MessageResponse>(), {
    body: FixedVaSimulateSchema,
  }),
  closeFixedVa: post('/api/online-payments/fixed-va/:id/close', answer<FixedVa>(), {
    body: FixedVaCloseSchema,
  }),
  fixedVaPayments: get('/api/online-payments/fixed-va/payments', answer<Paged<FixedVaPaymentRow>>(), {
    query: FixedVaPaymentListQuerySchema,
  }),
};

export const REPORT_ROUTES = {
  studentBilling: get('/api/report-student-billing', answer<StudentBillingReport>(), {
    query: StudentBillingReportQuerySchema,
  }),
  studentArrears: get('/api/report-student-billing-students', answer<Paged<StudentBillingReportStudent>>(), {
    query: StudentBillingReportStudentsQuerySchema,
  }),
  studentBillingXlsx: get('/api/report-student-billing-xlsx', answer<Blob>(), {
    query: StudentBillingReportQuerySchema,
  }),
  prospectBilling: get('/api/report-prospective-billing', answer<ProspectiveBillingReport>(), {
    query: ProspectiveBillingReportQuerySchema,
  }),
  prospectUnpaid: get(
    '/api/report-prospective-billing-unpaid',
    answer<Paged<ProspectiveBillingReportUnpaid>>(),
    { query: ProspectiveBillingUnpaidQuerySchema },
  ),
  prospectBillingXlsx: get('/api/report-prospective-billing-xlsx', answer<Blob>(), {
    query: ProspectiveBillingReportQuerySchema,
  }),
  discounts: get('/api/report-discounts', answer<DiscountReport>(), { query: DiscountReportQuerySchema }),
  discountsXlsx: get('/api/report-discounts-xlsx', answer<Blob>(), { query: DiscountReportQuerySchema }),
  statement: get('/api/student-statement', answer<StudentStatement>(), { query: StatementQuerySchema }),
  statementPdf: get('/api/student-statement-pdf', answer<Blob>(), { query: StatementQuerySchema }),
  creditReport: get('/api/student-credit/report', answer<StudentCreditReport>(), {
    query: StudentCreditReportQuerySchema,
  }),
  creditMovements: get('/api/student-credit/report-movements', answer<StudentCreditMovementReport>(), {
    query: StudentCreditMovementsQuerySchema,
  }),
  creditReportXlsx: get('/api/student-credit/report-xlsx', answer<Blob>(), {
    query: StudentCreditReportFilterSchema,
  }),
};

export const REMINDER_ROUTES = {
  overdue: get('/api/bill-reminders', answer<BillReminderPage>(), { query: BillReminderQuerySchema }),
  record: post('/api/bill-reminders', answer<BillReminderCreated>(), { body: BillReminderCreateSchema }),
  ofStudent: get('/api/bill-reminders/student/:id', answer<StudentReminders>()),
  gateway: get('/api/bill-reminder-gateway', answer<ReminderGateway>()),
  sendViaGateway: post('/api/bill-reminder-gateway', answer<BillReminderCreated>(), {
    body: ReminderGatewaySendSchema,
  }),
  lettersPdf: get('/api/bill-reminder-letters-pdf', answer<Blob>(), { query: BillReminderLetterQuerySchema }),
};

export const BOOKS_ROUTES = {
  chart: get('/api/books/chart', answer<Paged<BooksChartAccount>>(), { query: BooksChartQuerySchema }),
  addAccount: post('/api/books/chart', answer<MessageResponse>(), { body: BooksAccountSaveSchema }),
  editAccount: put('/api/books/chart/:id', answer<MessageResponse>(), { body: BooksAccountSaveSchema }),
  setAccountActive: post('/api/books/chart/:id/active', answer<MessageResponse>(), {
    body: BooksAccountActiveSchema,
  }),
  mappings: get('/api/books/mappings', answer<Paged<BooksMappingRow>>(), { query: BooksChartQuerySchema }),
  saveMapping: put('/api/books/mappings', answer<MessageResponse>(), { body: BooksMappingSaveSchema }),
  journal: get('/api/books/journal', answer<Paged<BooksJournalEntry>>(), { query: BooksJournalQuerySchema }),
  journalExport: get('/api/books/journal/export', answer<Blob>(), { query: BooksJournalExportQuerySchema }),
  accounts: get('/api/books/accounts', answer<BooksAccount[]>()),
  trialBalance: get('/api/books/trial-balance', answer<BooksTrialBalance>(), {
    query: BooksTrialBalanceQuerySchema,
  }),
  tieOut: get('/api/books/tie-out', answer<BooksTieOut>()),
  periods: get('/api/books/periods', answer<BooksPeriods>()),
  closePeriod: post('/api/books/periods/close', answer<BooksPeriods>(), { body: BooksPeriodCloseSchema }),
  reopenPeriod: post('/api/books/periods/reopen', answer<BooksPeriods>(), { body: BooksPeriodReopenSchema }),
  ledger: get('/api/books/ledger', answer<Paged<BooksLedgerLine>>(), { query: BooksLedgerQuerySchema }),
};
