/**
 * The answers the API documents, by name: each route names one of these in its docs (route-docs.ts), and
 * `pnpm --filter @keuangan/api openapi` writes their JSON Schemas to responses.json (the contract's types are
 * TypeScript interfaces, not schemas; docs/decisions.md#the-api-describes-itself).
 */
import type {
  ApiErrorBody,
  AuditLogEntry,
  AuditLogUser,
  BankAccount,
  BankAccountList,
  BankImportResult,
  BankLineList,
  BankOverview,
  BankPostResult,
  BatchRef,
  BillInstalmentsResponse,
  BillReminderCreated,
  BillReminderPage,
  BooksAccount,
  BooksChartAccount,
  BooksJournalPage,
  BooksLedgerPage,
  BooksMappingRow,
  BooksPeriods,
  BooksTieOut,
  BooksTrialBalance,
  CashClosing,
  CashDayRecap,
  ClassRef,
  DashboardSummary,
  DepartmentRef,
  DiscountApplyPreview,
  DiscountApplyResult,
  DiscountReport,
  DiscountRule,
  DiscountRulePage,
  DocumentLink,
  EmbedSession,
  EmbedTokenCreated,
  EmbedTokenEntry,
  Employee,
  FeeComponentCopyResponse,
  FeeComponentGenerateResponse,
  FeeTypeRef,
  FixedVa,
  FixedVaPaymentRow,
  HandoffResponse,
  HealthResponse,
  InstalmentApplyResponse,
  InstalmentPlanRow,
  InstalmentPlanWriteResponse,
  LevelRef,
  MessageResponse,
  OnlineCharge,
  OnlineChargeDetail,
  OnlineGatewayInfo,
  OnlinePaymentSettings,
  Paged,
  PasswordChangeResponse,
  PaymentPayerResponse,
  PaymentPrintResponse,
  ProspectiveBilling,
  ProspectiveBillingDetail,
  ProspectiveBillingPaymentReceipt,
  ProspectiveBillingReport,
  ProspectiveBillingReportUnpaidPage,
  PsbEvent,
  PsbEventProspective,
  ReadyResponse,
  RefItem,
  ReminderGateway,
  Role,
  SchoolClass,
  SessionUser,
  Student,
  StudentBillingBatchResponse,
  StudentBillingConfirmResponse,
  StudentBillingDetail,
  StudentBillingExtraResponse,
  StudentBillingListResponse,
  StudentBillingPaymentPage,
  StudentBillingPaymentReceipt,
  StudentBillingReport,
  StudentBillingReportStudentPage,
  StudentBillingWriteResponse,
  StudentBrief,
  StudentCategoryPage,
  StudentCreditMovementReport,
  StudentCreditPage,
  StudentCreditReport,
  StudentFeeComponent,
  StudentReminders,
  StudentStatement,
  TokenResponse,
  YearOfStudyRef,
  YosPeriode,
} from '@keuangan/shared/contract';

/** Name (as the document's components call it) -> type. Add a line when a route answers a new type. */
export interface ResponseTypes {
  BankAccount: BankAccount;
  BankAccountList: BankAccountList;
  BankImportResult: BankImportResult;
  BankLineList: BankLineList;
  BankOverview: BankOverview;
  BankPostResult: BankPostResult;
  BooksAccountList: BooksAccount[];
  BooksChartPage: Paged<BooksChartAccount>;
  BooksMappingPage: Paged<BooksMappingRow>;
  BooksJournalPage: BooksJournalPage;
  BooksLedgerPage: BooksLedgerPage;
  BooksPeriods: BooksPeriods;
  BooksTieOut: BooksTieOut;
  BooksTrialBalance: BooksTrialBalance;
  ApiErrorBody: ApiErrorBody;
  AuditLogPage: Paged<AuditLogEntry>;
  AuditLogUsers: AuditLogUser[];
  BatchPage: Paged<BatchRef>;
  BillInstalmentsResponse: BillInstalmentsResponse;
  CashClosing: CashClosing;
  CashDayRecap: CashDayRecap;
  ClassRefs: ClassRef[];
  DashboardSummary: DashboardSummary;
  DepartmentPage: Paged<DepartmentRef>;
  DepartmentRef: DepartmentRef;
  DepartmentRefs: DepartmentRef[];
  DocumentLink: DocumentLink;
  EmbedSession: EmbedSession;
  DiscountApplyPreview: DiscountApplyPreview;
  DiscountApplyResult: DiscountApplyResult;
  DiscountReport: DiscountReport;
  DiscountRule: DiscountRule;
  DiscountRulePage: DiscountRulePage;
  EmbedTokenCreated: EmbedTokenCreated;
  EmbedTokenPage: Paged<EmbedTokenEntry>;
  Employee: Employee;
  EmployeePage: Paged<Employee>;
  FeeComponentCopyResponse: FeeComponentCopyResponse;
  FeeComponentGenerateResponse: FeeComponentGenerateResponse;
  FeeComponentsDeleted: MessageResponse & { deleted: number };
  FeeTypeRefs: FeeTypeRef[];
  HandoffResponse: HandoffResponse;
  HealthResponse: HealthResponse;
  InstalmentApplyResponse: InstalmentApplyResponse;
  InstalmentPlanPage: Paged<InstalmentPlanRow>;
  InstalmentPlanRow: InstalmentPlanRow;
  InstalmentPlanWriteResponse: InstalmentPlanWriteResponse;
  LevelPage: Paged<LevelRef>;
  LevelRefs: LevelRef[];
  FixedVa: FixedVa;
  FixedVaList: FixedVa[];
  FixedVaPaymentPage: Paged<FixedVaPaymentRow>;
  MessageResponse: MessageResponse;
  OnlineCharge: OnlineCharge;
  OnlineChargeDetail: OnlineChargeDetail;
  OnlineChargePage: Paged<OnlineCharge>;
  OnlineGatewayInfo: OnlineGatewayInfo;
  OnlinePaymentSettings: OnlinePaymentSettings;
  PasswordChangeResponse: PasswordChangeResponse;
  PaymentPayerResponse: PaymentPayerResponse;
  PaymentPrintResponse: PaymentPrintResponse;
  ProspectiveBillingDetail: ProspectiveBillingDetail;
  ProspectiveBillingPage: Paged<ProspectiveBilling>;
  ProspectiveBillingPaymentReceipt: ProspectiveBillingPaymentReceipt;
  ProspectiveBillingReport: ProspectiveBillingReport;
  ProspectiveBillingReportUnpaidPage: ProspectiveBillingReportUnpaidPage;
  PsbEventPage: Paged<PsbEvent>;
  PsbEventProspective: PsbEventProspective;
  PsbEventProspectivePage: Paged<PsbEventProspective>;
  PsbEventYears: number[];
  ReadyResponse: ReadyResponse;
  RefItems: RefItem[];
  Roles: Role[];
  SchoolClass: SchoolClass;
  SchoolClassPage: Paged<SchoolClass>;
  SessionUser: SessionUser;
  Student: Student;
  StudentBillingBatchResponse: StudentBillingBatchResponse;
  StudentBillingConfirmResponse: StudentBillingConfirmResponse;
  StudentBillingDetail: StudentBillingDetail;
  StudentBillingExtraResponse: StudentBillingExtraResponse;
  StudentBillingListResponse: StudentBillingListResponse;
  StudentBillingPaymentPage: StudentBillingPaymentPage;
  StudentBillingPaymentReceipt: StudentBillingPaymentReceipt;
  StudentBillingReport: StudentBillingReport;
  StudentBillingReportStudentPage: StudentBillingReportStudentPage;
  StudentBillingWriteResponse: StudentBillingWriteResponse;
  StudentBriefs: StudentBrief[];
  StudentFeeComponent: StudentFeeComponent;
  StudentFeeComponentPage: Paged<StudentFeeComponent>;
  StudentFeeComponents: StudentFeeComponent[];
  StudentPage: Paged<Student>;
  StudentCategoryPage: StudentCategoryPage;
  StudentCreditMovementReport: StudentCreditMovementReport;
  StudentCreditPage: StudentCreditPage;
  StudentCreditReport: StudentCreditReport;
  StudentStatement: StudentStatement;
  BillReminderCreated: BillReminderCreated;
  BillReminderPage: BillReminderPage;
  StudentReminders: StudentReminders;
  ReminderGateway: ReminderGateway;
  TokenResponse: TokenResponse;
  YearOfStudyPage: Paged<YearOfStudyRef>;
  YearOfStudyRefs: YearOfStudyRef[];
  YosPeriodes: YosPeriode[];
}

export type ResponseName = keyof ResponseTypes;
