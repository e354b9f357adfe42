/** The routes of the cash desk, bank, online payments, reports, reminders and books (docs/architecture.md#the-route-table). */
import type {
  BankAccount,
  BankAccountCreateSchema,
  BankAccountList,
  BankAllocateSchema,
  BankImportResult,
  BankLineList,
  BankLineQuerySchema,
  BankOverview,
  BankPostResult,
} from '../bank-reconciliation';
import type {
  BooksAccount,
  BooksJournalEntry,
  BooksJournalExportQuerySchema,
  BooksJournalQuerySchema,
  BooksPeriodCloseSchema,
  BooksPeriodReopenSchema,
  BooksPeriods,
  BooksTieOut,
  BooksTrialBalance,
  BooksTrialBalanceQuerySchema,
} from '../books';
import type {
  BooksAccountActiveSchema,
  BooksAccountSaveSchema,
  BooksChartAccount,
  BooksChartQuerySchema,
  BooksMappingRow,
  BooksMappingSaveSchema,
} from '../books-chart';
import type { BooksLedgerLine, BooksLedgerQuerySchema } from '../books-ledger';
import type {
  CashClosing,
  CashClosingCreateSchema,
  CashClosingReopenSchema,
  CashDayQuerySchema,
  CashDayRecap,
} from '../cash-closing';
import type { CashDepositCreateSchema } from '../cash-count';
import type { MessageResponse, Paged } from '../common';
import type { DiscountReport, DiscountReportQuerySchema } from '../discount-rules';
import type {
  FixedVa,
  FixedVaCloseSchema,
  FixedVaCreateSchema,
  FixedVaListQuerySchema,
  FixedVaPaymentListQuerySchema,
  FixedVaPaymentRow,
  FixedVaSimulateSchema,
} from '../fixed-va';
import type {
  OnlineCharge,
  OnlineChargeCreateSchema,
  OnlineChargeDetail,
  OnlineChargeListQuerySchema,
  OnlineGatewayInfo,
} from '../online-payments';
import type { OnlinePaymentSettings, OnlinePaymentSettingsSchema } from '../online-settings';
import type {
  BillReminderCreated,
  BillReminderCreateSchema,
  BillReminderLetterQuerySchema,
  BillReminderPage,
  BillReminderQuerySchema,
  ReminderGateway,
  ReminderGatewaySendSchema,
  StudentReminders,
} from '../reminders';
import type {
  ProspectiveBillingReport,
  ProspectiveBillingReportQuerySchema,
  ProspectiveBillingReportUnpaid,
  ProspectiveBillingUnpaidQuerySchema,
  StudentBillingReport,
  StudentBillingReportQuerySchema,
  StudentBillingReportStudent,
  StudentBillingReportStudentsQuerySchema,
} from '../reports';
import type { StatementQuerySchema, StudentStatement } from '../statement';
import type {
  StudentCreditMovementReport,
  StudentCreditMovementsQuerySchema,
  StudentCreditReport,
  StudentCreditReportFilterSchema,
  StudentCreditReportQuerySchema,
} from '../student-credit-report';
import { answer, get, post, put, schema } from './define';

export const CASH_ROUTES = {
  day: get('/api/cash-closing', answer<CashDayRecap>(), { query: schema<typeof CashDayQuerySchema>() }),
  close: post('/api/cash-closing', answer<CashClosing>(), { body: schema<typeof CashClosingCreateSchema>() }),
  reopen: post('/api/cash-closing/:id/reopen', answer<CashClosing>(), {
    body: schema<typeof CashClosingReopenSchema>(),
  }),
  deposit: post('/api/cash-closing/:id/deposit', answer<CashClosing>(), {
    body: schema<typeof CashDepositCreateSchema>(),
  }),
  closingPdf: get('/api/cash-closing/:id/pdf', answer<Blob>()),
  depositPdf: get('/api/cash-closing/:id/deposit/pdf', answer<Blob>()),
};

export const BANK_ROUTES = {
  accounts: get('/api/bank-accounts', answer<BankAccountList>()),
  createAccount: post('/api/bank-accounts', answer<BankAccount>(), {
    body: schema<typeof BankAccountCreateSchema>(),
  }),
  lines: get('/api/bank-statement-lines', answer<BankLineList>(), {
    query: schema<typeof BankLineQuerySchema>(),
  }),
  importStatement: post('/api/bank-statement-import/:id', answer<BankImportResult>()),
  template: get('/api/bank-statement-template', answer<Blob>()),
  allocateLine: post('/api/bank-statement-lines/:id/allocate', answer<MessageResponse>(), {
    body: schema<typeof BankAllocateSchema>(),
  }),
  postLine: post('/api/bank-statement-lines/:id/post', answer<BankPostResult>()),
  overview: get('/api/bank-reconciliation-overview', answer<BankOverview>(), {
    query: schema<typeof BankLineQuerySchema>(),
  }),
  xlsx: get('/api/bank-reconciliation-xlsx', answer<Blob>(), { query: schema<typeof BankLineQuerySchema>() }),
};

export const ONLINE_PAYMENT_ROUTES = {
  charges: get('/api/online-payments', answer<Paged<OnlineCharge>>(), {
    query: schema<typeof OnlineChargeListQuerySchema>(),
  }),
  create: post('/api/online-payments', answer<OnlineCharge>(), {
    body: schema<typeof OnlineChargeCreateSchema>(),
  }),
  channels: get('/api/online-payments/channels', answer<OnlineGatewayInfo>()),
  charge: get('/api/online-payments/:id', answer<OnlineChargeDetail>()),
  check: post('/api/online-payments/:id/check', answer<OnlineChargeDetail>()),
  simulate: post('/api/online-payments/:id/simulate', answer<OnlineChargeDetail>()),
  settings: get('/api/online-payments/settings', answer<OnlinePaymentSettings>()),
  saveSettings: put('/api/online-payments/settings', answer<OnlinePaymentSettings>(), {
    body: schema<typeof OnlinePaymentSettingsSchema>(),
  }),
  fixedVas: get('/api/online-payments/fixed-va', answer<FixedVa[]>(), {
    query: schema<typeof FixedVaListQuerySchema>(),
  }),
  createFixedVa: post('/api/online-payments/fixed-va', answer<FixedVa>(), {
    body: schema<typeof FixedVaCreateSchema>(),
  }),
  simulateFixedVa: post('/api/online-payments/fixed-va/:id/simulate', answer<MessageResponse>(), {
    body: schema<typeof FixedVaSimulateSchema>(),
  }),
  closeFixedVa: post('/api/online-payments/fixed-va/:id/close', answer<FixedVa>(), {
    body: schema<typeof FixedVaCloseSchema>(),
  }),
  fixedVaPayments: get('/api/online-payments/fixed-va/payments', answer<Paged<FixedVaPaymentRow>>(), {
    query: schema<typeof FixedVaPaymentListQuerySchema>(),
  }),
};

export const REPORT_ROUTES = {
  studentBilling: get('/api/report-student-billing', answer<StudentBillingReport>(), {
    query: schema<typeof StudentBillingReportQuerySchema>(),
  }),
  studentArrears: get('/api/report-student-billing-students', answer<Paged<StudentBillingReportStudent>>(), {
    query: schema<typeof StudentBillingReportStudentsQuerySchema>(),
  }),
  studentBillingXlsx: get('/api/report-student-billing-xlsx', answer<Blob>(), {
    query: schema<typeof StudentBillingReportQuerySchema>(),
  }),
  prospectBilling: get('/api/report-prospective-billing', answer<ProspectiveBillingReport>(), {
    query: schema<typeof ProspectiveBillingReportQuerySchema>(),
  }),
  prospectUnpaid: get(
    '/api/report-prospective-billing-unpaid',
    answer<Paged<ProspectiveBillingReportUnpaid>>(),
    { query: schema<typeof ProspectiveBillingUnpaidQuerySchema>() },
  ),
  prospectBillingXlsx: get('/api/report-prospective-billing-xlsx', answer<Blob>(), {
    query: schema<typeof ProspectiveBillingReportQuerySchema>(),
  }),
  discounts: get('/api/report-discounts', answer<DiscountReport>(), {
    query: schema<typeof DiscountReportQuerySchema>(),
  }),
  discountsXlsx: get('/api/report-discounts-xlsx', answer<Blob>(), {
    query: schema<typeof DiscountReportQuerySchema>(),
  }),
  statement: get('/api/student-statement', answer<StudentStatement>(), {
    query: schema<typeof StatementQuerySchema>(),
  }),
  statementPdf: get('/api/student-statement-pdf', answer<Blob>(), {
    query: schema<typeof StatementQuerySchema>(),
  }),
  creditReport: get('/api/student-credit/report', answer<StudentCreditReport>(), {
    query: schema<typeof StudentCreditReportQuerySchema>(),
  }),
  creditMovements: get('/api/student-credit/report-movements', answer<StudentCreditMovementReport>(), {
    query: schema<typeof StudentCreditMovementsQuerySchema>(),
  }),
  creditReportXlsx: get('/api/student-credit/report-xlsx', answer<Blob>(), {
    query: schema<typeof StudentCreditReportFilterSchema>(),
  }),
};

export const REMINDER_ROUTES = {
  overdue: get('/api/bill-reminders', answer<BillReminderPage>(), {
    query: schema<typeof BillReminderQuerySchema>(),
  }),
  record: post('/api/bill-reminders', answer<BillReminderCreated>(), {
    body: schema<typeof BillReminderCreateSchema>(),
  }),
  ofStudent: get('/api/bill-reminders/student/:id', answer<StudentReminders>()),
  gateway: get('/api/bill-reminder-gateway', answer<ReminderGateway>()),
  sendViaGateway: post('/api/bill-reminder-gateway', answer<BillReminderCreated>(), {
    body: schema<typeof ReminderGatewaySendSchema>(),
  }),
  lettersPdf: get('/api/bill-reminder-letters-pdf', answer<Blob>(), {
    query: schema<typeof BillReminderLetterQuerySchema>(),
  }),
};

export const BOOKS_ROUTES = {
  chart: get('/api/books/chart', answer<Paged<BooksChartAccount>>(), {
    query: schema<typeof BooksChartQuerySchema>(),
  }),
  addAccount: post('/api/books/chart', answer<MessageResponse>(), {
    body: schema<typeof BooksAccountSaveSchema>(),
  }),
  editAccount: put('/api/books/chart/:id', answer<MessageResponse>(), {
    body: schema<typeof BooksAccountSaveSchema>(),
  }),
  setAccountActive: post('/api/books/chart/:id/active', answer<MessageResponse>(), {
    body: schema<typeof BooksAccountActiveSchema>(),
  }),
  mappings: get('/api/books/mappings', answer<Paged<BooksMappingRow>>(), {
    query: schema<typeof BooksChartQuerySchema>(),
  }),
  saveMapping: put('/api/books/mappings', answer<MessageResponse>(), {
    body: schema<typeof BooksMappingSaveSchema>(),
  }),
  journal: get('/api/books/journal', answer<Paged<BooksJournalEntry>>(), {
    query: schema<typeof BooksJournalQuerySchema>(),
  }),
  journalExport: get('/api/books/journal/export', answer<Blob>(), {
    query: schema<typeof BooksJournalExportQuerySchema>(),
  }),
  accounts: get('/api/books/accounts', answer<BooksAccount[]>()),
  trialBalance: get('/api/books/trial-balance', answer<BooksTrialBalance>(), {
    query: schema<typeof BooksTrialBalanceQuerySchema>(),
  }),
  tieOut: get('/api/books/tie-out', answer<BooksTieOut>()),
  periods: get('/api/books/periods', answer<BooksPeriods>()),
  closePeriod: post('/api/books/periods/close', answer<BooksPeriods>(), {
    body: schema<typeof BooksPeriodCloseSchema>(),
  }),
  reopenPeriod: post('/api/books/periods/reopen', answer<BooksPeriods>(), {
    body: schema<typeof BooksPeriodReopenSchema>(),
  }),
  ledger: get('/api/books/ledger', answer<Paged<BooksLedgerLine>>(), {
    query: schema<typeof BooksLedgerQuerySchema>(),
  }),
};
