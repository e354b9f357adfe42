/** The routes of the cash desk, bank, online payments, reports, reminders and books (docs/architecture.md#the-route-table). */
import type {
  BankAccount,
  BankAccountList,
  BankImportResult,
  BankLineList,
  BankOverview,
  BankPostResult,
} from '../bank-reconciliation';
import type { BooksAccount, BooksJournalEntry, BooksPeriods, BooksTieOut, BooksTrialBalance } from '../books';
import type { BooksChartAccount, BooksMappingRow } from '../books-chart';
import type { BooksLedgerLine } from '../books-ledger';
import type { CashClosing, CashDayRecap } from '../cash-closing';
import type { MessageResponse, Paged } from '../common';
import type { DiscountReport } from '../discount-rules';
import type { FixedVa, FixedVaPaymentRow } from '../fixed-va';
import type { OnlineCharge, OnlineChargeDetail, OnlineGatewayInfo } from '../online-payments';
import type { OnlinePaymentSettings } from '../online-settings';
import type { BillReminderCreated, BillReminderPage, ReminderGateway, StudentReminders } from '../reminders';
import type {
  ProspectiveBillingReport,
  ProspectiveBillingReportUnpaid,
  StudentBillingReport,
  StudentBillingReportStudent,
} from '../reports';
import type { StudentStatement } from '../statement';
import type { StudentCreditMovementReport, StudentCreditReport } from '../student-credit-report';
import { answer, get, post, put } from './define';

export const CASH_ROUTES = {
  day: get('/api/cash-closing', answer<CashDayRecap>()),
  close: post('/api/cash-closing', answer<CashClosing>()),
  reopen: post('/api/cash-closing/:id/reopen', answer<CashClosing>()),
  deposit: post('/api/cash-closing/:id/deposit', answer<CashClosing>()),
  closingPdf: get('/api/cash-closing/:id/pdf', answer<Blob>()),
  depositPdf: get('/api/cash-closing/:id/deposit/pdf', answer<Blob>()),
};

export const BANK_ROUTES = {
  accounts: get('/api/bank-accounts', answer<BankAccountList>()),
  createAccount: post('/api/bank-accounts', answer<BankAccount>()),
  lines: get('/api/bank-statement-lines', answer<BankLineList>()),
  importStatement: post('/api/bank-statement-import/:id', answer<BankImportResult>()),
  template: get('/api/bank-statement-template', answer<Blob>()),
  allocateLine: post('/api/bank-statement-lines/:id/allocate', answer<MessageResponse>()),
  postLine: post('/api/bank-statement-lines/:id/post', answer<BankPostResult>()),
  overview: get('/api/bank-reconciliation-overview', answer<BankOverview>()),
  xlsx: get('/api/bank-reconciliation-xlsx', answer<Blob>()),
};

export const ONLINE_PAYMENT_ROUTES = {
  charges: get('/api/online-payments', answer<Paged<OnlineCharge>>()),
  create: post('/api/online-payments', answer<OnlineCharge>()),
  channels: get('/api/online-payments/channels', answer<OnlineGatewayInfo>()),
  charge: get('/api/online-payments/:id', answer<OnlineChargeDetail>()),
  check: post('/api/online-payments/:id/check', answer<OnlineChargeDetail>()),
  simulate: post('/api/online-payments/:id/simulate', answer<OnlineChargeDetail>()),
  settings: get('/api/online-payments/settings', answer<OnlinePaymentSettings>()),
  saveSettings: put('/api/online-payments/settings', answer<OnlinePaymentSettings>()),
  fixedVas: get('/api/online-payments/fixed-va', answer<FixedVa[]>()),
  createFixedVa: post('/api/online-payments/fixed-va', answer<FixedVa>()),
  simulateFixedVa: post('/api/online-payments/fixed-va/:id/simulate', answer<MessageResponse>()),
  closeFixedVa: post('/api/online-payments/fixed-va/:id/close', answer<FixedVa>()),
  fixedVaPayments: get('/api/online-payments/fixed-va/payments', answer<Paged<FixedVaPaymentRow>>()),
};

export const REPORT_ROUTES = {
  studentBilling: get('/api/report-student-billing', answer<StudentBillingReport>()),
  studentArrears: get('/api/report-student-billing-students', answer<Paged<StudentBillingReportStudent>>()),
  studentBillingXlsx: get('/api/report-student-billing-xlsx', answer<Blob>()),
  prospectBilling: get('/api/report-prospective-billing', answer<ProspectiveBillingReport>()),
  prospectUnpaid: get(
    '/api/report-prospective-billing-unpaid',
    answer<Paged<ProspectiveBillingReportUnpaid>>(),
  ),
  prospectBillingXlsx: get('/api/report-prospective-billing-xlsx', answer<Blob>()),
  discounts: get('/api/report-discounts', answer<DiscountReport>()),
  discountsXlsx: get('/api/report-discounts-xlsx', answer<Blob>()),
  statement: get('/api/student-statement', answer<StudentStatement>()),
  statementPdf: get('/api/student-statement-pdf', answer<Blob>()),
  creditReport: get('/api/student-credit/report', answer<StudentCreditReport>()),
  creditMovements: get('/api/student-credit/report-movements', answer<StudentCreditMovementReport>()),
  creditReportXlsx: get('/api/student-credit/report-xlsx', answer<Blob>()),
};

export const REMINDER_ROUTES = {
  overdue: get('/api/bill-reminders', answer<BillReminderPage>()),
  record: post('/api/bill-reminders', answer<BillReminderCreated>()),
  ofStudent: get('/api/bill-reminders/student/:id', answer<StudentReminders>()),
  gateway: get('/api/bill-reminder-gateway', answer<ReminderGateway>()),
  sendViaGateway: post('/api/bill-reminder-gateway', answer<BillReminderCreated>()),
  lettersPdf: get('/api/bill-reminder-letters-pdf', answer<Blob>()),
};

export const BOOKS_ROUTES = {
  chart: get('/api/books/chart', answer<Paged<BooksChartAccount>>()),
  addAccount: post('/api/books/chart', answer<MessageResponse>()),
  editAccount: put('/api/books/chart/:id', answer<MessageResponse>()),
  setAccountActive: post('/api/books/chart/:id/active', answer<MessageResponse>()),
  mappings: get('/api/books/mappings', answer<Paged<BooksMappingRow>>()),
  saveMapping: put('/api/books/mappings', answer<MessageResponse>()),
  journal: get('/api/books/journal', answer<Paged<BooksJournalEntry>>()),
  journalExport: get('/api/books/journal/export', answer<Blob>()),
  accounts: get('/api/books/accounts', answer<BooksAccount[]>()),
  trialBalance: get('/api/books/trial-balance', answer<BooksTrialBalance>()),
  tieOut: get('/api/books/tie-out', answer<BooksTieOut>()),
  periods: get('/api/books/periods', answer<BooksPeriods>()),
  closePeriod: post('/api/books/periods/close', answer<BooksPeriods>()),
  reopenPeriod: post('/api/books/periods/reopen', answer<BooksPeriods>()),
  ledger: get('/api/books/ledger', answer<Paged<BooksLedgerLine>>()),
};
