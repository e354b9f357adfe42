/**
 * The Laporan reports (issue 12): Laporan Billing Siswa and Laporan Billing Peserta PSB / Mutasi. The query
 * schemas (the API validates with them, the screens build the same parameters) and the answers. Every
 * figure is computed by the server; the definitions (which bills count, how a month is overdue, what the
 * collection rate divides) are written down in api/ROUTES.md "Reports".
 */
import * as v from 'valibot';
import type { AgingBucketKey } from './billing/due';
import type { Paged } from './common';
import {
  MONTH_RANGE_MESSAGE,
  MONTH_RANGE_QUERY_ENTRIES,
  monthRangeInOrder,
  PLACEMENT_QUERY_ENTRIES,
  pageEntries,
  queryChoice,
  queryChoiceId,
  requiredQueryId,
} from './query';

/** Page size of the reports' paged lists (arrears per student, unpaid prospects). */
export const REPORT_PAGE_SIZE = 10;

const REPORT_PAGE_ENTRIES = pageEntries(REPORT_PAGE_SIZE);

/**
 * `GET /api/report-student-billing` (and `-xlsx`): department and year of study required; period, level,
 * class 'Semua' when absent; `mm_from`..`mm_to` ('YYYY-MM', both ends inclusive, either open) bound the
 * bills' months and the payments' dates.
 */
const STUDENT_REPORT_ENTRIES = {
  ...PLACEMENT_QUERY_ENTRIES,
  department_id: requiredQueryId('Departemen'),
  year_of_study_id: requiredQueryId('Tahun Ajaran'),
  ...MONTH_RANGE_QUERY_ENTRIES,
  // Arrears per student: only bills at least this many days late (docs/money.md "Due dates and arrears").
  overdue_min: queryChoice('Keterlambatan', /^[1-9]\d{0,3}$/, Number),
};

/** Orders of the arrears per student: most owed first (default), or longest late first. */
export const REPORT_STUDENT_ORDERS = ['arrears', 'overdue_days'] as const;
const STUDENTS_ORDER = v.optional(v.picklist(REPORT_STUDENT_ORDERS, 'Urutan tidak valid'), 'arrears');

export const StudentBillingReportQuerySchema = v.pipe(
  v.object({
    ...STUDENT_REPORT_ENTRIES,
    // The spreadsheet's Tunggakan per Siswa sheet is ordered like the screen's list.
    orderby: STUDENTS_ORDER,
  }),
  v.forward(
    v.check((q) => monthRangeInOrder(q), MONTH_RANGE_MESSAGE),
    ['mm_to'],
  ),
);
export type StudentBillingReportQuery = v.InferOutput<typeof StudentBillingReportQuerySchema>;

const STUDENTS_PAGE_ENTRIES = { ...STUDENT_REPORT_ENTRIES, ...REPORT_PAGE_ENTRIES, orderby: STUDENTS_ORDER };
/** `GET /api/report-student-billing-students`: the report's filter and a page. */
export const StudentBillingReportStudentsQuerySchema = v.pipe(
  v.object(STUDENTS_PAGE_ENTRIES),
  v.forward(
    v.check((q) => monthRangeInOrder(q), MONTH_RANGE_MESSAGE),
    ['mm_to'],
  ),
);

/** `GET /api/report-prospective-billing` (and `-unpaid`, `-xlsx`): the event type, then optional narrowing. */
export const ProspectiveBillingReportQuerySchema = v.object({
  stype: v.pipe(
    v.string('Jenis event tidak valid'),
    v.picklist(['1', '2'], 'Jenis event tidak valid'),
    v.transform(Number),
  ),
  department_id: queryChoiceId('Departemen'),
  yoe: queryChoice('Tahun Masuk', /^(19|20)\d{2}$/, Number),
  psb_event_id: queryChoiceId('Event'),
});
export type ProspectiveBillingReportQuery = v.InferOutput<typeof ProspectiveBillingReportQuerySchema>;

export const ProspectiveBillingUnpaidQuerySchema = v.object({
  ...ProspectiveBillingReportQuerySchema.entries,
  ...REPORT_PAGE_ENTRIES,
});

// ---------------------------------------------------------------------------------------------------------
// Answers (whole rupiah)

/** The five money columns of a bill, summed. */
export interface ReportMoney {
  total_amount: number;
  total_discount: number;
  total_bail: number;
  total_payment: number;
  total_billing: number;
}

/**
 * What is still owed on confirmed bills, aged by the bill's due date against the branch's today (`AGING_BUCKETS`):
 * 0-30 days past it (due today included), 31-60, 61-90, over 90; `not_due` is due later. `arrears` = the four
 * buckets; arrears + not_due = total_billing.
 */
export type ReportAging = Record<AgingBucketKey, number> & {
  arrears: number;
  not_due: number;
};

/** Collection rate: paid (total_payment) over billed (total_amount - total_discount - total_bail), in %. */
export interface ReportRate {
  billed: number;
  paid: number;
  /** One decimal, e.g. 62.5; null when nothing was billed. */
  rate_percent: number | null;
}

export interface StudentBillingReportClass extends ReportMoney, ReportAging, ReportRate {
  class_id: number;
  class_name: string;
  level_name: string;
  bill_count: number;
  student_count: number;
}

export interface StudentBillingReportClassMonth extends ReportRate {
  class_id: number;
  class_name: string;
  /** 'YYYY-MM' */
  mm: string;
}

export interface StudentBillingReportDay {
  /** 'YYYY-MM-DD' */
  payment_date: string;
  payment_count: number;
  amount: number;
}

export interface StudentBillingReportPaymentType {
  ptype: number;
  label: string;
  payment_count: number;
  amount: number;
}

/** `GET /api/report-student-billing`. */
export interface StudentBillingReport {
  /** The day the aging is measured from ('YYYY-MM-DD', the branch's time zone). */
  today: string;
  summary: ReportMoney &
    ReportAging &
    ReportRate & { bill_count: number; student_count: number; received: number; payment_count: number };
  classes: StudentBillingReportClass[];
  class_months: StudentBillingReportClassMonth[];
  days: StudentBillingReportDay[];
  payment_types: StudentBillingReportPaymentType[];
}

/** A row of `GET /api/report-student-billing-students`: one student in one class with something in arrears. */
export interface StudentBillingReportStudent extends ReportAging {
  student_id: number;
  name: string;
  nis: string | null;
  department_id: number;
  class_id: number;
  class_name: string;
  /** Confirmed bills with something still owed (any month of the filter). */
  unpaid_bill_count: number;
  /** The oldest such bill's month ('YYYY-MM'). */
  oldest_mm: string;
  /** The earliest due date of those bills ('YYYY-MM-DD') and how many days it is past (0: due today). */
  oldest_due_date: string;
  overdue_days: number;
}
export type StudentBillingReportStudentPage = Paged<StudentBillingReportStudent>;

/** A row of `GET /api/report-prospective-billing`: one event. */
export interface ProspectiveBillingReportEvent {
  psb_event_id: number;
  code: string;
  name: string;
  department_name: string;
  yoe: number;
  /** Prospects with a bill; paid + partly_paid + unpaid = billed_count. */
  billed_count: number;
  paid_count: number;
  partly_paid_count: number;
  unpaid_count: number;
  /** total_amount - total_discount - total_bail. */
  billed: number;
  received: number;
  outstanding: number;
}

export interface ProspectiveBillingReport {
  events: ProspectiveBillingReportEvent[];
  totals: Omit<ProspectiveBillingReportEvent, 'psb_event_id' | 'code' | 'name' | 'department_name' | 'yoe'>;
}

/** A row of `GET /api/report-prospective-billing-unpaid`: a prospect who still owes something. */
export interface ProspectiveBillingReportUnpaid {
  psb_event_prospective_id: number;
  reg_number: string;
  name: string;
  registration_status: number;
  psb_event_code: string;
  psb_event_name: string;
  prospective_billing_id: number;
  bill_number: string;
  billed: number;
  received: number;
  outstanding: number;
}
export type ProspectiveBillingReportUnpaidPage = Paged<ProspectiveBillingReportUnpaid>;
