/**
 * The values of the route table's input schemas (docs/architecture.md#the-route-table), for the API and tests
 * only (`@keuangan/shared/contract/inputs`): the table declares each schema by type, so the pages load neither
 * valibot nor these. The compiler refuses an entry missing, extra, or of another type than the table's.
 */
import type * as v from 'valibot';
import {
  AuditLogDownloadQuerySchema,
  AuditLogQuerySchema,
  BankAccountCreateSchema,
  BankAllocateSchema,
  BankLineQuerySchema,
  BatchPageQuerySchema,
  BillReminderCreateSchema,
  BillReminderLetterQuerySchema,
  BillReminderQuerySchema,
  BillsPdfQuerySchema,
  BooksAccountActiveSchema,
  BooksAccountSaveSchema,
  BooksChartQuerySchema,
  BooksJournalExportQuerySchema,
  BooksJournalQuerySchema,
  BooksLedgerQuerySchema,
  BooksMappingSaveSchema,
  BooksPeriodCloseSchema,
  BooksPeriodReopenSchema,
  BooksTrialBalanceQuerySchema,
  CashClosingCreateSchema,
  CashClosingReopenSchema,
  CashDayQuerySchema,
  CashDepositCreateSchema,
  ClassListQuerySchema,
  ClassRefQuerySchema,
  ClassSchema,
  DepartmentPageQuerySchema,
  DepartmentRefQuerySchema,
  DiscountApplySchema,
  DiscountReportQuerySchema,
  DiscountRuleCreateSchema,
  DiscountRuleQuerySchema,
  DiscountRuleVoidSchema,
  DocumentLinkSchema,
  EmbedSessionQuerySchema,
  EmbedTokenCreateSchema,
  EmbedTokenListQuerySchema,
  EmployeeCreateSchema,
  EmployeeListQuerySchema,
  EmployeeUpdateSchema,
  FeeComponentAllQuerySchema,
  FeeComponentBatchDeleteSchema,
  FeeComponentFilterSchema,
  FeeComponentListQuerySchema,
  FeeComponentSchema,
  FeeComponentXUpdateSchema,
  FixedVaCloseSchema,
  FixedVaCreateSchema,
  FixedVaListQuerySchema,
  FixedVaPaymentListQuerySchema,
  FixedVaSimulateSchema,
  HandoffExchangeSchema,
  InstalmentApplySchema,
  InstalmentCancelSchema,
  InstalmentPlanActiveSchema,
  InstalmentPlanQuerySchema,
  InstalmentPlanSaveSchema,
  LevelPageQuerySchema,
  LoginRequestSchema,
  OnlineChargeCreateSchema,
  OnlineChargeListQuerySchema,
  OnlinePaymentSettingsSchema,
  PasswordChangeSchema,
  PaymentHistoryQuerySchema,
  PaymentPayerSchema,
  PaymentPrintSchema,
  ProspectDownloadQuerySchema,
  ProspectiveBillingListQuerySchema,
  ProspectiveBillingPaySchema,
  ProspectiveBillingReportQuerySchema,
  ProspectiveBillingUnpaidQuerySchema,
  ProspectListQuerySchema,
  ProspectXUpdateSchema,
  PsbEventQuerySchema,
  PsbEventYearsQuerySchema,
  ReminderGatewaySendSchema,
  StatementQuerySchema,
  StudentAllQuerySchema,
  StudentBillingBatchSchema,
  StudentBillingConfirmSchema,
  StudentBillingExtraSchema,
  StudentBillingItemCreateSchema,
  StudentBillingItemRemoveSchema,
  StudentBillingItemXUpdateSchema,
  StudentBillingListQuerySchema,
  StudentBillingPayManySchema,
  StudentBillingPaySchema,
  StudentBillingReportQuerySchema,
  StudentBillingReportStudentsQuerySchema,
  StudentBillingXUpdateSchema,
  StudentCategoryCreateSchema,
  StudentCategoryEndSchema,
  StudentCategoryQuerySchema,
  StudentCreateSchema,
  StudentCreditMovementsQuerySchema,
  StudentCreditQuerySchema,
  StudentCreditReportFilterSchema,
  StudentCreditReportQuerySchema,
  StudentCreditSpendSchema,
  StudentListQuerySchema,
  StudentsByClassQuerySchema,
  StudentUpdateSchema,
  YearOfStudyPageQuerySchema,
  YearOfStudyRefQuerySchema,
} from '../index';
import type { AnyApiRoute, Declared } from './define';
import { ROUTES } from './index';

/** The schema values a route declares by type, each exactly the table's. */
type ValuesOf<R> = (R extends { readonly body: Declared<infer B> } ? { readonly body: B } : unknown) &
  (R extends { readonly query: Declared<infer Q> } ? { readonly query: Q } : unknown);
type ReadsInput<R> = R extends { readonly body: Declared } | { readonly query: Declared } ? true : false;
type GroupValues<G> = { [K in keyof G as ReadsInput<G[K]> extends true ? K : never]: ValuesOf<G[K]> };
/** Per group and route of `T`, the values of what it reads; groups and routes that read nothing are left out. */
export type RouteInputValues<T> = {
  [G in keyof T as keyof GroupValues<T[G]> extends never ? never : G]: GroupValues<T[G]>;
};

export const ROUTE_INPUTS = {
  auth: {
    login: { body: LoginRequestSchema },
    handoffExchange: { body: HandoffExchangeSchema },
    updatePassword: { body: PasswordChangeSchema },
  },
  reference: {
    yearsOfStudy: { query: DepartmentRefQuerySchema },
    levels: { query: DepartmentRefQuerySchema },
    periods: { query: YearOfStudyRefQuerySchema },
    classes: { query: ClassRefQuerySchema },
    departmentPage: { query: DepartmentPageQuerySchema },
    levelPage: { query: LevelPageQuerySchema },
    yearOfStudyPage: { query: YearOfStudyPageQuerySchema },
    psbEvents: { query: PsbEventQuerySchema },
    psbEventYears: { query: PsbEventYearsQuerySchema },
    batches: { query: BatchPageQuerySchema },
  },
  people: {
    students: { query: StudentListQuerySchema },
    createStudent: { body: StudentCreateSchema },
    updateStudent: { body: StudentUpdateSchema },
    studentsByClass: { query: StudentsByClassQuerySchema },
    classes: { query: ClassListQuerySchema },
    createClass: { body: ClassSchema },
    updateClass: { body: ClassSchema },
    employees: { query: EmployeeListQuerySchema },
    createEmployee: { body: EmployeeCreateSchema },
    updateEmployee: { body: EmployeeUpdateSchema },
    prospects: { query: ProspectListQuerySchema },
    updateProspectField: { body: ProspectXUpdateSchema },
    prospectsXlsx: { query: ProspectDownloadQuerySchema },
  },
  admin: {
    auditLog: { query: AuditLogQuerySchema },
    auditLogXlsx: { query: AuditLogDownloadQuerySchema },
    embedTokens: { query: EmbedTokenListQuerySchema },
    mintEmbedToken: { body: EmbedTokenCreateSchema },
    embedSession: { query: EmbedSessionQuerySchema },
    documentLinks: { body: DocumentLinkSchema },
  },
  billing: {
    studentCredit: { query: StudentCreditQuerySchema },
    spendCredit: { body: StudentCreditSpendSchema },
    bills: { query: StudentBillingListQuerySchema },
    confirmBills: { body: StudentBillingConfirmSchema },
    updateBillField: { body: StudentBillingXUpdateSchema },
    addItem: { body: StudentBillingItemCreateSchema },
    updateItemField: { body: StudentBillingItemXUpdateSchema },
    deleteItem: { query: StudentBillingItemRemoveSchema },
    extraBills: { body: StudentBillingExtraSchema },
    chargeBatch: { body: StudentBillingBatchSchema },
    studentsOfClass: { query: StudentAllQuerySchema },
    pay: { body: StudentBillingPaySchema },
    payMany: { body: StudentBillingPayManySchema },
    payments: { query: PaymentHistoryQuerySchema },
    billsPdf: { query: BillsPdfQuerySchema },
    applyInstalments: { body: InstalmentApplySchema },
    cancelInstalments: { query: InstalmentCancelSchema },
  },
  prospectBilling: {
    bills: { query: ProspectiveBillingListQuerySchema },
    pay: { body: ProspectiveBillingPaySchema },
  },
  fees: {
    components: { query: FeeComponentListQuerySchema },
    allComponents: { query: FeeComponentAllQuerySchema },
    createComponent: { body: FeeComponentSchema },
    updateComponent: { body: FeeComponentSchema },
    updateComponentField: { body: FeeComponentXUpdateSchema },
    generateComponents: { body: FeeComponentFilterSchema },
    copyPreviousMonth: { body: FeeComponentFilterSchema },
    deleteComponents: { body: FeeComponentBatchDeleteSchema },
    discountRules: { query: DiscountRuleQuerySchema },
    createDiscountRule: { body: DiscountRuleCreateSchema },
    voidDiscountRule: { body: DiscountRuleVoidSchema },
    applyDiscountRule: { body: DiscountApplySchema },
    studentCategories: { query: StudentCategoryQuerySchema },
    addStudentCategory: { body: StudentCategoryCreateSchema },
    endStudentCategory: { body: StudentCategoryEndSchema },
    instalmentPlans: { query: InstalmentPlanQuerySchema },
    createInstalmentPlan: { body: InstalmentPlanSaveSchema },
    updateInstalmentPlan: { body: InstalmentPlanSaveSchema },
    setInstalmentPlanActive: { body: InstalmentPlanActiveSchema },
  },
  receipts: {
    studentPrint: { body: PaymentPrintSchema },
    prospectPrint: { body: PaymentPrintSchema },
    studentPayer: { body: PaymentPayerSchema },
    prospectPayer: { body: PaymentPayerSchema },
  },
  cash: {
    day: { query: CashDayQuerySchema },
    close: { body: CashClosingCreateSchema },
    reopen: { body: CashClosingReopenSchema },
    deposit: { body: CashDepositCreateSchema },
  },
  bank: {
    createAccount: { body: BankAccountCreateSchema },
    lines: { query: BankLineQuerySchema },
    allocateLine: { body: BankAllocateSchema },
    overview: { query: BankLineQuerySchema },
    xlsx: { query: BankLineQuerySchema },
  },
  onlinePayments: {
    charges: { query: OnlineChargeListQuerySchema },
    create: { body: OnlineChargeCreateSchema },
    saveSettings: { body: OnlinePaymentSettingsSchema },
    fixedVas: { query: FixedVaListQuerySchema },
    createFixedVa: { body: FixedVaCreateSchema },
    simulateFixedVa: { body: FixedVaSimulateSchema },
    closeFixedVa: { body: FixedVaCloseSchema },
    fixedVaPayments: { query: FixedVaPaymentListQuerySchema },
  },
  reports: {
    studentBilling: { query: StudentBillingReportQuerySchema },
    studentArrears: { query: StudentBillingReportStudentsQuerySchema },
    studentBillingXlsx: { query: StudentBillingReportQuerySchema },
    prospectBilling: { query: ProspectiveBillingReportQuerySchema },
    prospectUnpaid: { query: ProspectiveBillingUnpaidQuerySchema },
    prospectBillingXlsx: { query: ProspectiveBillingReportQuerySchema },
    discounts: { query: DiscountReportQuerySchema },
    discountsXlsx: { query: DiscountReportQuerySchema },
    statement: { query: StatementQuerySchema },
    statementPdf: { query: StatementQuerySchema },
    creditReport: { query: StudentCreditReportQuerySchema },
    creditMovements: { query: StudentCreditMovementsQuerySchema },
    creditReportXlsx: { query: StudentCreditReportFilterSchema },
  },
  reminders: {
    overdue: { query: BillReminderQuerySchema },
    record: { body: BillReminderCreateSchema },
    sendViaGateway: { body: ReminderGatewaySendSchema },
    lettersPdf: { query: BillReminderLetterQuerySchema },
  },
  books: {
    chart: { query: BooksChartQuerySchema },
    addAccount: { body: BooksAccountSaveSchema },
    editAccount: { body: BooksAccountSaveSchema },
    setAccountActive: { body: BooksAccountActiveSchema },
    mappings: { query: BooksChartQuerySchema },
    saveMapping: { body: BooksMappingSaveSchema },
    journal: { query: BooksJournalQuerySchema },
    journalExport: { query: BooksJournalExportQuerySchema },
    trialBalance: { query: BooksTrialBalanceQuerySchema },
    closePeriod: { body: BooksPeriodCloseSchema },
    reopenPeriod: { body: BooksPeriodReopenSchema },
    ledger: { query: BooksLedgerQuerySchema },
  },
} as const satisfies RouteInputValues<typeof ROUTES>;

/** What a route reads, as values: `{ body?, query? }` (empty where it reads neither). */
export interface RouteSchemas {
  readonly body?: v.GenericSchema;
  readonly query?: v.GenericSchema;
}

const BY_ROUTE = new Map<AnyApiRoute, RouteSchemas>(
  Object.entries(ROUTES).flatMap(([group, routes]) =>
    Object.entries(routes as Record<string, AnyApiRoute>).map(
      ([name, route]): [AnyApiRoute, RouteSchemas] => [
        route,
        (ROUTE_INPUTS as Record<string, Record<string, RouteSchemas>>)[group]?.[name] ?? {},
      ],
    ),
  ),
);

/** The schema values of a route of the table (the API's registration, validation and description read them). */
export function inputsOf(route: AnyApiRoute): RouteSchemas {
  const inputs = BY_ROUTE.get(route);
  if (!inputs) throw new Error(`${route.method} ${route.path}: bukan rute tabel`);
  return inputs;
}

/** Where the table and the values disagree at run time: an input declared without a value, or the reverse. */
export function inputMismatches(): string[] {
  return [...BY_ROUTE].flatMap(([route, inputs]) =>
    (['body', 'query'] as const)
      .filter((part) => Boolean(route[part]) !== Boolean(inputs[part]))
      .map((part) => `${route.method} ${route.path}: ${part}`),
  );
}
